// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/local_copy.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <functional>

#include "analysis/access_box.h"
#include "codegen/common/loop_ast.h"
#include "support/error.h"

namespace loopscape {

namespace {

// A function over the loop dimensions as an expression over their names.
ExprPtr over_names(const Program& program, const isl::pw_aff& f, const std::vector<std::string>& names) {
  isl_pw_aff* p = f.copy();
  isl_ctx* ctx = program.ctx().get();
  const unsigned n = static_cast<unsigned>(isl_pw_aff_dim(p, isl_dim_in));
  for (unsigned k = 0; k < n; ++k)
    p = isl_pw_aff_set_dim_id(p, isl_dim_in, k, isl_id_alloc(ctx, names.at(k).c_str(), nullptr));
  p = isl_pw_aff_move_dims(p, isl_dim_param, static_cast<unsigned>(isl_pw_aff_dim(p, isl_dim_param)), isl_dim_in, 0, n);
  return expr_from_pw_aff(program, isl::manage(p));
}

ExprPtr membership(const Program& program, const isl::map& elements, std::vector<std::string> names) {
  const int rank = static_cast<int>(isl_map_dim(elements.get(), isl_dim_out));
  for (int d = 0; d < rank; ++d) names.push_back("ls_e" + std::to_string(d));
  const isl::set flat = isl::manage(isl_set_flatten(isl_map_wrap(elements.copy())));
  return condition_from_set(program, flat.coalesce(), names);
}

}  // namespace

long LocalCopy::bytes() const {
  long n = 1;
  for (long s : size) n *= s;
  return n * element_bytes(element_type);
}

ExprPtr LocalCopy::scanned_access() const {
  std::vector<ExprPtr> element;
  for (std::size_t d = 0; d < size.size(); ++d)
    element.push_back(Expr::make(ExprKind::Iterator, "ls_e" + std::to_string(d), {}, "int"));  // the copy loops'
  return Expr::make(ExprKind::Access, array, element, element_type);
}

std::string LocalCopy::extents_text() const {
  std::string s;
  for (std::size_t p = 0; p < size.size(); ++p) s += "[" + std::to_string(size[dimension_at(p)]) + "]";
  return s;
}

std::string LocalCopy::element_text() const {
  std::string s = name;
  for (std::size_t p = 0; p < size.size(); ++p) {
    const std::size_t d = dimension_at(p);
    s += "[ls_e" + std::to_string(d) + " - " + lower_name(d) + "]";
  }
  return s;
}

ExprPtr LocalCopy::in_copy(const ExprPtr& access) const {
  auto copy = std::make_shared<Expr>(*access);
  for (std::size_t p = 0; p < copy->args.size(); ++p) {
    const std::size_t d = dimension_at(p);
    copy->args[p] = Expr::make(ExprKind::Binary, "-",
                               {access->args.at(d), Expr::make(ExprKind::Variable, lower_name(d), {}, "int")}, "int");
  }
  copy->text = name;
  return copy;
}

std::string copy_tag_array(const LoopTag& tag) { return tag.args.empty() ? std::string() : tag.args[0]; }

std::vector<int> copy_tag_order(const LoopTag& tag) {
  std::vector<int> order;
  for (std::size_t k = 1; k < tag.args.size(); ++k) order.push_back(std::stoi(tag.args[k]));
  return order;
}

std::optional<isl::schedule_node> band_of_tagged_loop(const isl::schedule& schedule, const LoopTag& tag,
                                                      const LoopNode& loop,
                                                      const std::vector<const LoopNode*>& enclosing) {
  const std::function<const LoopNode*(const LoopNode&)> first_statement = [&](const LoopNode& n) -> const LoopNode* {
    if (n.kind == LoopNodeKind::User && n.statement_index >= 0) return &n;
    for (const auto& c : n.children)
      if (const LoopNode* u = first_statement(*c)) return u;
    return nullptr;
  };
  const LoopNode* user = first_statement(loop);
  if (!user) return std::nullopt;
  // The same tag on loops around this one (a copy of the array made at an outer loop too) comes first.
  int outer = 0;
  for (const LoopNode* l : enclosing)
    for (const LoopTag& t : l->tags) outer += t == tag ? 1 : 0;
  return find_tagged_band(schedule, tag, user->statement, outer);
}

LocalCopy plan_local_copy(const Program& program, const isl::schedule_node& band, const std::string& array,
                          const std::vector<std::string>& iterators, const std::string& name, const std::string& what,
                          int level, std::vector<int> order) {
  const AccessBox box = access_box(program, band, array, what);
  if (box.loop_dimensions != static_cast<int>(iterators.size()))
    throw InputError(SourceLocation{}, what + ": the generated loops around the copy of " + array +
                                           " do not match the schedule's dimensions: copy it at another loop");
  LocalCopy out;
  out.array = array;
  out.element_type = box.element_type;
  out.name = level > 0 ? name + "_" + std::to_string(level) : name;
  out.level = level;
  if (order.size() == box.size.size()) out.order = std::move(order);
  out.size = box.size;
  program.isl().bounded(what + ": print the copy of " + array, [&] {
    for (const isl::pw_aff& lo : box.lower) out.lower.push_back(over_names(program, lo, iterators));
    if (!box.fills_whole_box) out.touched = membership(program, box.filled, iterators);
    out.writes = box.written.has_value();
    if (box.written && !box.written_fills_box) out.written = membership(program, *box.written, iterators);
  });
  return out;
}

}  // namespace loopscape
