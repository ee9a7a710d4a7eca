// SPDX-License-Identifier: Apache-2.0
// S.storage_fold(L, d): the dimension of S's buffer indexed by loop L (the
// index that is L plus a constant or parameters) is contracted to size d:
// element e is stored at e mod d. Recorded in the schedule
// (schedule/data_layout.h). Checked exactly (check_storage_folds): no
// instance of S may overwrite a folded element between the write of a value
// and a read of it in the current schedule. The buffer must be a temporary:
// folding an output array changes what remains in it.
#include <isl/aff.h>
#include <isl/map.h>

#include <algorithm>

#include "commands/builtin_commands.h"
#include "commands/layout_support.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"
#include "analysis/storage_fold_check.h"
#include "schedule/data_layout.h"

namespace loopscape {
namespace {

class StorageFoldCommand : public CommandBase {
 public:
  std::string name() const override { return "storage_fold"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop indexing the folded dimension"),
          size_parameter("d", "the fold size d", "2")}, {}}};
  }
  std::string summary() const override {
    return "Contract the buffer dimension indexed by loop L to size d (element e goes to e mod d).";
  }

  // The loop pointed at is the one folded along: one of the statement's
  // source loops, since the fold is recorded by source iterator.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    if (std::string why = values_cannot_move(context.program, statement); !why.empty()) return why;
    if (std::string why = preconditions::needs_loops(context, schedule, statement, loop, 1, false); !why.empty())
      return why;
    const std::vector<std::string> its = context.program.find_statement(statement)->iterators();
    if (!loop.empty() && std::find(its.begin(), its.end(), loop) == its.end())
      return loop + " is not a source loop of " + statement + " (" + join(its) + "): folds follow source loops";
    return "";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    const Program& program = context.program;
    const Statement& s = require_statement(program, call);
    const std::vector<std::string> its = s.iterators();
    const std::string loop = call.args[0].text;
    int it = -1;
    for (std::size_t k = 0; k < its.size(); ++k)
      if (its[k] == loop) it = static_cast<int>(k);
    if (it < 0)
      throw InputError(call.args[0].where, s.name + " has no source loop '" + loop + "' (its loops: " +
                                               join(its) + ")");
    const long factor = parse_positive_integer(call.args[1], "the fold size d");
    isl::map m = storage_relation(program, schedule, s.name);
    if (m.is_null()) throw InputError(call.where, s.name + " stores no value: there is nothing to fold");
    const std::string buffer = storage_buffer(program, schedule, s.name);
    require_relocatable(program, s, buffer, call.where, "folding " + buffer);
    // The buffer dimension whose index is loop + (constant or parameters).
    isl::multi_pw_aff index = isl::manage(isl_multi_pw_aff_from_pw_multi_aff(isl_pw_multi_aff_from_map(m.copy())));
    const int n = static_cast<int>(isl_multi_pw_aff_dim(index.get(), isl_dim_out));
    int dim = -1;
    for (int k = 0; k < n && dim < 0; ++k) {
      isl::pw_aff e = isl::manage(isl_multi_pw_aff_get_pw_aff(index.get(), k));
      isl::pw_aff var = isl::manage(isl_pw_aff_var_on_domain(
          isl_local_space_from_space(isl_pw_aff_get_domain_space(e.get())), isl_dim_set, static_cast<unsigned>(it)));
      isl::pw_aff rest = e.sub(var.intersect_domain(e.domain())).gist(e.domain());
      if (isl_pw_aff_involves_dims(rest.get(), isl_dim_in, 0, static_cast<unsigned>(its.size())) == isl_bool_false)
        dim = k;
    }
    if (dim < 0)
      throw InputError(call.args[0].where, "no dimension of " + s.name + "'s buffer " + buffer +
                                               " is indexed by loop " + loop + " (as " + loop +
                                               " plus a constant): there is no dimension to fold");
    CommandOutcome out;
    out.schedule = add_storage_fold(schedule, StorageFold{s.name, loop, factor, dim});
    std::vector<std::string> problems = check_storage_folds(program, context.dependences, out.schedule);
    if (!problems.empty()) throw InputError(call.args[1].where, problems.front());
    out.description = "folds dimension " + std::to_string(dim) + " of " + buffer + " (indexed by loop " + loop +
                      " of " + s.name + ") to size " + std::to_string(factor);
    out.changed_statements = {s.name};
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_storage_fold_command() { return std::make_unique<StorageFoldCommand>(); }

}  // namespace loopscape
