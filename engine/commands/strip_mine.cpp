// SPDX-License-Identifier: Apache-2.0
#include "commands/strip_mine.h"

namespace loopscape {

CommandOutcome strip_mine(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                          const std::vector<std::size_t>& loop_args, const std::vector<std::size_t>& size_args,
                          const std::vector<std::size_t>& name_args, const std::string& verb) {
  const Program& program = ctx.program;
  const Statement& s = require_statement(program, call);
  EditNode root = to_edit_tree(schedule);
  const std::size_t k = loop_args.size();
  std::vector<StatementLoop> loops;
  std::vector<long> sizes;
  for (std::size_t a : loop_args) loops.push_back(resolve_loop(program, root, s, call.args[a]));
  for (std::size_t a : size_args) sizes.push_back(parse_positive_integer(call.args[a], "the " + verb + " size"));
  // Consecutive loops of the statement, outermost first.
  const std::vector<StatementLoop> all = statement_loops(program, root, s);
  auto index_of = [&](const StatementLoop& l) {
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].band == l.band && all[i].member == l.member) return static_cast<long>(i);
    return -1L;
  };
  for (std::size_t i = 1; i < k; ++i)
    if (index_of(loops[i]) != index_of(loops[0]) + static_cast<long>(i))
      throw InputError(call.args[loop_args[i]].where,
                       verb + " needs consecutive loops, outermost first: " + loops[i].name +
                           " is not the loop directly inside " + loops[i - 1].name);
  SameBand sb{loops[0].band, loops[0].member, loops[0].member, {}};
  std::vector<std::string> separated;
  if (k > 1) sb = bring_into_one_band(program, s, root, loops[0], loops[k - 1], verb, call.where, separated);
  const std::vector<std::string> statements = statements_reaching(program, root, sb.band);
  // Names.
  std::vector<std::string> old_names;
  for (const auto& l : loops) old_names.push_back(l.name);
  std::vector<std::string> names;
  if (name_args.empty()) {
    for (const auto& l : loops) names.push_back(l.name + "0");
    for (const auto& l : loops) names.push_back(l.name + "1");
    for (std::size_t i = 0; i < names.size(); ++i) {
      CommandArgument generated{names[i], call.where};
      try {
        check_new_loop_name(program, root, statements, generated, old_names, {names.begin(), names.begin() + static_cast<long>(i)});
      } catch (const InputError&) {
        throw InputError(call.where, "the default loop name '" + names[i] +
                                         "' is taken; give the new loop names explicitly");
      }
    }
  } else {
    for (std::size_t a : name_args) {
      check_new_loop_name(program, root, statements, call.args[a], old_names, names);
      names.push_back(call.args[a].text);
    }
  }
  EditNode& band = node_at(root, sb.band);
  std::vector<isl::union_pw_aff> m = band.members();
  std::vector<std::string> bnames = band.loop_names;
  bnames.resize(m.size());
  const auto first = static_cast<std::size_t>(sb.outer);
  std::vector<isl::union_pw_aff> nm(m.begin(), m.begin() + static_cast<long>(first));
  std::vector<std::string> nn(bnames.begin(), bnames.begin() + static_cast<long>(first));
  for (std::size_t i = 0; i < k; ++i) {
    nm.push_back(upa_floor_div(m[first + i], sizes[i]));
    nn.push_back(names[i]);
  }
  for (std::size_t i = 0; i < k; ++i) {
    nm.push_back(upa_mod(m[first + i], sizes[i]));
    nn.push_back(names[k + i]);
  }
  nm.insert(nm.end(), m.begin() + static_cast<long>(first + k), m.end());
  nn.insert(nn.end(), bnames.begin() + static_cast<long>(first + k), bnames.end());
  band.schedule = members_to_multi(nm);
  band.loop_names = nn;
  CommandOutcome out;
  out.changed_statements = statements;
  out.changed_statements.insert(out.changed_statements.end(), separated.begin(), separated.end());
  std::vector<std::string> size_text;
  for (long v : sizes) size_text.push_back(std::to_string(v));
  out.description = std::string(verb == "tile" ? "tiles" : "splits") + " loop" + (k > 1 ? "s " : " ") +
                    join(old_names) + " of " + band_description(program, root, sb.band) + " by " +
                    join(size_text, " x ") + " into " + join(names) + merge_text(sb) + separation_text(s, separated);
  if (k > 1) out.repair_hint = "tiling needs loops that can be interchanged: skew the inner loops by the outer ones first";
  out.schedule = to_schedule(root);
  return out;
}

}  // namespace loopscape
