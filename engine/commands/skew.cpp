// SPDX-License-Identifier: Apache-2.0
// S.skew(L1, L2, f [, N1, N2]) and S.skew(L1, L2, a, b [, N1, N2]).
#include <cstdlib>

#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

// a*x + b*y = g = gcd(a, b), g >= 0.
long extended_gcd(long a, long b, long& x, long& y) {
  if (b == 0) {
    x = a >= 0 ? 1 : -1;
    y = 0;
    return std::labs(a);
  }
  long x1 = 0, y1 = 0;
  const long g = extended_gcd(b, a % b, x1, y1);
  x = y1;
  y = x1 - (a / b) * y1;
  return g;
}

class SkewCommand : public CommandBase {
 public:
  std::string name() const override { return "skew"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L1", "the outer loop"), loop_parameter("L2", "the inner loop, skewed"),
          integer_parameter("f", "the skew factor", "1")},
         {new_loop_parameter("N1", "the new outer loop"), new_loop_parameter("N2", "the new inner loop")}},
        {{loop_parameter("L1", "the outer loop"), loop_parameter("L2", "the inner loop"),
          integer_parameter("a", "the skew coefficient a", "1"),
          integer_parameter("b", "the skew coefficient b", "1")},
         {new_loop_parameter("N1", "the new outer loop"), new_loop_parameter("N2", "the new inner loop")}}};
  }
  std::string summary() const override {
    return "Skews inner loop L2 by outer loop L1: L2 becomes L2 + f*L1; the (a, b) form makes the outer loop "
           "a*L1 + b*L2 (gcd(a, b) = 1) and the inner one a unimodular complement. In a fused band every "
           "statement of the band is skewed. When L1 is shared with statements outside L2's band, only L2's "
           "band changes and the fusion under L1 stays; a skew that changes L1 itself first gives the "
           "statement loops of its own (the description says so). New names default to L1, L2.";
  }

  // The loop pointed at is L1, skewed by a loop inside it.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 2, true);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    const bool pair_form = call.args.size() == 4 || call.args.size() == 6;
    EditNode root = to_edit_tree(schedule);
    StatementLoop l1 = resolve_loop(program, root, s, call.args[0]);
    StatementLoop l2 = resolve_loop(program, root, s, call.args[1]);
    const bool ordered = l1.band.size() < l2.band.size() || (l1.band == l2.band && l1.member < l2.member);
    if (!ordered)
      throw InputError(call.args[1].where, "skew needs L1 outside L2: " + l2.name + " is not inside " + l1.name);
    long a = 1, b = 0, c = 0, d = 1;  // new outer = a*L1 + b*L2, new inner = c*L1 + d*L2
    std::string factors;
    if (pair_form) {
      a = parse_integer(call.args[2], "the skew coefficient a");
      b = parse_integer(call.args[3], "the skew coefficient b");
      long x = 0, y = 0;
      if (extended_gcd(a, b, x, y) != 1)
        throw InputError(call.args[3].where, "skew(a, b) needs gcd(a, b) = 1 so the transform is unimodular");
      // a*x + b*y = 1: the inner loop -y*L1 + x*L2 completes [[a, b], [-y, x]] (determinant 1).
      c = -y;
      d = x;
      factors = "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
    } else {
      c = parse_integer(call.args[2], "the skew factor");
      factors = std::to_string(c);
    }
    const std::size_t first_name = pair_form ? 4 : 3;
    // L1 stays as it is when only L2 changes: then a shared outer band (with a
    // sequence of statements between it and L2) keeps its fusion, and only
    // L2's band changes.
    if (a == 1 && b == 0 && l1.band != l2.band && sequence_between(root, l1.band, l2.band))
      return skew_inner_only(program, root, call, l1, l2, c, factors, first_name);
    std::vector<std::string> separated;
    SameBand sb = bring_into_one_band(program, s, root, l1, l2, "skew", call.where, separated);
    const std::vector<std::string> statements = statements_reaching(program, root, sb.band);
    std::vector<std::string> names{l1.name, l2.name};
    if (call.args.size() == first_name + 2) {
      names.clear();
      for (std::size_t k = first_name; k < first_name + 2; ++k) {
        check_new_loop_name(program, root, statements, call.args[k], {l1.name, l2.name}, names);
        names.push_back(call.args[k].text);
      }
    } else if (call.args.size() != first_name) {
      throw InputError(call.args.back().where, "skew takes two new loop names or none");
    }
    EditNode& band = node_at(root, sb.band);
    std::vector<isl::union_pw_aff> m = band.members();
    band.loop_names.resize(m.size());
    const auto o = static_cast<std::size_t>(sb.outer);
    const auto i = static_cast<std::size_t>(sb.inner);
    const isl::union_pw_aff x = m[o], y = m[i];
    if (pair_form) m[o] = upa_combine(x, a, y, b);
    m[i] = upa_combine(x, c, y, d);
    band.schedule = members_to_multi(m);
    // Name the members explicitly: a skewed member is no plain iterator any more.
    if (pair_form || call.args.size() == first_name + 2) band.loop_names[o] = names[0];
    band.loop_names[i] = names[1];
    CommandOutcome out;
    out.changed_statements = statements;
    out.changed_statements.insert(out.changed_statements.end(), separated.begin(), separated.end());
    out.description = "skews loop " + l2.name + " by " + l1.name + " (factor " + factors + ") in " +
                      band_description(program, root, sb.band) +
                      (names[0] != l1.name || names[1] != l2.name ? "; new loops " + join(names) : std::string()) +
                      merge_text(sb) + separation_text(s, separated);
    out.schedule = to_schedule(root);
    return out;
  }

 private:
  static bool sequence_between(const EditNode& root, const EditPath& outer, const EditPath& inner) {
    for (std::size_t k = outer.size() + 1; k < inner.size(); ++k) {
      const EditNode& n = node_at(root, EditPath(inner.begin(), inner.begin() + static_cast<long>(k)));
      if (n.kind == EditNode::Kind::Sequence || n.kind == EditNode::Kind::Set) return true;
    }
    return false;
  }

  // L2 becomes L2 + c*L1 in L2's own band, for every statement of that band;
  // the band of L1 (shared with statements elsewhere below it) is untouched.
  CommandOutcome skew_inner_only(const Program& program, EditNode& root, const CommandCall& call,
                                 const StatementLoop& l1, const StatementLoop& l2, long c, const std::string& factors,
                                 std::size_t first_name) const {
    const std::vector<std::string> statements = statements_reaching(program, root, l2.band);
    const std::vector<std::string> sharing = statements_reaching(program, root, l1.band);
    std::vector<std::string> names{l1.name, l2.name};
    if (call.args.size() == first_name + 2) {
      names.clear();
      // A new name for L1 renames the shared loop, for every statement sharing it.
      check_new_loop_name(program, root, sharing, call.args[first_name], {l1.name, l2.name}, names);
      names.push_back(call.args[first_name].text);
      check_new_loop_name(program, root, statements, call.args[first_name + 1], {l1.name, l2.name}, names);
      names.push_back(call.args[first_name + 1].text);
    } else if (call.args.size() != first_name) {
      throw InputError(call.args.back().where, "skew takes two new loop names or none");
    }
    isl::union_set spaces;
    for (const std::string& name : statements) {
      const isl::union_set u(isl::set::universe(program.find_statement(name)->domain.space()));
      spaces = spaces.is_null() ? u : spaces.unite(u);
    }
    const isl::union_pw_aff outer = node_at(root, l1.band).member(l1.member).intersect_domain(spaces);
    if (names[0] != l1.name) {
      EditNode& ob = node_at(root, l1.band);
      ob.loop_names.resize(static_cast<std::size_t>(ob.n_member()));
      ob.loop_names[static_cast<std::size_t>(l1.member)] = names[0];
    }
    EditNode& band = node_at(root, l2.band);
    std::vector<isl::union_pw_aff> m = band.members();
    band.loop_names.resize(m.size());
    const auto i = static_cast<std::size_t>(l2.member);
    m[i] = upa_combine(outer, c, m[i], 1);
    band.schedule = members_to_multi(m);
    band.loop_names[i] = names[1];
    CommandOutcome out;
    out.changed_statements = statements;
    out.description = "skews loop " + l2.name + " by " + l1.name + " (factor " + factors + ") in " +
                      band_description(program, root, l2.band) + "; " + l1.name + " keeps its schedule" +
                      (sharing.size() > statements.size() ? " and stays shared with " + list_text(sharing) : "") +
                      (names[0] != l1.name ? "; loop " + l1.name + " is renamed " + names[0] +
                                                 (sharing.size() > 1 ? " for " + list_text(sharing) : "")
                                           : std::string()) +
                      (names[1] != l2.name ? "; new loop " + names[1] : std::string());
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_skew_command() { return std::make_unique<SkewCommand>(); }

}  // namespace loopscape
