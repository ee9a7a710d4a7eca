// SPDX-License-Identifier: Apache-2.0
#include "schedule/original_schedule.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_set.h>

#include <algorithm>
#include <memory>

#include "schedule/node_names.h"

namespace loopscape {
namespace {

// The loop structure of the region, recovered from Statement::loops/position.
struct Item {
  bool is_loop = false;
  int loop_id = -1;
  int depth = 0;        // loop depth (0 = outermost) for loops
  int step = 1;
  int statement = -1;   // for statement items
  int order = 0;        // textual position among siblings
  std::vector<std::unique_ptr<Item>> children;
  std::vector<int> statements;  // every statement below (or this one)
};

Item build_structure(const Program& p) {
  Item root;
  root.is_loop = true;
  for (int si = 0; si < static_cast<int>(p.statements.size()); ++si) {
    const Statement& s = p.statements[si];
    Item* node = &root;
    node->statements.push_back(si);
    auto pos = [&](std::size_t d) { return d < s.position.size() ? s.position[d] : 0; };
    for (std::size_t d = 0; d <= s.loops.size(); ++d) {
      if (d < s.loops.size()) {
        Item* next = nullptr;
        for (auto& c : node->children)
          if (c->is_loop && c->loop_id == s.loops[d].id) next = c.get();
        if (!next) {
          auto c = std::make_unique<Item>();
          c->is_loop = true;
          c->loop_id = s.loops[d].id;
          c->depth = static_cast<int>(d);
          c->step = s.loops[d].step;
          c->order = pos(d);
          next = c.get();
          node->children.push_back(std::move(c));
        }
        node = next;
        node->statements.push_back(si);
      } else {
        auto c = std::make_unique<Item>();
        c->statement = si;
        c->order = pos(d);
        c->statements.push_back(si);
        node->children.push_back(std::move(c));
      }
    }
  }
  // Sort children by textual position (stable: statement order breaks ties).
  std::vector<Item*> stack{&root};
  while (!stack.empty()) {
    Item* it = stack.back();
    stack.pop_back();
    std::stable_sort(it->children.begin(), it->children.end(),
                     [](const auto& a, const auto& b) { return a->order < b->order; });
    for (auto& c : it->children) stack.push_back(c.get());
  }
  return root;
}

isl::union_set domain_of(const Program& p, const Item& item) {
  isl::union_set u = isl::union_set::empty(p.ctx());
  for (int si : item.statements) u = u.unite(isl::union_set(p.statements[si].domain));
  return u;
}

// Partial schedule of a band whose members are `chain` (loops, outer first).
isl::multi_union_pw_aff band_schedule(const Program& p, const std::vector<const Item*>& chain) {
  isl_ctx* ctx = p.ctx().get();
  isl_union_pw_aff_list* list = isl_union_pw_aff_list_alloc(ctx, static_cast<int>(chain.size()));
  isl_space* params = nullptr;
  for (const Item* loop : chain) {
    isl::union_pw_aff upa;
    for (int si : loop->statements) {
      const Statement& s = p.statements[si];
      isl::space space = s.domain.space();
      if (!params) params = isl_space_params(space.copy());
      isl::aff var = isl::manage(isl_aff_var_on_domain(isl_local_space_from_space(space.copy()),
                                                       isl_dim_set, static_cast<unsigned>(loop->depth)));
      if (loop->step < 0) var = var.neg();
      isl::union_pw_aff piece = isl::union_pw_aff(isl::pw_aff(var));
      upa = upa.is_null() ? piece : upa.union_add(piece);
    }
    list = isl_union_pw_aff_list_add(list, upa.release());
  }
  isl_space* space = isl_space_set_from_params(params);
  space = isl_space_add_dims(space, isl_dim_set, static_cast<unsigned>(chain.size()));
  return isl::manage(isl_multi_union_pw_aff_from_union_pw_aff_list(space, list));
}

struct Builder {
  const Program& p;
  int next_band = 0;

  // Inserts the schedule of `children` (the body of a loop or the region) at
  // `node` (a leaf). Returns the node at the same position.
  isl::schedule_node body(isl::schedule_node node, const std::vector<std::unique_ptr<Item>>& children,
                          const std::string& name) {
    if (children.size() > 1) {
      isl::union_set_list filters(p.ctx(), static_cast<int>(children.size()));
      for (const auto& c : children) filters = filters.add(domain_of(p, *c));
      node = node.insert_sequence(filters);
      for (int k = 0; k < static_cast<int>(children.size()); ++k) {
        isl::schedule_node leaf = node.child(k).child(0);
        leaf = item(leaf, *children[k], {});
        node = leaf.parent().parent();
      }
      if (!name.empty()) node = set_node_name(node, name);
      return top_of_mark_chain(node);
    }
    if (children.size() == 1) return item(node, *children[0], name);
    if (!name.empty()) node = set_node_name(node, name);
    return top_of_mark_chain(node);
  }

  isl::schedule_node item(isl::schedule_node node, const Item& it, const std::string& name) {
    if (!it.is_loop) {
      if (!name.empty()) node = set_node_name(node, name);
      return top_of_mark_chain(node);
    }
    std::vector<const Item*> chain{&it};
    while (chain.back()->children.size() == 1 && chain.back()->children[0]->is_loop)
      chain.push_back(chain.back()->children[0].get());
    node = node.insert_partial_schedule(band_schedule(p, chain));
    const std::string band_name = name.empty() ? "C" + std::to_string(next_band++) : name;
    node = set_node_name(node, band_name);  // the band, below its mark
    isl::schedule_node leaf = node.child(0);
    leaf = body(leaf, chain.back()->children, {});
    return top_of_mark_chain(leaf.parent());
  }
};

}  // namespace

isl::schedule build_original_schedule(const Program& program) {
  isl::schedule result;
  program.isl().bounded("build the original schedule", [&] {
    Item root = build_structure(program);
    isl::union_set domain = program.domains();
    isl::schedule_node node = isl::schedule_node::from_domain(domain).child(0);
    Builder b{program};
    node = b.body(node, root.children, "R");
    result = node.schedule();
  });
  return result;
}

}  // namespace loopscape
