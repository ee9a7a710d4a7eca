// SPDX-License-Identifier: Apache-2.0
#include "commands/communication.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cctype>

#include "analysis/affine_text.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"
#include "schedule/data_layout.h"

namespace loopscape {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string strip(const std::string& s) {
  std::size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// The properties, one per group, in a fixed order.
std::vector<std::string> parse_properties(const CommandArgument& arg) {
  static const std::vector<std::vector<std::string>> groups = {
      {"sync", "async"}, {"block", "nonblock"}, {"mpi", "cuda"}, {"cpu2cpu", "cpu2gpu", "gpu2cpu", "gpu2gpu"}};
  std::vector<std::string> chosen(groups.size());
  for (const std::string& raw : tag_support::parse_list(arg)) {
    std::string p = lower(raw);
    if (p == "blocking") p = "block";
    if (p == "nonblocking") p = "nonblock";
    bool known = false;
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (std::find(groups[g].begin(), groups[g].end(), p) != groups[g].end()) {
        known = true;
        if (!chosen[g].empty() && chosen[g] != p)
          throw InputError(arg.where, "the properties " + chosen[g] + " and " + p + " contradict each other");
        chosen[g] = p;
      }
    if (!known)
      throw InputError(arg.where, "unknown transfer property '" + raw +
                                      "' (known: sync, async, block, nonblock, mpi, cuda, cpu2cpu, cpu2gpu, gpu2cpu, "
                                      "gpu2gpu)");
  }
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (chosen[g].empty()) chosen[g] = groups[g][0];
  if (chosen[2] == "mpi" && chosen[3] != "cpu2cpu")
    throw InputError(arg.where, "an MPI transfer goes between CPUs (cpu2cpu), not " + chosen[3]);
  return chosen;
}

}  // namespace

std::string transfer_unavailable(const CommandContext& context, const isl::schedule& schedule,
                                 const std::string& statement, const std::string& loop) {
  const preconditions::Place place = preconditions::locate(context, schedule, statement, loop);
  if (!place.problem.empty()) return place.problem;
  if (std::string why = preconditions::too_few_loops(place, 1, false); !why.empty()) return why;
  if (preconditions::has_tag(context, schedule, *place.statement, "node", place.depth)) return "";
  if (place.depth < 0) return statement + " has no distributed loop: distribute one first";
  return "loop " + loop + " of " + statement + " is not inside a distributed loop: distribute one first";
}

std::vector<CommandSyntax> transfer_syntaxes(bool send) {
  return {{{loop_parameter("L", "the loop over ranks"),
            parameter(ParameterKind::Expression, send ? "src" : "dst",
                      send ? "the buffer element sent, B[e1][e2]" : "the buffer element received, B[e1][e2]"),
            parameter(ParameterKind::Expression, "s", "the message size"),
            parameter(ParameterKind::Expression, "q", send ? "the destination rank" : "the source rank")},
           {parameter(ParameterKind::List, "props", "the properties {sync, ...}")}}};
}

CommandOutcome record_transfer(const CommandContext& context, const CommandCall& call,
                               const isl::schedule& schedule, bool send) {
  using namespace tag_support;
  const Program& program = context.program;
  const Statement& s = require_statement(program, call);
  const TagLoop loop = resolve_tag_loop(program, schedule, s, call.args[0]);

  // The rank loop: distributed, at L or around it.
  int rank_depth = -1;
  for (const auto& [depth, t] : statement_tags(program, schedule, s))
    if (t.kind == "node" && depth <= loop.depth) rank_depth = depth;
  if (rank_depth < 0)
    throw InputError(call.args[0].where, call.command + " exchanges data between ranks, but loop " +
                                             call.args[0].text + " of " + s.name +
                                             " is not inside a distributed loop: call " + s.name +
                                             ".distribute(...) on the rank loop first");

  // The buffer (element).
  const CommandArgument& buf = call.args[1];
  std::string text = strip(buf.text);
  const std::size_t bracket = text.find('[');
  const std::string buffer = strip(text.substr(0, bracket));
  std::vector<std::string> indices;
  if (bracket != std::string::npos) {
    std::string rest = text.substr(bracket);
    while (!rest.empty()) {
      if (rest[0] != '[') throw InputError(buf.where, "malformed buffer element '" + buf.text + "': expected B[e1][e2]");
      const std::size_t close = rest.find(']');
      if (close == std::string::npos) throw InputError(buf.where, "unterminated index in '" + buf.text + "'");
      indices.push_back(strip(rest.substr(1, close - 1)));
      rest = strip(rest.substr(close + 1));
    }
  }
  parse_identifier(CommandArgument{buffer, buf.where}, "the buffer");
  const Array* array = program.find_array(buffer);
  bool known = array != nullptr;
  for (const StorageMapping& m : data_layout(schedule).mappings) known = known || m.buffer == buffer;
  if (!known) throw InputError(buf.where, "there is no buffer named '" + buffer + "'");
  if (array && !indices.empty() && indices.size() != array->extents.size())
    throw InputError(buf.where, "array " + buffer + " has " + std::to_string(array->extents.size()) +
                                    " dimensions, but " + std::to_string(indices.size()) + " indices are given");
  for (const std::string& e : indices) parse_affine(program, s, e, buf.where, "the index");

  // The size.
  const CommandArgument& size = call.args[2];
  if (looks_like_integer(size.text)) parse_positive_integer(size, "the message size s");
  else parse_affine(program, s, size.text, size.where, "the message size");

  // The peer rank.
  const CommandArgument& peer = call.args[3];
  isl::pw_aff q = parse_affine(program, s, peer.text, peer.where, send ? "the destination rank" : "the source rank");
  const TagLoop rank = [&] {
    const std::vector<StatementLoop> loops = loops_of(program, schedule, s);
    return resolve_tag_loop(program, schedule, s, CommandArgument{loops.at(rank_depth).name, call.where});
  }();
  if (rank.iterator >= 0) {
    isl::set dom = s.domain.intersect_params(program.context);
    isl::pw_aff r = isl::manage(isl_pw_aff_var_on_domain(
        isl_local_space_from_space(isl_pw_aff_get_domain_space(q.get())), isl_dim_set, unsigned(rank.iterator)));
    isl::set self = q.eq_set(r).intersect(dom);
    if (isl_set_is_equal(self.get(), dom.get()) == isl_bool_true)
      throw InputError(peer.where, "rank " + peer.text + " is always the rank itself (loop " + rank.loop.name +
                                       "): a " + call.command + " needs another rank");
    // Some instance must name a valid rank: q(x) is a value the rank loop takes.
    isl::set ranks = isl::manage(isl_map_from_pw_aff(r.copy())).intersect_domain(dom).range();
    isl::set valid = isl::manage(isl_map_from_pw_aff(q.copy())).intersect_domain(dom).intersect_range(ranks).domain();
    if (valid.is_empty())
      throw InputError(peer.where, "rank " + peer.text + " is never a rank of loop " + rank.loop.name + " of " +
                                       s.name + ": nothing would be " + (send ? "sent" : "received"));
  }

  std::vector<std::string> props =
      call.args.size() == 5 ? parse_properties(call.args[4]) : parse_properties(CommandArgument{"{}", call.where});
  std::string element = buffer;
  for (const std::string& e : indices) element += "[" + e + "]";
  LoopTag tag{send ? "send" : "receive", {s.name, element, strip(size.text), strip(peer.text), join(props, "|")}};
  CommandOutcome out;
  out.schedule = tag_support::tag(loop.loop, tag);
  out.description = std::string(send ? "sends " : "receives ") + strip(size.text) + " element(s) " +
                    (send ? "of " : "into ") + element + (send ? " to rank " : " from rank ") + strip(peer.text) +
                    " (" + join(props, ", ") + ") at each iteration of " + loop_phrase(loop, s);
  out.changed_statements = {s.name};
  return out;
}

}  // namespace loopscape
