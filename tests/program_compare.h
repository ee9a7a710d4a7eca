// SPDX-License-Identifier: Apache-2.0
#pragma once
// Comparing programs in tests: two models (statements, loops, positions,
// domains, accesses, arrays, parameters, dependences), generated code run
// against a program's original, and the InputError a piece of work throws.
#include <QtTest>

#include <algorithm>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "codegen/common/c_printer.h"
#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "loading/load_program.h"
#include "runner/runner.h"
#include "api/loopscape.h"
#include "session/script.h"
#include "session/session.h"

namespace loopscape::testing {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <class T>
inline std::string text_of(const T& isl_object) {
  std::ostringstream out;
  out << isl_object;
  return out.str();
}

// Equal as isl sets / maps, each read into `ctx` (the two programs have their own contexts).
template <class T>
inline bool same_isl(isl::ctx ctx, const T& a, const T& b) {
  return T(ctx, text_of(a)).is_equal(T(ctx, text_of(b)));
}

inline std::string joined(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

// "" when the two programs are the same model; else the first difference.
inline std::string model_difference(const LoadedProgram& a, const LoadedProgram& b) {
  const Program& p = a.program;
  const Program& q = b.program;
  isl::ctx ctx = p.ctx();
  if (p.statements.size() != q.statements.size()) return "statement counts differ";
  for (std::size_t k = 0; k < p.statements.size(); ++k) {
    const Statement& s = p.statements[k];
    const Statement& t = q.statements[k];
    const std::string at = "statement " + s.name + ": ";
    if (s.name != t.name) return at + "named " + t.name + " in the other";
    if (s.iterators() != t.iterators()) return at + "iterators differ";
    std::vector<int> ids_s, ids_t;
    for (const auto& l : s.loops) ids_s.push_back(l.id * 10 + l.step);
    for (const auto& l : t.loops) ids_t.push_back(l.id * 10 + l.step);
    if (ids_s != ids_t) return at + "loops differ: " + joined(ids_s) + " vs " + joined(ids_t);
    if (s.position != t.position) return at + "positions differ: " + joined(s.position) + " vs " + joined(t.position);
    if (!same_isl(ctx, s.domain, t.domain)) return at + "domains differ: " + text_of(s.domain) + " vs " + text_of(t.domain);
    if (s.assign_op != t.assign_op) return at + "assignment operators differ";
    const std::string sa = loopscape::print_c_expr(*s.target) + " = " + loopscape::print_c_expr(*s.value);
    const std::string ta = loopscape::print_c_expr(*t.target) + " = " + loopscape::print_c_expr(*t.value);
    if (sa != ta) return at + "expressions differ: " + sa + " vs " + ta;
    if (s.accesses.size() != t.accesses.size()) return at + "access counts differ";
    for (std::size_t x = 0; x < s.accesses.size(); ++x) {
      const Access& u = s.accesses[x];
      const Access& v = t.accesses[x];
      if (u.kind != v.kind || u.array != v.array || !same_isl(ctx, u.relation, v.relation))
        return at + "access " + std::to_string(x) + " differs: " + text_of(u.relation) + " vs " + text_of(v.relation);
    }
  }
  if (p.arrays.size() != q.arrays.size()) return "array counts differ";
  for (std::size_t k = 0; k < p.arrays.size(); ++k) {
    const auto& x = p.arrays[k];
    const auto& y = q.arrays[k];
    if (x.name != y.name || x.element_type != y.element_type || x.extents != y.extents || x.temporary != y.temporary)
      return "array " + x.name + " differs from " + y.name;
  }
  std::vector<std::string> pp = p.parameters, qp = q.parameters;
  std::sort(pp.begin(), pp.end());
  std::sort(qp.begin(), qp.end());
  if (pp != qp) return "parameters differ";
  const auto& d = a.dependences;
  const auto& e = b.dependences;
  if (!same_isl(ctx, d.read_after_write, e.read_after_write)) return "RAW dependences differ";
  if (!same_isl(ctx, d.write_after_read, e.write_after_read)) return "WAR dependences differ";
  if (!same_isl(ctx, d.write_after_write, e.write_after_write)) return "WAW dependences differ";
  if (d.list.size() != e.list.size()) return "dependence lists differ";
  for (std::size_t k = 0; k < d.list.size(); ++k)
    if (d.list[k].source_statement != e.list[k].source_statement || d.list[k].sink_statement != e.list[k].sink_statement ||
        d.list[k].kind != e.list[k].kind || d.list[k].carried_level != e.list[k].carried_level ||
        d.list[k].distance != e.list[k].distance)
      return "dependence " + std::to_string(k) + " differs";
  return "";
}

inline GeneratedCode code_for(const Session& s, const std::string& target) {
  return loopscape::generate(s.program(), s.schedule(), s.dependences().all(), target, {}, nullptr, &s.dependences());
}

// "" when the emitted program computes what the program's C rendering computes.
inline std::string run_against_original(const Session& s, const std::string& target,
                                 std::vector<std::pair<std::string, std::string>> parameters = {},
                                 loopscape::RunnerOptions options = {}) {
  options.parameters = std::move(parameters);
  const GeneratedCode g = code_for(s, target);
  const std::string emitted = loopscape::emit_file(s.program(), g);
  const loopscape::VerifyResult r = loopscape::verify_equivalence(s.program(), emitted, options);
  if (!r.equal() && !(options.compile_only && r.status == loopscape::VerifyResult::Status::NotRun))
    return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log + "\n" + emitted;
  if (r.values_compared == 0 && !options.compile_only) return "no values compared";
  return "";
}

inline std::optional<InputError> error_of(const std::function<void()>& work) {
  try {
    work();
  } catch (const InputError& e) {
    return e;
  } catch (const std::exception& e) {
    return InputError({}, std::string("not an InputError: ") + e.what());
  }
  return std::nullopt;
}

// "" when both sessions print the same code (and helpers) for `target`, and some.
inline std::string code_difference(const Session& a, const Session& b, const std::string& target) {
  // A target that refuses one must refuse the other, for the same reason
  // (each at its own file's place).
  auto refusal = [&](const Session& s) -> std::optional<std::string> {
    try {
      code_for(s, target);
      return std::nullopt;
    } catch (const InputError& e) {
      return e.message();
    }
  };
  const std::optional<std::string> refused_a = refusal(a), refused_b = refusal(b);
  if (refused_a || refused_b) {
    if (refused_a && refused_b && *refused_a == *refused_b) return "";
    return target + " is refused for one and not the other, or for other reasons: " + refused_a.value_or("(printed)") +
           "\n--- vs\n" + refused_b.value_or("(printed)");
  }
  const GeneratedCode x = code_for(a, target);
  const GeneratedCode y = code_for(b, target);
  if (x.text != y.text) return target + " code differs:\n" + x.text + "\n--- vs\n" + y.text;
  if (x.helpers != y.helpers) return target + " helpers differ:\n" + x.helpers + "\n--- vs\n" + y.helpers;
  if (x.text.empty()) return "no " + target + " code";
  return "";
}

// "" when the session's C rendering, read back by the C front-end, replays
// its script to the same history and the same c, openmp and mpi files (what
// opening a program written in C++ needs).
inline std::string replay_difference(const Session& s) {
  Session c(load_program_source(s.program().source_text, s.program().file, CompileOptions{}));
  const ScriptRun run = apply_script(c, parse_script(s.script(), "replay"));
  if (run.refusal) return run.refusal->report();
  if (c.history().size() != s.history().size()) return "histories differ";
  for (const std::string target : {"c", "openmp", "mpi"})
    if (emit_code(c, target) != emit_code(s, target)) return "the " + target + " files differ";
  return "";
}

}  // namespace loopscape::testing
