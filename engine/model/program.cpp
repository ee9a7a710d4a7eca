// SPDX-License-Identifier: Apache-2.0
#include "model/program.h"

namespace loopscape {

std::vector<std::string> Statement::iterators() const {
  std::vector<std::string> names;
  names.reserve(loops.size());
  for (const Loop& l : loops) names.push_back(l.iterator);
  return names;
}

Program::Program(std::shared_ptr<IslContext> isl) : isl_(std::move(isl)) {}
Program::~Program() = default;

int Program::statement_index(const std::string& name) const {
  for (std::size_t k = 0; k < statements.size(); ++k)
    if (statements[k].name == name) return static_cast<int>(k);
  return -1;
}

const Statement* Program::find_statement(const std::string& name) const {
  const int k = statement_index(name);
  return k < 0 ? nullptr : &statements[static_cast<std::size_t>(k)];
}

const Array* Program::find_array(const std::string& name) const {
  for (const Array& a : arrays)
    if (a.name == name) return &a;
  return nullptr;
}

isl::union_set Program::domains() const {
  isl::union_set all = isl::union_set::empty(ctx());
  for (const Statement& s : statements) all = all.unite(isl::union_set(s.domain));
  return all;
}

static isl::union_map accesses_of_kind(const Program& p, Access::Kind kind) {
  isl::union_map all = isl::union_map::empty(p.ctx());
  for (const Statement& s : p.statements)
    for (const Access& a : s.accesses)
      if (a.kind == kind) all = all.unite(isl::union_map(a.relation));
  return all;
}

isl::union_map Program::reads() const { return accesses_of_kind(*this, Access::Kind::Read); }
isl::union_map Program::writes() const { return accesses_of_kind(*this, Access::Kind::Write); }

}  // namespace loopscape
