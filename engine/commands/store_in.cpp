// SPDX-License-Identifier: Apache-2.0
// S.store_in(B [, {e1, e2, ...}]): S[i, j, ...] stores its value in
// B[e1][e2]... (default: B[i][j]...), Tiramisu's Layer III mapping. Recorded
// in the schedule (schedule/data_layout.h), replacing an earlier mapping of S.
// Checked: B is a name, with as many indices as an existing array B has
// dimensions; each index is an affine expression of S's iterators and the
// parameters; and the mapping never sends two instances of S that wrote
// different elements to the same element of B (that would overwrite values,
// a change of the computation rather than of its layout).
#include <isl/map.h>

#include "analysis/affine_text.h"
#include "commands/builtin_commands.h"
#include "commands/layout_support.h"
#include "commands/tag_support.h"
#include "schedule/data_layout.h"
#include "support/point_text.h"

namespace loopscape {
namespace {

class StoreInCommand : public CommandBase {
 public:
  std::string name() const override { return "store_in"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Array, "B", "the buffer")},
         {parameter(ParameterKind::List, "indices", "the indices {e1, e2, ...}")}}};
  }
  std::string summary() const override {
    return "Store the values of the statement in buffer B at B[e1][e2]... (default: its own iterators).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    return values_cannot_move(context.program, statement);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    using namespace tag_support;
    const Program& program = context.program;
    const Statement& s = require_statement(program, call);
    const std::string buffer = parse_identifier(call.args[0], "the buffer");
    if (program.find_statement(buffer))
      throw InputError(call.args[0].where, "'" + buffer + "' is a statement, not a buffer");
    std::vector<std::string> indices = call.args.size() == 2 ? parse_list(call.args[1]) : s.iterators();
    const SourceLocation where = call.args.size() == 2 ? call.args[1].where : call.where;
    if (const Array* a = program.find_array(buffer); a && a->extents.size() != indices.size())
      throw InputError(where, "array " + buffer + " has " + std::to_string(a->extents.size()) + " dimension" +
                                  (a->extents.size() == 1 ? "" : "s") + ", but " + std::to_string(indices.size()) +
                                  " ind" + (indices.size() == 1 ? "ex is" : "ices are") + " given");
    for (std::string& e : indices) {
      parse_affine(program, s, e, where, "the index");
      // One canonical spelling in the mark: no commas appear in affine text.
      while (!e.empty() && e.front() == ' ') e.erase(e.begin());
      while (!e.empty() && e.back() == ' ') e.pop_back();
    }
    require_relocatable(program, s, buffer, call.args[0].where, "storing the values of " + s.name + " in " + buffer);
    StorageMapping mapping{s.name, buffer, indices};
    CommandOutcome out;
    out.schedule = set_storage_mapping(schedule, mapping);
    // Instances that wrote different elements must not share one now.
    isl::map now = storage_relation(program, out.schedule, s.name);
    isl::map before;
    for (const Access& a : s.accesses)
      if (a.kind == Access::Kind::Write) {
        before = a.relation.intersect_domain(s.domain);
        break;
      }
    if (!before.is_null() && !now.is_null()) {
      isl::map merged = now.apply_range(now.reverse())
                            .subtract(before.apply_range(before.reverse()))
                            .intersect_params(program.context);
      if (!merged.is_empty()) {
        isl::point p = merged.wrap().sample_point();
        const int n = static_cast<int>(s.iterators().size());
        const std::string params = point_parameters(p, program.parameters);
        throw InputError(where, (params.empty() ? "" : "with " + params + ", ") + point_tuple(p, s.name, 0, n) +
                                    " and " + point_tuple(p, s.name, n, n) + " write different elements of " +
                                    std::string(isl_map_get_tuple_name(before.get(), isl_dim_out)) +
                                    " but would store into the same element of " + buffer +
                                    ": one value would overwrite the other (use an index for every loop that "
                                    "writes distinct elements)");
      }
    }
    out.description = "stores the values of " + s.name + "[" + join(s.iterators()) + "] in " + buffer + "[" +
                      join(indices, "][") + "]";
    out.changed_statements = {s.name};
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_store_in_command() { return std::make_unique<StoreInCommand>(); }

}  // namespace loopscape
