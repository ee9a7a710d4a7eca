// SPDX-License-Identifier: Apache-2.0
#include "analysis/producers.h"

#include <isl/aff.h>
#include <isl/flow.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "schedule/original_schedule.h"
#include "support/point_text.h"

namespace loopscape {
namespace {

const Access* write_of(const Statement& s) {
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Write) return &a;
  return nullptr;
}

ExprPtr int_expr(long v) { return Expr::make(ExprKind::IntLiteral, std::to_string(v), {}, "int"); }

// sum + coefficient * variable, keeping the text readable (i - 1, not i + -1).
ExprPtr add_term(const ExprPtr& sum, long coefficient, const ExprPtr& variable) {
  if (coefficient == 0) return sum;
  const long magnitude = coefficient < 0 ? -coefficient : coefficient;
  ExprPtr term = variable ? (magnitude == 1 ? variable
                                            : Expr::make(ExprKind::Binary, "*", {int_expr(magnitude), variable}, "int"))
                          : int_expr(magnitude);
  if (!sum) return coefficient < 0 ? Expr::make(ExprKind::Unary, "-", {term}, "int") : term;
  return Expr::make(ExprKind::Binary, coefficient < 0 ? "-" : "+", {sum, term}, "int");
}

// "S1[0]" for some instance of `instances` (a statement's).
std::string instance_text(const isl::set& instances) {
  if (instances.is_empty()) return {};
  const char* name = isl_set_get_tuple_name(instances.get());
  return point_tuple(instances.sample_point(), name ? name : "", 0, static_cast<int>(instances.tuple_dim()));
}

}  // namespace

std::optional<isl::multi_aff> only_piece(const isl::pw_multi_aff& function) {
  const isl::pw_multi_aff f = function.coalesce();
  if (isl_pw_multi_aff_n_piece(f.get()) != 1) return std::nullopt;
  isl::multi_aff m;
  isl_pw_multi_aff_foreach_piece(
      f.get(),
      [](isl_set* set, isl_multi_aff* ma, void* user) {
        *static_cast<isl::multi_aff*>(user) = isl::manage(ma);
        isl_set_free(set);
        return isl_stat_ok;
      },
      &m);
  return m;
}

ExprPtr affine_expr(const isl::aff& aff, const std::vector<std::string>& inputs) {
  if (isl_aff_dim(aff.get(), isl_dim_div) != 0) return nullptr;
  isl::val denominator = isl::manage(isl_aff_get_denominator_val(aff.get()));
  if (!denominator.is_one()) return nullptr;
  ExprPtr sum;
  for (int k = 0; k < static_cast<int>(inputs.size()); ++k) {
    const long c = isl::manage(isl_aff_get_coefficient_val(aff.get(), isl_dim_in, k)).get_num_si();
    sum = add_term(sum, c, Expr::make(ExprKind::Iterator, inputs[static_cast<std::size_t>(k)], {}, "int"));
  }
  const int params = static_cast<int>(isl_aff_dim(aff.get(), isl_dim_param));
  for (int k = 0; k < params; ++k) {
    const long c = isl::manage(isl_aff_get_coefficient_val(aff.get(), isl_dim_param, k)).get_num_si();
    const char* name = isl_aff_get_dim_name(aff.get(), isl_dim_param, static_cast<unsigned>(k));
    sum = add_term(sum, c, Expr::make(ExprKind::Parameter, name ? name : "", {}, "int"));
  }
  const long constant = isl::manage(isl_aff_get_constant_val(aff.get())).get_num_si();
  sum = add_term(sum, constant, nullptr);
  return sum ? sum : int_expr(0);
}

std::vector<ReadOfValues> reads_of_values(const Program& program, const Statement& producer,
                                          const SourceLocation& where) {
  std::vector<ReadOfValues> out;
  const Access* written = write_of(producer);
  if (!written) return out;
  const std::string& array = written->array;
  program.isl().bounded("find the reads of " + producer.name + "'s values", [&] {
    const isl::schedule original = build_original_schedule(program);
    isl::union_map writes = isl::union_map::empty(program.ctx());
    for (const Statement& s : program.statements)
      for (const Access& a : s.accesses)
        if (a.kind == Access::Kind::Write && a.array == array)
          writes = writes.unite(isl::union_map(a.relation.intersect_domain(s.domain)));
    for (const Statement& reader : program.statements) {
      for (int k = 0; k < static_cast<int>(reader.accesses.size()); ++k) {
        const Access& read = reader.accesses[static_cast<std::size_t>(k)];
        if (read.kind != Access::Kind::Read || read.array != array) continue;
        const isl::map sink = read.relation.intersect_domain(reader.domain);
        isl::union_access_info info(sink);
        info = info.set_must_source(writes).set_schedule(original);
        const isl::union_map sources = info.compute_flow().must_dependence();
        const isl::union_map from_producer = sources.intersect_domain(isl::union_set(producer.domain));
        if (from_producer.is_empty()) continue;
        const isl::set readers = sink.domain().intersect_params(program.context);
        const isl::set fed = isl::set(from_producer.range().extract_set(reader.domain.space()));
        const isl::set others = readers.subtract(fed);
        if (!others.is_empty())
          throw InputError(where, reader.name + " reads " + array + " at " + read.where.str() + " from " +
                                      producer.name + " only for some instances; " + instance_text(others) +
                                      " reads a value that " + producer.name + " did not write");
        ReadOfValues r;
        r.reader = &reader;
        r.access = k;
        r.pairs = from_producer.reverse().extract_map(isl::manage(
            isl_space_map_from_domain_and_range(reader.domain.space().release(), producer.domain.space().release())));
        const std::optional<isl::multi_aff> piece =
            only_piece(isl::manage(isl_pw_multi_aff_from_map(r.pairs.copy())));
        if (!piece)
          throw InputError(where, "the instance of " + producer.name + " whose value " + reader.name +
                                      " reads at " + read.where.str() +
                                      " is not one affine function of its loops (it differs by region)");
        const isl::multi_aff& m = *piece;
        const std::vector<std::string> inputs = reader.iterators();
        for (int d = 0; d < static_cast<int>(m.size()); ++d) {
          ExprPtr e = affine_expr(m.at(d), inputs);
          if (!e)
            throw InputError(where, "the instance of " + producer.name + " whose value " + reader.name +
                                        " reads at " + read.where.str() + " needs a division of its loops");
          r.producer.push_back(e);
        }
        out.push_back(std::move(r));
      }
    }
  });
  return out;
}

}  // namespace loopscape
