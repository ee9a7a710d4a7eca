// SPDX-License-Identifier: Apache-2.0
// Limits that hold (issue 15): the inputs that break tools of this kind, each
// timed through what the app does with it, so the figures say whether the
// window stays responsive. Nothing here asserts a time: it prints them.
//
//   loopscape-stress            every case
//   loopscape-stress CASE ...   some: huge-parameters, million-points,
//                               deep-nest, many-statements, long-script,
//                               runaway-isl
//
// Every case reports the wall time of each stage and what stopped work that
// would not end (the plot's point cap, the isl quota), in the app's words.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loading/load_program.h"
#include "scratchpad/scratchpad_evaluation.h"
#include "session/script.h"
#include "session/session.h"
#include "snapshot/snapshot.h"
#include "support/error.h"

using namespace loopscape;

namespace {

double time_ms(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void row(const std::string& what, double ms, const std::string& note = {}) {
  std::printf("  %-46s %10.1f ms  %s\n", what.c_str(), ms, note.c_str());
}

LoadedProgram load(const std::string& source) { return load_program_source(source, "stress.c", CompileOptions{}); }

// The snapshot the app computes after every command, at the given plot values.
void snapshot_row(const std::string& what, const LoadedProgram& l, const isl::schedule& s,
                  const std::map<std::string, long>& plot = {}) {
  std::string note;
  const double ms = time_ms([&] {
    try {
      SnapshotOptions o;
      o.plot_parameters = plot;
      const Snapshot snap = make_snapshot(l, s, o);
      note = std::to_string(snap.plot ? snap.plot->points.size() : 0) + " points drawn";
      if (snap.plot && snap.plot->truncated) note += " (capped)";
      if (!snap.plot_error.empty()) note += "; " + snap.plot_error;
    } catch (const IslError& e) {
      note = std::string("stopped: ") + e.what();
    }
  });
  row(what, ms, note);
}

void huge_parameters() {
  std::puts("huge parameter values (matmul at n = 10^9 on the plot's slider)");
  std::optional<LoadedProgram> loaded;
  row("load", time_ms([&] {
        loaded.emplace(load("void k(int n, double A[n][n], double B[n][n], double C[n][n]) {\n#pragma scop\n"
                 "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++)\n"
                 "  C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n}\n"));
      }));
  const LoadedProgram& l = *loaded;
  snapshot_row("snapshot at n = 1,000,000,000", l, l.original_schedule, {{"n", 1'000'000'000}});
}

void million_points() {
  std::puts("a domain with millions of points (2-D, n = 2000: 4,000,000 points)");
  const LoadedProgram l = load("void k(int n, double A[n][n]) {\n#pragma scop\n"
                               "for (int i = 1; i < n; i++) for (int j = 1; j < n; j++)\n"
                               "  A[i][j] = A[i - 1][j] + A[i][j - 1];\n#pragma endscop\n}\n");
  snapshot_row("snapshot at n = 2000", l, l.original_schedule, {{"n", 2000}});
  snapshot_row("snapshot at n = 200 (40,000 points)", l, l.original_schedule, {{"n", 200}});
}

void deep_nest() {
  std::puts("a 12-deep loop nest");
  std::string body, close;
  for (int d = 0; d < 12; ++d) body += "for (int i" + std::to_string(d) + " = 0; i" + std::to_string(d) + " < n; i" + std::to_string(d) + "++) ";
  std::string sum = "A[i0][i1]";
  for (int d = 2; d < 12; ++d) sum += " + i" + std::to_string(d);
  std::optional<LoadedProgram> loaded;
  row("load (dependences included)", time_ms([&] {
        loaded.emplace(load("void k(int n, double A[n][n]) {\n#pragma scop\n" + body + "\n  A[i0][i1] = " + sum +
                            ";\n#pragma endscop\n}\n"));
      }));
  LoadedProgram& l = *loaded;
  snapshot_row("snapshot at n = 2 (4,096 points)", l, l.original_schedule, {{"n", 2}});
  Session session(std::move(l));
  row("interchange(i10, i11) with its legality check", time_ms([&] { session.apply(*parse_script_line("S0.interchange(i10, i11)", {})); }));
}

void many_statements() {
  std::puts("200 statements (a chain of 1-D loops, each reading the one before)");
  std::string body;
  for (int s = 0; s < 200; ++s)
    body += "for (int i = 1; i < n; i++) A" + std::to_string(s + 1) + "[i] = A" + std::to_string(s) + "[i - 1] * 0.5;\n";
  std::string arrays;
  for (int s = 0; s <= 200; ++s) arrays += ", double A" + std::to_string(s) + "[n]";
  std::optional<LoadedProgram> loaded;
  row("load (dependences included)",
      time_ms([&] { loaded.emplace(load("void k(int n" + arrays + ") {\n#pragma scop\n" + body + "#pragma endscop\n}\n")); }));
  LoadedProgram& l = *loaded;
  std::printf("  %zu statements, %zu dependence relations\n", l.program.statements.size(), l.dependences.list.size());
  snapshot_row("snapshot at n = 16", l, l.original_schedule, {{"n", 16}});
  Session session(std::move(l));
  row("S100.parallelize(i) with its legality check",
      time_ms([&] {
        if (auto refused = session.apply(*parse_script_line("S100.parallelize(i)", {}))) std::cout << refused->report();
      }));
}

void long_script() {
  std::puts("a script of 1,000 commands (interchanges and shifts on matmul)");
  LoadedProgram l = load("void k(int n, double A[n][n], double B[n][n], double C[n][n]) {\n#pragma scop\n"
                         "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { C[i][j] = 0;\n"
                         "for (int k = 0; k < n; k++) C[i][j] += A[i][k] * B[k][j]; }\n#pragma endscop\n}\n");
  std::string text;
  for (int c = 0; c < 1000; ++c) text += c % 2 ? "S1.interchange(i, j)\n" : "S1.interchange(j, i)\n";
  const std::vector<CommandCall> calls = parse_script(text, "long.ls");
  Session session(std::move(l));
  std::vector<double> each;
  const double total = time_ms([&] {
    for (const CommandCall& call : calls) each.push_back(time_ms([&] { session.apply(call); }));
  });
  std::sort(each.begin(), each.end());
  row("1,000 commands applied, each with its legality check", total,
      "median " + std::to_string(each[each.size() / 2]).substr(0, 5) + " ms, slowest " +
          std::to_string(each.back()).substr(0, 6) + " ms");
  row("undo all 1,000", time_ms([&] {
        while (session.undo()) {
        }
      }));
}

void runaway_isl() {
  std::puts("runaway isl work (stopped by the operation quota, not by the user)");
  LoadedProgram l = load("void k(int n, double A[n][n][n]) {\n#pragma scop\n"
                               "for (int t = 0; t < n; t++) for (int i = 1; i < n - 1; i++) for (int j = 1; j < n - 1; j++)\n"
                               "  for (int k = 1; k < n - 1; k++)\n"
                               "    A[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k]\n"
                               "                  + A[i][j][k - 1] + A[i][j][k + 1]) / 6;\n#pragma endscop\n}\n");
  Session session(std::move(l));
  for (const unsigned long quota : {20'000'000UL, 2'000UL}) {
    session.program().isl().set_max_operations(quota);
    std::string note = "applied";
    const double ms = time_ms([&] {
      try {
        for (const char* c : {"S0.skew(t, i, 1)", "S0.skew(t, j, 1)", "S0.skew(t, k, 1)",
                              "S0.tile(t, i, 4, 4, T, I, t1, i1)"})
          if (auto refused = session.apply(*parse_script_line(c, {}))) note = "refused: " + refused->report().substr(0, 60);
        while (session.undo()) {
        }
      } catch (const IslError& e) {
        note = std::string("stopped: ") + e.what();
      }
    });
    row("time tiling a 3-D in-place stencil, quota " + std::to_string(quota), ms, note.substr(0, 90));
  }
  std::string note;
  const double ms = time_ms([&] {
    const ScratchpadEvaluation e = evaluate_scratchpad(
        "A := [n] -> { S[i, j, k] : 0 <= i, j, k < n and (i + 2j + 3k) mod 7 = 3 }\nA << A\n", 2, {{"n", 1000}}, 100'000);
    note = e.error ? e.error->message() : e.plot_error.empty() ? "finished" : e.plot_error;
  });
  row("scratchpad: A << A at n = 1000, quota 100,000", ms, note.substr(0, 90));
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, std::function<void()>> cases = {
      {"huge-parameters", huge_parameters}, {"million-points", million_points}, {"deep-nest", deep_nest},
      {"many-statements", many_statements}, {"long-script", long_script},       {"runaway-isl", runaway_isl}};
  std::vector<std::string> chosen(argv + 1, argv + argc);
  if (chosen.empty())
    chosen = {"huge-parameters", "million-points", "deep-nest", "many-statements", "long-script", "runaway-isl"};
  for (const std::string& c : chosen) {
    auto it = cases.find(c);
    if (it == cases.end()) {
      std::cerr << "unknown case " << c << "\n";
      return 2;
    }
    it->second();
  }
  return 0;
}
