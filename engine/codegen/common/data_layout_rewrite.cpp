// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/data_layout_rewrite.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/schedule.h>

#include <algorithm>
#include <functional>
#include <set>

#include "analysis/producers.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/loop_ast.h"
#include "schedule/data_layout.h"

namespace loopscape {
namespace {

// `e` with every Access node of statement access `access` replaced by make(node).
ExprPtr replace_access(const ExprPtr& e, int access, const std::function<ExprPtr(const Expr&)>& make) {
  if (!e) return e;
  if (e->kind == ExprKind::Access && e->access_index == access) return make(*e);
  return with_operands_rewritten(e, [&](const ExprPtr& a) { return replace_access(a, access, make); });
}

ExprPtr access_expr(const std::string& array, std::vector<ExprPtr> indices, const Expr& like) {
  auto e = std::make_shared<Expr>(like);
  e->text = array;
  e->args = std::move(indices);
  return e;
}

// The subscripts `place` (instances of a statement with iterators `inputs`
// -> buffer elements) gives, with the folds of `folds` applied.
std::vector<ExprPtr> subscripts(const Program& program, const isl::map& place, const std::vector<std::string>& inputs,
                                const std::vector<StorageFold>& folds, const std::string& what) {
  std::vector<ExprPtr> out;
  program.isl().bounded(what, [&] {
    const std::optional<isl::multi_aff> ma = only_piece(isl::manage(isl_pw_multi_aff_from_map(place.copy())));
    if (!ma) throw InputError(SourceLocation{}, what + " differs by region");
    for (int d = 0; d < static_cast<int>(ma->size()); ++d) {
      ExprPtr e = affine_expr(ma->at(d), inputs);
      if (!e) throw InputError(SourceLocation{}, what + " needs a division");
      out.push_back(e);
    }
  });
  for (const StorageFold& f : folds) {
    if (f.dimension < 0 || f.dimension >= static_cast<int>(out.size())) continue;
    ExprPtr& index = out[static_cast<std::size_t>(f.dimension)];
    index = f.factor == 1 ? Expr::make(ExprKind::IntLiteral, "0", {}, "int")
                          : Expr::make(ExprKind::Binary, "%", {index, Expr::make(ExprKind::IntLiteral, std::to_string(f.factor))}, "int");
  }
  return out;
}

// A buffer that store_in names and the region does not use: declared by the
// generated code, as large as the elements the statement stores need.
Array new_buffer(const Program& program, const isl::schedule& schedule, const DataLayout& layout, const Statement& s,
                 const std::string& buffer) {
  Array a;
  a.name = buffer;
  if (const Array* own = s.target ? program.find_array(s.target->text) : nullptr) a.element_type = own->element_type;
  a.declared_in_region = true;
  a.temporary = true;
  program.isl().bounded("the size of " + buffer, [&] {
    isl::set stored = storage_relation(program, schedule, s.name).range();
    if (!program.context.is_null()) stored = stored.intersect_params(program.context);
    const int n = static_cast<int>(stored.tuple_dim());
    for (int d = 0; d < n; ++d) {
      auto fold = std::find_if(layout.folds.begin(), layout.folds.end(),
                               [&](const StorageFold& f) { return f.statement == s.name && f.dimension == d; });
      if (fold != layout.folds.end()) {
        a.extents.push_back(std::to_string(fold->factor));
        continue;
      }
      const isl::pw_aff max = isl::manage(isl_set_dim_max(stored.copy(), d));
      const std::optional<isl::multi_aff> piece = only_piece(isl::pw_multi_aff(max));
      const ExprPtr extent =
          piece ? affine_expr(isl::manage(isl_aff_add_constant_si(piece->at(0).release(), 1)), {}) : nullptr;
      if (!extent)
        throw InputError(s.where, "the size of the new buffer " + buffer + " along dimension " + std::to_string(d) +
                                      " is not one affine expression of the parameters; declare " + buffer +
                                      " in the function and use it in the region");
      a.extents.push_back(print_c_expr(*extent));
    }
  });
  return a;
}

isl::map write_relation(const Statement& s) {
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Write) return a.relation.intersect_domain(s.domain);
  return {};
}

Statement& statement_of(Program& program, const std::string& name) {
  return program.statements.at(static_cast<std::size_t>(program.statement_index(name)));
}

}  // namespace

std::optional<LaidOutProgram> apply_data_layout(const Program& program, const isl::schedule& schedule,
                                                const std::optional<isl::union_map>& dependences) {
  const DataLayout layout = data_layout(schedule);
  if (layout.mappings.empty() && layout.folds.empty() && layout.inlined.empty()) return std::nullopt;
  LaidOutProgram out{program.clone(), schedule, dependences};

  std::set<std::string> relocated;
  for (const StorageMapping& m : layout.mappings) relocated.insert(m.statement);
  for (const StorageFold& f : layout.folds) relocated.insert(f.statement);
  for (const std::string& name : relocated) {
    const Statement* s = program.find_statement(name);
    if (!s || !s->target) continue;
    std::vector<StorageFold> folds;
    for (const StorageFold& f : layout.folds)
      if (f.statement == name) folds.push_back(f);
    const isl::map place = storage_relation(program, schedule, name);
    const std::string buffer = storage_buffer(program, schedule, name);
    if (!out.program.find_array(buffer)) out.program.arrays.push_back(new_buffer(program, schedule, layout, *s, buffer));
    Statement& written = statement_of(out.program, name);
    written.target = access_expr(buffer, subscripts(program, place, s->iterators(), folds, "the storage of " + name), *s->target);
    for (const ReadOfValues& r : reads_of_values(program, *s, s->where)) {
      Statement& reader = statement_of(out.program, r.reader->name);
      const std::vector<ExprPtr> at = subscripts(program, r.pairs.apply_range(place), r.reader->iterators(), folds,
                                                 "the place " + r.reader->name + " reads " + name + "'s values at");
      for (ExprPtr* part : {&reader.value, &reader.guard})
        *part = replace_access(*part, r.access, [&](const Expr& read) { return access_expr(buffer, at, read); });
    }
  }

  // In program order, so that a statement inlined into another that is itself
  // inlined carries its expression along.
  std::vector<std::string> inlined = layout.inlined;
  std::sort(inlined.begin(), inlined.end(), [&](const std::string& a, const std::string& b) {
    return program.statement_index(a) < program.statement_index(b);
  });
  for (const std::string& name : inlined) {
    const Statement* s = program.find_statement(name);
    if (!s) continue;
    const ExprPtr value = statement_of(out.program, name).value;
    const std::vector<ReadOfValues> reads = reads_of_values(program, *s, s->where);
    for (const ReadOfValues& r : reads) {
      Statement& reader = statement_of(out.program, r.reader->name);
      const ExprPtr at = substitute_iterators(value, s->iterators(), r.producer);
      for (ExprPtr* part : {&reader.value, &reader.guard})
        *part = replace_access(*part, r.access, [&](const Expr&) { return at; });
    }
    // Its array is a temporary only it writes and nobody reads any more: no declaration.
    if (s->target) {
      auto& arrays = out.program.arrays;
      arrays.erase(std::remove_if(arrays.begin(), arrays.end(),
                                  [&](const Array& a) { return a.name == s->target->text && a.declared_in_region; }),
                   arrays.end());
    }
    program.isl().bounded("drop the inlined " + name, [&] {
      if (out.dependences) {
        // Its readers now read its inputs when they run: they take over its
        // dependences, except those through its own array, which is gone.
        // Both ways round (parallelism only asks whether a loop carries one).
        const isl::union_set gone(s->domain);
        const isl::union_map own_element(s->target ? write_relation(*s) : isl::map());
        isl::union_map through_array = isl::union_map::empty(program.ctx());
        for (const Statement& other : program.statements)
          for (const Access& a : other.accesses)
            if (!own_element.is_empty() && a.array == s->target->text)
              through_array = through_array.unite(
                  own_element.apply_range(isl::union_map(a.relation.intersect_domain(other.domain)).reverse()));
        const isl::union_map partners = out.dependences->intersect_domain(gone)
                                            .unite(out.dependences->intersect_range(gone).reverse())
                                            .subtract(through_array)
                                            .subtract(through_array.reverse());
        isl::union_map taken_over = isl::union_map::empty(program.ctx());
        for (const ReadOfValues& r : reads) taken_over = taken_over.unite(isl::union_map(r.pairs).apply_range(partners));
        out.dependences = out.dependences->subtract_domain(gone)
                              .subtract_range(gone)
                              .unite(taken_over)
                              .unite(taken_over.reverse());
      }
      isl::union_set rest = out.schedule.domain().subtract(isl::union_set(s->domain));
      out.schedule = isl::manage(isl_schedule_intersect_domain(out.schedule.release(), rest.release()));
    });
  }
  return out;
}

}  // namespace loopscape
