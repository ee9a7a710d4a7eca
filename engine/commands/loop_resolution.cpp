// SPDX-License-Identifier: Apache-2.0
#include "commands/loop_resolution.h"

#include <isl/aff.h>
#include <isl/schedule.h>
#include <isl/space.h>
#include <isl/union_set.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "commands/degenerate_nodes.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"

namespace loopscape {

int member_iterator(const EditNode& band, int member, const Statement& s, bool* reversed) {
  if (!band.is_band() || member < 0 || member >= band.n_member()) return -1;
  isl::union_pw_aff upa = band.member(member);
  isl_space* space = isl_space_add_dims(isl_space_from_domain(s.domain.space().release()), isl_dim_out, 1);
  const std::optional<SignedIterator> it =
      signed_iterator(isl::manage(isl_union_pw_aff_extract_pw_aff(upa.copy(), space)));
  if (!it) return -1;
  if (reversed) *reversed = it->negated;
  return it->index;
}

namespace {
isl::set statement_part(const isl::union_set& instances, const Statement& s) {
  return isl::manage(isl_union_set_extract_set(instances.copy(), s.domain.space().release()));
}

// `instances`: those of `s` reaching `n`'s parent, cut by each filter on the
// way down (by the statement's space: intersecting whole union sets at every
// node made the walk cubic in the number of statements).
void collect(const Program& program, const EditNode& n, const Statement& s, isl::set instances,
             EditPath& path, std::vector<StatementLoop>& out) {
  if (n.kind == EditNode::Kind::Filter) instances = instances.intersect(statement_part(n.set, s));
  if (n.kind == EditNode::Kind::Domain) instances = statement_part(n.set, s);
  if (instances.is_empty()) return;
  if (n.is_band()) {
    for (int m = 0; m < n.n_member(); ++m) {
      StatementLoop l;
      l.band = path;
      l.member = m;
      l.iterator = member_iterator(n, m, s, &l.reversed);
      const std::string created = m < static_cast<int>(n.loop_names.size()) ? n.loop_names[m] : "";
      if (!created.empty()) {
        l.name = created;
        l.created = true;
      } else if (l.iterator >= 0 && l.iterator < static_cast<int>(s.loops.size())) {
        l.name = s.loops[static_cast<std::size_t>(l.iterator)].iterator;
      }
      out.push_back(l);
    }
  }
  for (std::size_t k = 0; k < n.children.size(); ++k) {
    path.push_back(static_cast<int>(k));
    collect(program, n.children[k], s, instances, path, out);
    path.pop_back();
  }
}
}  // namespace

std::vector<StatementLoop> statement_loops(const Program& program, const EditNode& root, const Statement& statement) {
  std::vector<StatementLoop> out;
  EditPath path;
  collect(program, root, statement, root.set.is_null() ? statement.domain : statement_part(root.set, statement), path,
          out);
  return out;
}

StatementLoop resolve_loop(const Program& program, const EditNode& root, const Statement& statement,
                           const CommandArgument& loop) {
  std::vector<StatementLoop> loops = statement_loops(program, root, statement);
  for (const StatementLoop& l : loops)
    if (!l.name.empty() && l.name == loop.text) return l;
  std::vector<std::string> names;
  for (const StatementLoop& l : loops) names.push_back(l.name.empty() ? "(unnamed)" : l.name);
  std::string msg = statement.name + " has no loop '" + loop.text + "'";
  msg += names.empty() ? std::string("; it is in no loop") : "; its loops are " + join(names) + " (outermost first)";
  throw InputError(loop.where, msg);
}

ResolvedBandMember resolve_band_member(const Program& program, const isl::schedule& schedule,
                                       const Statement& statement, const CommandArgument& loop) {
  ResolvedBandMember r;
  program.isl().bounded("resolve loop " + loop.text + " of " + statement.name, [&] {
    EditNode root = to_edit_tree(schedule);
    StatementLoop l = resolve_loop(program, root, statement, loop);
    r.band = isl_node_at(schedule, l.band);
    r.member = l.member;
    r.name = l.name;
    r.statements = statements_reaching(program, root, l.band);
    r.band_name = edit_node_name(root, l.band);
  });
  return r;
}

bool is_statement(const Program& program, const std::string& name) {
  return program.find_statement(name) != nullptr;
}

const Statement& require_statement(const Program& program, const CommandCall& call) {
  const Statement* s = program.find_statement(call.target);
  if (s) return *s;
  std::vector<std::string> names;
  for (const Statement& st : program.statements) names.push_back(st.name);
  throw InputError(call.where, "'" + call.target + "' is not a statement of the program (statements: " +
                                   join(names) + ")");
}

bool looks_like_integer(const std::string& text) {
  std::size_t k = 0;
  while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
  if (k < text.size() && (text[k] == '-' || text[k] == '+')) ++k;
  std::size_t digits = 0;
  while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k, ++digits;
  while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
  return digits > 0 && k == text.size();
}

long parse_integer(const CommandArgument& argument, const std::string& what) {
  if (!looks_like_integer(argument.text))
    throw InputError(argument.where, what + " must be an integer, not '" + argument.text + "'");
  errno = 0;
  const long v = std::strtol(argument.text.c_str(), nullptr, 10);
  if (errno == ERANGE || v > (1L << 30) || v < -(1L << 30))
    throw InputError(argument.where, what + " '" + argument.text + "' is out of range");
  return v;
}

long parse_positive_integer(const CommandArgument& argument, const std::string& what) {
  const long v = parse_integer(argument, what);
  if (v <= 0) throw InputError(argument.where, what + " must be positive, not " + argument.text);
  return v;
}

std::string parse_identifier(const CommandArgument& argument, const std::string& what) {
  if (!is_valid_node_name(argument.text))
    throw InputError(argument.where, what + " must be a name ([A-Za-z_][A-Za-z0-9_]*), not '" + argument.text + "'");
  return argument.text;
}

SourceLocation argument_location(const CommandCall& call, std::size_t k) {
  return k < call.args.size() ? call.args[k].where : call.where;
}

std::string band_description(const Program& program, const EditNode& root, const EditPath& band) {
  std::vector<std::string> st = statements_reaching(program, root, band);
  const std::string name = edit_node_name(root, band);
  std::string s = list_text(st);
  if (st.size() > 1) s += name.empty() ? " (fused band)" : " (fused band " + name + ")";
  else if (!name.empty()) s += " (band " + name + ")";
  return s;
}

CommandOutcome CommandBase::apply(const CommandContext& context, const CommandCall& call,
                                  const isl::schedule& schedule) const {
  if (target() == CommandTarget::Node && context.program.find_statement(call.target))
    throw InputError(call.where, call.command + " works on a named schedule-tree node, and " + call.target +
                                     " is a statement: name the band of one of its loops first (" + call.target +
                                     ".name(L, NEW)), then call NEW." + call.command + "(...)");
  check_arguments(call, syntaxes());
  CommandOutcome out;
  context.program.isl().bounded(call.script_text(), [&] {
    out = run(context, call, schedule);
    out.schedule = without_degenerate_nodes(out.schedule);
  });
  if (isl_schedule_plain_is_equal(out.schedule.get(), schedule.get()) == isl_bool_true)
    throw InputError(call.where, call.script_text() + " would change nothing: the schedule stays as it is" +
                                     (out.description.empty() ? std::string() : " (it " + out.description + ")"));
  return out;
}

}  // namespace loopscape
