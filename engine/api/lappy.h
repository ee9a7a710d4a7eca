// SPDX-License-Identifier: Apache-2.0
#pragma once
// lappy's lazy arrays (spec 001) in C++: array expressions over symbolic
// shapes that become a loop program only when evaluated. What eval() returns
// is the engine's program model (model/program.h), built through Tiramisu's
// Layer I (api/tiramisu.h), so every schedule command, the legality check
// and every code target work on it unchanged.
//
//   using namespace loopscape::lappy;
//   Unsigned n("n");
//   ndarray k = arange(n);
//   program c = outer(sin(k), cos(k)).eval("c");   // for i, j: c[i, j] = sin(i) * cos(j)
//   std::cout << c.instructions() << c.domain_tree() << c.code("openmp");
//
// By default everything an array is made of is fused into the instruction
// that computes it, and reductions (sum, matmul) are realised there as Loopy
// realises them: an accumulator set to zero, then updated over the reduction
// iname. A pinned array (pin()) is a temporary computed inside its
// consumer's loops, where the consumer reads it; a CSE (pin_cse()) gets
// duplicated inames and is computed once, in loops of its own, before its
// consumers, as if evaluated separately and passed in.
//
// The loop domain is kept as a set expression (program::domain_tree()): an
// OR over instructions of ANDs over one piece per iname, { 0 <= i < n },
// each iname labelled (label(), kept through transposes). Each statement's
// Statement::domain_description holds that tree; its isl domain is the AND
// of its inames' pieces.
//
// Malformed use throws loopscape::InputError at the user's line and column:
// shapes that do not match, a shape string that does not parse, an extent
// that is not affine in the parameters, an axis an array does not have, a
// pinned array its consumer's loops cannot compute, names that clash.
#include <memory>
#include <string>
#include <vector>

#include "api/tiramisu.h"

namespace loopscape::lappy {

using where = tiramisu::where;
// An extent: an integer expression of Unsigned parameters and literals
// (n, 2 * n + 1). It may be non-affine (n * m) until it bounds a loop.
using extent = tiramisu::expr;

// A symbolic size, as the spec's Unsigned('n'): an isl parameter of every
// domain, an int argument of the generated C function.
class Unsigned : public tiramisu::expr {
 public:
  explicit Unsigned(std::string name, where at = where::current());
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

enum class dtype { float64, float32, int32, int64 };

namespace detail {
struct ArrayNode;
struct ProgramData;
}  // namespace detail

class program;

class ndarray {
 public:
  // An input array: shape as the spec writes it, "n, n" (names are Unsigned
  // parameters, declared by their use), or as extents.
  ndarray(std::string name, const std::string& shape, dtype type = dtype::float64, where at = where::current());
  ndarray(std::string name, const char* shape, dtype type = dtype::float64, where at = where::current())
      : ndarray(std::move(name), std::string(shape), type, at) {}
  ndarray(std::string name, std::vector<extent> shape, dtype type = dtype::float64, where at = where::current());
  // A scalar (0-dimensional) constant.
  ndarray(double value, where at = where::current());
  ndarray(int value, where at = where::current());

  int ndim() const;
  const std::vector<extent>& shape() const;
  std::string shape_str() const;  // "(n, n)"
  dtype type() const;
  // The iname label of each axis ("" where none was given).
  const std::vector<std::string>& labels() const;
  // This array with axis `axis` labelled: the iname that spans it gets the
  // name. It returns a new array and leaves this one as it is (unlike pin(),
  // which acts in place), so a result left unused is a mistake the compiler
  // reports: write `a = a.label(0, "i")`.
  [[nodiscard("label() returns the labelled array and leaves this one unlabelled: write a = a.label(...)")]]
  ndarray label(int axis, const std::string& name, where at = where::current()) const;

  ndarray T(where at = where::current()) const;  // the axes reversed

  // A temporary computed inside its consumers' loops (the spec's pin()).
  void pin(const std::string& name = "", where at = where::current());
  // A common subexpression: computed once in loops of its own (pin_cse()).
  void pin_cse(const std::string& name = "", where at = where::current());
  // The program that computes this array into an output named `name`.
  program eval(const std::string& name = "out", where at = where::current()) const;

  explicit ndarray(std::shared_ptr<detail::ArrayNode> node) : node_(std::move(node)) {}
  const std::shared_ptr<detail::ArrayNode>& node() const { return node_; }

 private:
  std::shared_ptr<detail::ArrayNode> node_;
};

// 0, 1, ..., n - 1 (int).
ndarray arange(const extent& n, where at = where::current());

// Element-wise, on equal shapes; a 0-dimensional operand is broadcast.
ndarray add(const ndarray& a, const ndarray& b, where at = where::current());
ndarray subtract(const ndarray& a, const ndarray& b, where at = where::current());
ndarray multiply(const ndarray& a, const ndarray& b, where at = where::current());
ndarray divide(const ndarray& a, const ndarray& b, where at = where::current());
ndarray negative(const ndarray& a, where at = where::current());

// The left operand of an operator, with the place the user wrote it (an
// operator takes no location argument; the conversion to operand does).
class operand {
 public:
  operand(const ndarray& a, where at = where::current()) : array(a), at(at) {}
  operand(double value, where at = where::current()) : array(value, at), at(at) {}
  operand(int value, where at = where::current()) : array(value, at), at(at) {}
  ndarray array;
  where at;
};
inline ndarray operator+(const operand& a, const ndarray& b) { return add(a.array, b, a.at); }
inline ndarray operator-(const operand& a, const ndarray& b) { return subtract(a.array, b, a.at); }
inline ndarray operator*(const operand& a, const ndarray& b) { return multiply(a.array, b, a.at); }
inline ndarray operator/(const operand& a, const ndarray& b) { return divide(a.array, b, a.at); }
inline ndarray operator-(const operand& a) { return negative(a.array, a.at); }

ndarray sin(const ndarray& a, where at = where::current());
ndarray cos(const ndarray& a, where at = where::current());
ndarray tan(const ndarray& a, where at = where::current());
ndarray exp(const ndarray& a, where at = where::current());
ndarray log(const ndarray& a, where at = where::current());
ndarray sqrt(const ndarray& a, where at = where::current());
ndarray tanh(const ndarray& a, where at = where::current());
ndarray abs(const ndarray& a, where at = where::current());

// r[i..., j...] = a[i...] * b[j...].
ndarray outer(const ndarray& a, const ndarray& b, where at = where::current());
// Matrix-vector, vector-matrix, matrix-matrix and vector-vector products
// (numpy's matmul: the last axis of a against the first of b).
ndarray matmul(const ndarray& a, const ndarray& b, where at = where::current());
inline ndarray dot(const ndarray& a, const ndarray& b, where at = where::current()) { return matmul(a, b, at); }
// The sum over one axis (negative axes count from the end), or over all.
ndarray sum(const ndarray& a, int axis, where at = where::current());
ndarray sum(const ndarray& a, where at = where::current());
// The axes permuted: result axis r is axis axes[r] of a (empty: reversed).
ndarray transpose(const ndarray& a, std::vector<int> axes = {}, where at = where::current());

// What eval() produces: the program computing one array, with the
// instructions and the loop domain lappy describes, and the engine's model.
class program {
 public:
  program(program&&) noexcept;
  program& operator=(program&&) noexcept;
  ~program();

  const std::string& name() const;  // the C function: "<output>_kernel"
  // The instructions as the spec writes them: "for i, j / c[i, j] = sin(i) * cos(j) / end".
  std::string instructions() const;
  // The loop domain's set expression, drawn as the spec draws it.
  std::string domain_tree() const;
  // The same, on one line: "AND({ 0 <= i < n }, { 0 <= j < n })".
  std::string domain_expression() const;

  // The program model (a fresh copy), its statements' domain_description set.
  LoadedProgram load() const;
  // The C rendering: what the C front-end reads back into the same model.
  std::string c_source() const;
  // The session the schedule commands go to.
  Session& session();
  std::string code(const std::string& target = "openmp");

  explicit program(std::unique_ptr<detail::ProgramData> data);
  detail::ProgramData& data() const { return *data_; }

 private:
  std::unique_ptr<detail::ProgramData> data_;
};

}  // namespace loopscape::lappy
