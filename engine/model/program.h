// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer I: the program a scop region describes: statements, domains, accesses, arrays.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/expr.h"
#include "support/error.h"
#include "support/isl_context.h"

namespace loopscape {

struct Array {
  std::string name;
  std::string element_type;          // "double", "float", "int", "char", ...
  std::vector<std::string> extents;  // C expressions, outermost first (macro-expanded: "1000", "n")
  bool declared_in_region = false;   // a scalar declared inside the scop (private temporary)
  SourceLocation declared_at;
  // No code after the region can see its values: declared in the region, or a
  // local variable of the function that nothing after the region uses. Only
  // temporaries may be inlined away, re-mapped or folded (Layer III).
  bool temporary = false;
  bool is_scalar() const { return extents.empty(); }
};

struct Access {
  enum class Kind { Read, Write };
  Kind kind = Kind::Read;
  std::string array;
  isl::map relation;  // S0[i, j] -> A[i, j + 1]
  SourceLocation where;
  // Made only when the statement's guard holds (Statement::guard), or of
  // unknown elements (a subscript that reads data, `a[ip[i]]`: the relation
  // holds every element the subscript may reach): the dependences it takes
  // part in are "may" dependences.
  bool conditional = false;
};

// One loop around a statement, outermost first.
struct Loop {
  std::string iterator;  // source name
  int id = 0;            // unique per loop in the region: statements in one loop share it
  int step = 1;          // signed: -1 for decreasing loops
  SourceLocation where;
};

struct Statement {
  std::string name;  // S0, S1, ... or the C label in front of it
  std::vector<Loop> loops;
  // Textual position among siblings at each depth: position[d] is the index of
  // the statement's ancestor (loop or statement) inside loop d-1 (d=0: the region).
  std::vector<int> position;
  isl::set domain;  // S0[i, j] : 0 <= i < n and ...
  ExprPtr target;   // the written location (an Access expression)
  std::string assign_op;  // "=", "+=", "-=", "*=", "/=", ...
  ExprPtr value;          // the right-hand side
  // A condition on data (`b[i] > 0.`) under which the statement runs; null
  // when it always runs in its domain. Its reads are accesses of the
  // statement. A guarded statement also reads the element it writes: where
  // the guard fails the element keeps its value, so the model is the exact
  // `target = guard ? value : target`, and the dependences never miss one.
  ExprPtr guard;
  std::vector<Access> accesses;
  SourceLocation where;
  std::string source_text;  // the statement as written, for display
  // How a host-language program described the domain, when it says more than
  // the isl set (lappy's set-expression tree with labelled inames); empty for C.
  std::string domain_description;

  std::vector<std::string> iterators() const;
};

struct ScopRegion {
  unsigned begin_line = 0;  // line of `#pragma scop` (or of the function body's `{`)
  unsigned end_line = 0;    // line of `#pragma endscop` (or of the function body's `}`)
  std::size_t begin_offset = 0;  // byte range in the file that generated code replaces
  std::size_t end_offset = 0;
  std::string function;           // function that holds the region
  bool whole_function_body = false;
};

// Options a compiler would get, as given to the front-end.
struct CompileOptions {
  std::vector<std::string> defines;       // "N=100" or "DEBUG"
  std::vector<std::string> include_dirs;
  std::vector<std::string> extra_sources;  // e.g. utilities/polybench.c (for the runner)
  std::string function;                    // --function NAME: use the whole function body
};

class Program {
  // First member: destroyed after every isl object below.
  std::shared_ptr<IslContext> isl_;

 public:
  explicit Program(std::shared_ptr<IslContext> isl);
  Program(Program&&) = default;
  Program& operator=(Program&&) = default;
  ~Program();
  // An explicit copy (sharing the isl context), for the printers' rewritten
  // view of a program (codegen/common/data_layout_rewrite.h); never copied by accident.
  Program clone() const { return Program(*this); }

  IslContext& isl() const { return *isl_; }
  const std::shared_ptr<IslContext>& isl_ptr() const { return isl_; }
  isl::ctx ctx() const { return isl_->ctx(); }

  std::string file;         // path as given
  std::string source_text;  // the whole file
  CompileOptions options;
  ScopRegion region;
  std::vector<std::string> parameters;  // integer symbolic constants, in isl parameter order
  isl::set context;                     // constraints on the parameters (universe by default)
  std::vector<Array> arrays;
  std::vector<Statement> statements;
  // Integer scalars of the region whose reads were all replaced by closed forms
  // in the iterators (`j = i + 1`, `k++`, `im1 = i`) and whose assignments
  // were then dropped, since no code after the region sees them.
  std::vector<std::string> closed_form_scalars;

  int statement_index(const std::string& name) const;  // -1 when none
  const Statement* find_statement(const std::string& name) const;
  const Array* find_array(const std::string& name) const;
  isl::union_set domains() const;
  isl::union_map reads() const;
  isl::union_map writes() const;

 private:
  Program(const Program&) = default;
};

}  // namespace loopscape
