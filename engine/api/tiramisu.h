// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tiramisu's Layer I (and its Layer III buffers) in C++: a function holds
// symbolic constants, vars with ranges, inputs and computations; a
// computation is an iteration domain with an expression. What the function
// defines becomes the engine's program model (model/program.h), the same one
// the C front-end builds, so every schedule command, the legality check and
// every code target work on it unchanged.
//
//   using namespace loopscape::tiramisu;
//   function gemm("gemm");
//   constant N("N");
//   var i("i", 0, N), j("j", 0, N), k("k", 0, N);
//   input A("A", {i, k}, p_float64), B("B", {k, j}, p_float64);
//   computation c0("c0", {i, j}, expr(0.0));
//   computation c1("c1", {i, j, k}, p_float64);
//   c1.set_expression(c1(i, j, k - 1) + A(i, k) * B(k, j));  // a reduction: reads its own earlier instance
//   buffer C("C", {N, N}, p_float64, a_output);
//   c0.store_in(&C, {i, j});
//   c1.store_in(&C, {i, j});
//   c0.then(c1, j);                      // the original loops: c1's k loop inside c0's j loop
//   var i0("i0"), j0("j0"), i1("i1"), j1("j1");
//   c1.tile(i, j, 32, 32, i0, j0, i1, j1);  // from here on: checked schedule commands
//   std::cout << gemm.code("openmp");
//
// Layer I is unordered; its C rendering needs an order. Computations run in
// the order they are declared, each in its own loop nest, unless `then` /
// `after` (called before the first schedule command) nest one inside the
// loops of another. A computation's values live in a buffer: its own one
// (named after it, sized by its vars' upper bounds) unless `store_in` maps it
// to another; accesses to a computation read that buffer, so a reduction is a
// computation stored in the buffer of its initial value.
//
// Mistakes throw loopscape::InputError located at the user's C++ line and
// column: a non-affine index or bound, a domain that does not parse (with
// its column), an access with the wrong number of indices, an unknown
// computation or var, a second definition of a name, an order that reads a
// value before it is computed. A refused declaration changes nothing.
#include <initializer_list>
#include <memory>
#include <source_location>
#include <string>
#include <vector>

#include "api/loopscape.h"
#include "loading/load_program.h"

namespace loopscape::tiramisu {

enum primitive_t {
  p_none,
  p_boolean,
  p_int8,
  p_uint8,
  p_int16,
  p_uint16,
  p_int32,
  p_uint32,
  p_int64,
  p_uint64,
  p_float32,
  p_float64,
};

// Tiramisu's operators, for its expr(op, ...) form: expr(o_max, a, b) is max(a, b).
enum op_t {
  o_none,
  o_minus,
  o_floor,
  o_ceil,
  o_round,
  o_trunc,
  o_sin,
  o_cos,
  o_tan,
  o_tanh,
  o_sqrt,
  o_abs,
  o_log,
  o_exp,
  o_max,
  o_min,
  o_pow,
  o_add,
  o_sub,
  o_mul,
  o_div,
  o_mod,
  o_select,
  o_logical_and,
  o_logical_or,
  o_logical_not,
  o_eq,
  o_ne,
  o_lt,
  o_le,
  o_gt,
  o_ge,
  o_cast,
};

// What a buffer is to the generated function: an argument it reads, one it
// writes, or a local temporary.
enum argument_t { a_input, a_output, a_temporary };

#if defined(__cpp_lib_source_location)
using where = std::source_location;
#else
// clang 14 with libstdc++ has no std::source_location (it lacks the builtin
// libstdc++ uses); the same place comes from the builtins clang has.
class where {
 public:
  static constexpr where current(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(),
                                 unsigned column = __builtin_COLUMN()) noexcept {
    where w;
    w.file_ = file;
    w.line_ = line;
    w.column_ = column;
    return w;
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr unsigned line() const noexcept { return line_; }
  constexpr unsigned column() const noexcept { return column_; }

 private:
  const char* file_ = "";
  unsigned line_ = 0;
  unsigned column_ = 0;
};
#endif

namespace detail {
struct Node;
struct ComputationData;
struct BufferData;
struct FunctionData;
}  // namespace detail

class buffer;
class computation;
class function;

// An expression of Layer I: literals, vars, constants, accesses to
// computations and inputs, arithmetic, comparisons, select, casts and calls.
class expr {
 public:
  expr();  // undefined
  expr(int value);
  expr(long value);
  expr(long long value);
  expr(float value);
  expr(double value);
  explicit expr(std::shared_ptr<const detail::Node> node);
  // Tiramisu's operator form: expr(o_sqrt, x), expr(o_min, a, b), expr(o_select, c, a, b).
  expr(op_t op, const expr& a, where at = where::current());
  expr(op_t op, const expr& a, const expr& b, where at = where::current());
  expr(op_t op, const expr& a, const expr& b, const expr& c, where at = where::current());
  // expr(o_cast, p_int32, x): cast(p_int32, x).
  expr(op_t op, primitive_t type, const expr& a, where at = where::current());

  bool is_defined() const { return node_ != nullptr; }
  primitive_t get_data_type() const;
  // As Tiramisu prints it: "(1.5f * img(i, j, c))".
  std::string to_str() const;
  const std::shared_ptr<const detail::Node>& node() const { return node_; }

 private:
  std::shared_ptr<const detail::Node> node_;
};

expr operator+(const expr& a, const expr& b);
expr operator-(const expr& a, const expr& b);
expr operator*(const expr& a, const expr& b);
expr operator/(const expr& a, const expr& b);
expr operator%(const expr& a, const expr& b);
expr operator-(const expr& a);
expr operator<(const expr& a, const expr& b);
expr operator<=(const expr& a, const expr& b);
expr operator>(const expr& a, const expr& b);
expr operator>=(const expr& a, const expr& b);
expr operator==(const expr& a, const expr& b);
expr operator!=(const expr& a, const expr& b);
expr operator&&(const expr& a, const expr& b);
expr operator||(const expr& a, const expr& b);
expr operator!(const expr& a);

// cond ? a : b
expr select(const expr& cond, const expr& a, const expr& b);
expr cast(primitive_t type, const expr& e);
// Math calls, named by the C function for the argument type (sinf for float).
expr sqrt(const expr& e);
expr exp(const expr& e);
expr log(const expr& e);
expr sin(const expr& e);
expr cos(const expr& e);
expr tan(const expr& e);
expr tanh(const expr& e);
expr floor(const expr& e);
expr ceil(const expr& e);
expr abs(const expr& e);
expr pow(const expr& a, const expr& b);
expr min(const expr& a, const expr& b);
expr max(const expr& a, const expr& b);
expr clamp(const expr& e, const expr& low, const expr& high);  // min(max(e, low), high)

// A loop iterator; with a range [lower, upper) it spans a computation's domain.
class var : public expr {
 public:
  explicit var(std::string name, where at = where::current());
  var(std::string name, const expr& lower, const expr& upper, where at = where::current());
  var(primitive_t type, std::string name, where at = where::current());
  const std::string& get_name() const { return name_; }
  bool has_range() const { return lower_.is_defined(); }
  const expr& get_lower() const { return lower_; }
  const expr& get_upper() const { return upper_; }
  const where& location() const { return at_; }

 private:
  std::string name_;
  expr lower_, upper_;
  where at_;
};

// A symbolic constant of the current function. Without a value it is an isl
// parameter of every domain and an int argument of the generated C function.
// With a value (Tiramisu's form, constant NN("NN", 1000)) it is that number:
// domains that name it ("[NN] -> { S[i] : 0 <= i < NN }") and expressions
// that use it see the value, and it is no argument. The value must be an
// integer known when it is declared (literals and other valued constants).
class constant : public expr {
 public:
  explicit constant(std::string name, where at = where::current());
  constant(std::string name, const expr& value, where at = where::current());
  constant(std::string name, const expr& value, primitive_t type, where at = where::current());
  // Tiramisu's full form; a constant is function-wide here, so `with` and
  // `at_loop_level` must be left as Tiramisu's defaults (nullptr, -1).
  constant(std::string name, const expr& value, primitive_t type, bool function_wide, computation* with,
           int at_loop_level, function* owner = nullptr, where at = where::current());
  const std::string& get_name() const { return name_; }

 private:
  std::string name_;
};

// Layer III: where values live. Sizes are affine in the constants.
class buffer {
 public:
  buffer(std::string name, std::vector<expr> sizes, primitive_t type, argument_t argument,
         where at = where::current());
  // Tiramisu's form naming the function (it must be the current one).
  buffer(std::string name, std::vector<expr> sizes, primitive_t type, argument_t argument, function* owner,
         where at = where::current());
  const std::string& get_name() const;
  const std::shared_ptr<detail::BufferData>& data() const { return data_; }

 private:
  std::shared_ptr<detail::BufferData> data_;
};

class computation {
 public:
  computation() = default;  // refers to nothing
  computation(std::string name, std::vector<var> iterators, const expr& e, where at = where::current());
  computation(std::string name, std::vector<var> iterators, primitive_t type, where at = where::current());
  // Braced lists ({i, j}) pick these, not the isl-domain form below.
  computation(std::string name, std::initializer_list<var> iterators, const expr& e, where at = where::current())
      : computation(std::move(name), std::vector<var>(iterators), e, at) {}
  computation(std::string name, std::initializer_list<var> iterators, primitive_t type, where at = where::current())
      : computation(std::move(name), std::vector<var>(iterators), type, at) {}
  // A literal value ({i}, 0.0) picks these, not the isl-domain form either.
  computation(std::string name, std::initializer_list<var> iterators, double value, where at = where::current())
      : computation(std::move(name), std::vector<var>(iterators), expr(value), at) {}
  computation(std::string name, std::initializer_list<var> iterators, float value, where at = where::current())
      : computation(std::move(name), std::vector<var>(iterators), expr(value), at) {}
  computation(std::string name, std::initializer_list<var> iterators, int value, where at = where::current())
      : computation(std::move(name), std::vector<var>(iterators), expr(value), at) {}
  // Tiramisu's form: the domain as an isl set, "[N] -> { S[i, j] : 0 <= i < N and 0 <= j < i }"
  // (the function's constants may be left out: "{ S[i, j] : ... }"); vars of the
  // expression name the set's dimensions.
  computation(std::string iteration_domain, const expr& e, bool schedule_this_computation = true,
              primitive_t type = p_none, where at = where::current());
  // The same, naming its function as Tiramisu programs do
  // (global::get_implicit_function()); it must be the current one.
  computation(std::string iteration_domain, const expr& e, bool schedule_this_computation, primitive_t type,
              function* owner, where at = where::current());

  void set_expression(const expr& e, where at = where::current());
  const std::string& get_name() const;
  primitive_t get_data_type() const;

  // An access: this computation's value at the given indices (affine in the
  // accessing computation's iterators and the constants).
  expr operator()(const std::vector<expr>& indices, where at = where::current()) const;
  expr operator()(where at = where::current()) const;
  expr operator()(const expr& i0, where at = where::current()) const;
  expr operator()(const expr& i0, const expr& i1, where at = where::current()) const;
  expr operator()(const expr& i0, const expr& i1, const expr& i2, where at = where::current()) const;
  expr operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3,
                  where at = where::current()) const;
  expr operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3, const expr& i4,
                  where at = where::current()) const;
  expr operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3, const expr& i4,
                  const expr& i5, where at = where::current()) const;

  // Layer III: C(i, j, ...) is stored in b[indices...] (default: its own iterators).
  // After the first schedule command it is the engine's store_in command.
  void store_in(buffer* b, where at = where::current());
  // An empty list ({}) stores every instance in the buffer's first element: a scalar kept in a buffer.
  void store_in(buffer* b, std::initializer_list<expr> indices, where at = where::current());
  void store_in(buffer* b, std::vector<expr> indices, where at = where::current());

  // Tiramisu's store_in as an isl map from the computation to a buffer,
  // "{ S[i, j] -> b[i, 0] }" (affine, no divisions): the same as store_in(&b, {i, 0}).
  void set_access(const std::string& map, where at = where::current());

  // Ordering. Before the first schedule command they shape the original
  // loops: `next` joins this computation's loops down to `level` and runs
  // after it there (root: after its whole nest). Afterwards they are the
  // engine's checked then/after commands. A level is a var or, as in
  // Tiramisu, a loop's depth (0: the outermost loop, root_dimension: none).
  computation& then(computation& next, const var& level, where at = where::current());
  // Tiramisu's before: this computation runs before `next` (next.after(*this, level)).
  computation& before(computation& next, const var& level, where at = where::current());
  computation& before(computation& next, int level, where at = where::current());
  computation& then(computation& next, int level, where at = where::current());
  void after(computation& previous, const var& level, where at = where::current());
  void after(computation& previous, int level, where at = where::current());
  static const var root;
  static constexpr int root_dimension = -1;

  // Runs loop `v` (or the loop at depth `level`) backwards. Before the first
  // schedule command it shapes the original loops, as then/after do: the
  // program is defined with that loop decreasing, which is how a Tiramisu
  // program writes a loop that runs down (there is no check to pass: the
  // reversed loop is the original). Afterwards it is the engine's checked
  // loop_reversal. The two-var form names the reversed loop `reversed` for
  // the commands that follow, as Tiramisu does.
  void loop_reversal(const var& v, where at = where::current());
  void loop_reversal(const var& v, const var& reversed, where at = where::current());
  void loop_reversal(int level, where at = where::current());

  // Schedule commands (Layer II), applied to the function's session and
  // checked for legality; CommandRefused when refused, its report located at
  // the call in the program ("gemm.cpp:31:8: error: ... is illegal: ...").
  void interchange(const var& a, const var& b, where at = where::current());
  void split(const var& v, int size, const var& outer, const var& inner, where at = where::current());
  void tile(const var& a, const var& b, int size_a, int size_b, where at = where::current());
  void tile(const var& a, const var& b, int size_a, int size_b, const var& a0, const var& b0, const var& a1,
            const var& b1, where at = where::current());
  void tile(const var& a, const var& b, const var& c, int size_a, int size_b, int size_c, where at = where::current());
  void tile(const var& a, const var& b, const var& c, int size_a, int size_b, int size_c, const var& a0,
            const var& b0, const var& c0, const var& a1, const var& b1, const var& c1, where at = where::current());
  void shift(const var& v, int amount, where at = where::current());
  void skew(const var& a, const var& b, int factor, where at = where::current());
  void parallelize(const var& v, where at = where::current());
  void vectorize(const var& v, int width, where at = where::current());
  void unroll(const var& v, int factor, where at = where::current());
  void compute_at(computation& consumer, const var& level, where at = where::current());
  void distribute(const var& v, where at = where::current());
  // Blocks then threads, in one to three dimensions: gpu(b, t), gpu(b1, b2, t1, t2), gpu(b1, b2, b3, t1, t2, t3).
  void gpu(const var& a, const var& b, where at = where::current());
  void gpu(const var& b1, const var& b2, const var& t1, const var& t2, where at = where::current());
  void gpu(const var& b1, const var& b2, const var& b3, const var& t1, const var& t2, const var& t3,
           where at = where::current());
  void tile_gpu(const var& a, const var& b, int size_a, int size_b, where at = where::current());
  void pipeline(const var& v, where at = where::current());
  // Tiramisu's older names: tag_parallel_level is parallelize, tag_vector_level vectorize, tag_unroll_level unroll.
  void tag_parallel_level(const var& v, where at = where::current()) { parallelize(v, at); }
  void tag_vector_level(const var& v, int width, where at = where::current()) { vectorize(v, width, at); }
  void tag_unroll_level(const var& v, int factor, where at = where::current()) { unroll(v, factor, at); }
  // Tiramisu's inline: the computation is computed where it is read (the engine's `inline`).
  void inline_computation(where at = where::current());
  // The schedule as isl: "{ S[i, j] -> [j, i] }" (the engine's set_schedule).
  void set_schedule(const std::string& map, where at = where::current());
  // Keeps only `factor` values along loop v in the buffer (storage folding).
  void storage_fold(const var& v, int factor, where at = where::current());
  // Copies what `consumer` reads at its block-level loop `level` into GPU shared memory.
  void cache_shared_at(computation& consumer, const var& level, where at = where::current());
  // Any engine command by name: c.schedule("loop_reversal", {"i"}).
  void schedule(const std::string& command, const std::vector<loopscape::Argument>& args, where at = where::current());

  const std::shared_ptr<detail::ComputationData>& data() const { return data_; }
  explicit computation(std::shared_ptr<detail::ComputationData> data) : data_(std::move(data)) {}

 private:
  std::shared_ptr<detail::ComputationData> data_;
};

// A program input: values read from a buffer of its own (named after it,
// a_input) or one given with store_in.
class input : public computation {
 public:
  input(std::string name, std::vector<var> iterators, primitive_t type, where at = where::current());
  input(std::string name, std::initializer_list<var> iterators, primitive_t type, where at = where::current())
      : input(std::move(name), std::vector<var>(iterators), type, at) {}
  input(std::string name, std::vector<std::string> dimension_names, std::vector<expr> dimension_sizes,
        primitive_t type, where at = where::current());
};

// A Tiramisu function. Constructing one makes it the current function: the
// vars, constants, inputs, computations and buffers constructed next belong
// to it. It must outlive them.
class function {
 public:
  explicit function(std::string name, where at = where::current());
  ~function();
  function(const function&) = delete;
  function& operator=(const function&) = delete;

  const std::string& get_name() const;
  // Constraints on the constants, as isl: "[N] -> { : N >= 4 }".
  void add_context_constraints(const std::string& context, where at = where::current());
  // As Tiramisu returns it: the computations of that name (one: names are
  // unique here) as pointers that live as long as the function. The list
  // converts to the computation itself, for `computation c = f.get_computation_by_name("c")`.
  class computation_list : public std::vector<computation*> {
   public:
    using std::vector<computation*>::vector;
    operator computation() const { return empty() ? computation() : *front(); }
  };
  computation_list get_computation_by_name(const std::string& name, where at = where::current()) const;

  // The program model of what is defined so far (a fresh copy; throws InputError).
  LoadedProgram load() const;
  // The C rendering of the program (the function and its original loops):
  // what the C front-end reads back into the same model.
  std::string c_source() const;
  // The session the schedule commands go to. The first call freezes Layer I:
  // no computation, buffer, store_in or ordering may change it afterwards.
  Session& session();
  // The code for a target, as `loopscape-cli emit --target TARGET` prints it.
  std::string code(const std::string& target = "openmp");

  // Tiramisu's code generation (see tiramisu::codegen below), and its older
  // step-by-step form: set_arguments, then gen_halide_obj (the gen_* steps
  // between them have nothing left to do here).
  void codegen(const std::vector<buffer*>& arguments, const std::string& object_file, bool gen_cuda_stmt = false,
               where at = where::current());
  void set_arguments(const std::vector<buffer*>& arguments, where at = where::current());
  void gen_time_space_domain() {}
  void gen_isl_ast() {}
  void gen_halide_stmt() {}
  void gen_halide_obj(const std::string& object_file, where at = where::current());

  detail::FunctionData& data() const { return *data_; }
  static function* current();

 private:
  // Run by the app (api/publish.h): publishes what the function defines, the
  // first time only (codegen does it, else the destructor).
  void publish_once();

  std::unique_ptr<detail::FunctionData> data_;
};

// What an access to a computation reads. Loopscape's Layer I means values:
// c(i, j - 1) is the value instance (i, j - 1) computed, and a program whose
// order would read anything else is refused where the access is written.
// Tiramisu means memory: the access reads c's buffer (through store_in) as it
// is when the read runs, and programs written for Tiramisu rely on it
// (reading an accumulator at its own instance, or a buffer element after the
// instance that wrote it). <tiramisu/tiramisu.h> selects memory; the choice
// holds for the functions created after it is made.
enum class access_meaning { values, memory };
void set_access_meaning(access_meaning meaning);
access_meaning get_access_meaning();

// When schedule commands are applied. Loopscape's Layer I applies each one
// where it is called, and Layer I (computations, buffers, store_in, the
// original order) is fixed from the first one on. Tiramisu's programs often
// give Layer III after Layer II (buffers and store_in after the schedule):
// with deferred timing a command is recorded where it is called and applied,
// and checked, when the function's session is first needed (codegen, code(),
// session(), opening the program in the app), after the whole of Layer I and
// III; a refusal still names the command's line. A tile that a shared loop
// nest already received from another computation's identical tile is then
// skipped (Tiramisu programs tile each computation of a fused nest).
// <tiramisu/tiramisu.h> selects deferred; the choice holds for the functions
// created after it is made.
enum class schedule_timing { immediate, deferred };
void set_schedule_timing(schedule_timing timing);

// Tiramisu's implicit global function: init("name") replaces it and makes it current.
function& init(const std::string& name, where at = where::current());
function& global_function();

// Tiramisu's global settings, as its programs call them.
struct global {
  // The current function (nullptr when there is none).
  static function* get_implicit_function();
  // Tiramisu's defaults are the only settings here: these do nothing.
  static void set_default_tiramisu_options() {}
  static void set_loop_iterator_type(primitive_t) {}
};

// Tiramisu's code generation for the current function: compiles it through
// the halide target into `object_file` with Tiramisu's calling convention
// (an int function named after the function taking one halide_buffer_t* per
// buffer of `arguments`, in that order; a buffer {N, M} is a Halide buffer of
// extents (M, N), stored densely, as Tiramisu lays it out), and writes its C
// prototype to object_file + ".h". Temporary buffers are allocated inside.
// Run from the app (api/publish.h), it publishes the function instead.
// Throws InputError for a buffer argument that is no buffer of the function,
// or a constant without a value (Tiramisu's functions take only buffers).
void codegen(const std::vector<buffer*>& arguments, const std::string& object_file, bool gen_cuda_stmt = false,
             where at = where::current());

}  // namespace loopscape::tiramisu
