// SPDX-License-Identifier: Apache-2.0
// Wavefronts and parallelism in time: the dependence-graph level of every
// plotted instance (plot/dependence_levels.h) against levels derived by hand
// from the dependence distances, the schedule's step count beside it before
// and after skewing, and the step hyperplanes a skew draws on the plot
// (plot/step_lines.h).
#include <QtTest>

#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <cmath>
#include <map>
#include <numeric>
#include <set>

#include "analysis/legality.h"
#include "command_test_support.h"
#include "loading/load_program.h"
#include "plot_kernels.h"
#include "plot/dependence_levels.h"
#include "plot/domain_points.h"
#include "plot/step_lines.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

// A[i][j] from its north and west neighbours: distances (1, 0) and (0, 1),
// every loop carries one, so the original order is one point per step.
LoadedProgram recurrence2d() {
  return load("  for (i = 1; i < n; i++)\n    for (j = 1; j < n; j++)\n      A[i][j] = A[i - 1][j] + A[i][j - 1];",
              "int n", "double A[100][100]");
}

// PolyBench's seidel-2d with its sizes as parameters.
LoadedProgram seidel2d() {
  return load(
      "  for (t = 0; t <= tsteps - 1; t++)\n"
      "    for (i = 1; i <= n - 2; i++)\n"
      "      for (j = 1; j <= n - 2; j++)\n"
      "        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +\n"
      "                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;",
      "int tsteps, int n", "double A[100][100]");
}

// PolyBench's jacobi-1d with its sizes as parameters.
LoadedProgram jacobi1d() {
  return load(
      "  for (t = 0; t < tsteps; t++) {\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);\n"
      "  }",
      "int tsteps, int n", "double A[100], double B[100]");
}

PlotData plot(const LoadedProgram& lp, const isl::schedule& schedule, std::map<std::string, long> parameters) {
  PlotRequest req;
  req.parameters = std::move(parameters);
  return build_plot_data(lp.program, lp.dependences, schedule, req);
}

// Every arrow goes to a strictly higher level, and every point above level 0
// has a source exactly one level below (so the levels are the longest paths).
void checkLevelsAreLongestPaths(const PlotData& d) {
  std::vector<bool> tight(d.points.size(), false);
  for (const PlotArrow& a : d.arrows) {
    QVERIFY2(d.points[a.source].level < d.points[a.sink].level,
             (d.point_label(a.source) + " -> " + d.point_label(a.sink)).c_str());
    if (d.points[a.source].level + 1 == d.points[a.sink].level) tight[a.sink] = true;
  }
  for (std::size_t p = 0; p < d.points.size(); ++p)
    QVERIFY2(d.points[p].level == 0 || tight[p], d.point_label(p).c_str());
  // The grouping agrees with the per-point levels.
  QCOMPARE(d.level_points.size(), d.points.size());
  for (std::size_t l = 0; l < d.level_count(); ++l) {
    QVERIFY(d.level_offsets[l] < d.level_offsets[l + 1]);
    for (std::uint32_t k = d.level_offsets[l]; k < d.level_offsets[l + 1]; ++k)
      QCOMPARE(d.points[d.level_points[k]].level, static_cast<std::uint32_t>(l));
  }
}

}  // namespace

class TestWavefront : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Level(i, j) = (i - 1) + (j - 1): the longest chain of unit steps from
  // (1, 1). The original schedule runs one point per step; skewing to
  // (i + j, j) makes the inner loop parallel and the steps equal the levels.
  void recurrenceLevelsAndSkew() {
    const LoadedProgram lp = recurrence2d();
    const long n = 6;
    const PlotData d = plot(lp, lp.original_schedule, {{"n", n}});
    QCOMPARE(d.points.size(), std::size_t((n - 1) * (n - 1)));
    QVERIFY(d.levels_complete);
    for (std::size_t p = 0; p < d.points.size(); ++p)
      QCOMPARE(d.points[p].level, static_cast<std::uint32_t>(d.coords(p)[0] - 1 + d.coords(p)[1] - 1));
    QCOMPARE(d.level_count(), std::size_t(2 * (n - 1) - 1));
    QCOMPARE(d.step_count(), d.points.size());
    checkLevelsAreLongestPaths(d);

    const isl::schedule skewed = apply_all(lp, {"S0.skew(i, j, 1, 1)"});
    QVERIFY(legality(lp, skewed).legal());
    const PlotData s = plot(lp, skewed, {{"n", n}});
    QCOMPARE(s.level_count(), d.level_count());
    for (std::size_t p = 0; p < s.points.size(); ++p) {
      auto same = d.find_point(0, s.coords(p));
      QVERIFY(same.has_value());
      QCOMPARE(s.points[p].level, d.points[*same].level);
    }
    QCOMPARE(s.step_count(), s.level_count());
  }

  // The same kernel's step hyperplanes: none in the original order (a step
  // is a point), the anti-diagonals i + j = c after the skew, one per step,
  // each through the points of its step.
  void recurrenceHyperplanes() {
    const LoadedProgram lp = recurrence2d();
    const long n = 6;
    const std::array<int, 2> axes[] = {{0, 1}};
    const PlotData d = plot(lp, lp.original_schedule, {{"n", n}});
    std::vector<std::uint32_t> all(d.points.size());
    std::iota(all.begin(), all.end(), 0u);
    QVERIFY(!step_normal(d.statements[0], 0, 1).has_value());
    QVERIFY(step_lines(d, all, axes).empty());

    const PlotData s = plot(lp, apply_all(lp, {"S0.skew(i, j, 1, 1)"}), {{"n", n}});
    QCOMPARE(step_normal(s.statements[0], 0, 1), std::make_optional(std::make_pair(1L, 1L)));
    std::vector<std::int32_t> line_of;
    const std::vector<StepLine> lines = step_lines(s, all, axes, &line_of);
    QCOMPARE(lines.size(), s.step_count());
    QCOMPARE(line_of.size(), all.size());
    for (std::size_t k = 0; k < all.size(); ++k) {
      QVERIFY(line_of[k] >= 0);
      QCOMPARE(lines[static_cast<std::size_t>(line_of[k])].c, s.coords(all[k])[0] + s.coords(all[k])[1]);
    }
    std::set<long> constants;
    for (const StepLine& line : lines) {
      QVERIFY(line.oblique());
      QCOMPARE(line.a, 1L);
      QCOMPARE(line.b, 1L);
      constants.insert(line.c);
      std::uint32_t on_line = 0;
      for (std::size_t p = 0; p < s.points.size(); ++p) {
        const long c = s.coords(p)[0] + s.coords(p)[1];
        if (c == line.c) {
          ++on_line;
          QCOMPARE(s.points[p].step, line.step);
        }
      }
      QCOMPARE(line.point_count, on_line);
      // The segment's ends lie on the line, half a unit past the outer points.
      QVERIFY(std::abs(line.x0 + line.y0 - static_cast<double>(line.c)) < 1e-9);
      QVERIFY(std::abs(line.x1 + line.y1 - static_cast<double>(line.c)) < 1e-9);
      const double length = std::hypot(line.x1 - line.x0, line.y1 - line.y0);
      QVERIFY(std::abs(length - (std::sqrt(2.0) * (on_line - 1) + 1.0)) < 1e-9);
    }
    QCOMPARE(constants.size(), lines.size());
    QCOMPARE(*constants.begin(), 2L);
    QCOMPARE(*constants.rbegin(), 2 * (n - 1));
  }

  void noDependencesIsOneLevel() {
    const LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = B[i][j] * 2;",
                                  "int n", "double A[100][100], double B[100][100]");
    const PlotData d = plot(lp, lp.original_schedule, {{"n", 5}});
    QVERIFY(d.arrows.empty());
    QCOMPARE(d.level_count(), std::size_t(1));
    QCOMPARE(d.step_count(), std::size_t(1));
    for (const PlotPoint& p : d.points) QCOMPARE(p.level, 0u);
  }

  void sequentialRecurrenceIsOneLevelPerPoint() {
    const LoadedProgram lp = load("  for (i = 1; i < n; i++)\n    A[i] = A[i - 1] + 1;", "int n", "double A[100]");
    for (long n : {2L, 7L, 40L}) {
      const PlotData d = plot(lp, lp.original_schedule, {{"n", n}});
      QCOMPARE(d.points.size(), std::size_t(n - 1));
      QCOMPARE(d.level_count(), d.points.size());
      QCOMPARE(d.step_count(), d.points.size());
      for (std::size_t p = 0; p < d.points.size(); ++p)
        QCOMPARE(d.points[p].level, static_cast<std::uint32_t>(d.coords(p)[0] - 1));
    }
  }

  // Anti-dependences order too: A[i] = A[i + 1] reads what the next
  // iteration overwrites, a chain of WAR pairs only.
  void writeAfterReadChainIsOneLevelPerPoint() {
    const LoadedProgram lp = load("  for (i = 0; i < n - 1; i++)\n    A[i] = A[i + 1] * 2;", "int n", "double A[100]");
    const PlotData d = plot(lp, lp.original_schedule, {{"n", 9}});
    QCOMPARE(d.points.size(), std::size_t(8));
    QVERIFY(!d.arrows.empty());
    for (const PlotArrow& a : d.arrows) QVERIFY(a.kind == DependenceKind::WriteAfterRead);
    QCOMPARE(d.level_count(), d.points.size());
    for (std::size_t p = 0; p < d.points.size(); ++p)
      QCOMPARE(d.points[p].level, static_cast<std::uint32_t>(d.coords(p)[0]));
  }

  // Seidel: the distances within a sweep are (0, 0, 1) and (0, 1, -1 .. 1),
  // across sweeps (1, -1 .. 0, -1 .. 1); the smallest f = a t + b i + c j with
  // f(d) >= 1 for all of them is 4t + 2i + j, and every point has a source
  // one lower, so level(t, i, j) = 4t + 2(i - 1) + (j - 1).
  void seidelLevelsAndWavefrontSkews() {
    const LoadedProgram lp = seidel2d();
    const long tsteps = 2, n = 6;
    const std::map<std::string, long> params{{"tsteps", tsteps}, {"n", n}};
    const PlotData d = plot(lp, lp.original_schedule, params);
    QCOMPARE(d.points.size(), std::size_t(tsteps * (n - 2) * (n - 2)));
    for (std::size_t p = 0; p < d.points.size(); ++p) {
      auto c = d.coords(p);
      QCOMPARE(d.points[p].level, static_cast<std::uint32_t>(4 * c[0] + 2 * (c[1] - 1) + (c[2] - 1)));
    }
    const std::size_t critical = static_cast<std::size_t>(4 * (tsteps - 1) + 3 * (n - 3) + 1);
    QCOMPARE(d.level_count(), critical);
    QCOMPARE(d.step_count(), d.points.size());  // every loop carries a dependence
    checkLevelsAreLongestPaths(d);

    // 2i + j orders a sweep: one step per (t, 2i + j).
    const isl::schedule sweep = apply_all(lp, {"S0.skew(i, j, 2, 1)"});
    QVERIFY(legality(lp, sweep).legal());
    const PlotData w = plot(lp, sweep, params);
    QCOMPARE(w.level_count(), critical);
    QCOMPARE(w.step_count(), static_cast<std::size_t>(tsteps * (3 * (n - 3) + 1)));
    // 4t + 2i + j: the levels themselves are the schedule's steps.
    const isl::schedule full = apply_all(lp, {"S0.skew(i, j, 2, 1)", "S0.skew(t, i, 4, 1)"});
    QVERIFY(legality(lp, full).legal());
    const PlotData f = plot(lp, full, params);
    QCOMPARE(f.level_count(), critical);
    QCOMPARE(f.step_count(), critical);
    for (std::size_t p = 0; p < f.points.size(); ++p) QCOMPARE(f.points[p].step, f.points[p].level);
    // On the (i, j) plane the steps of both skews are the lines 2i + j = c.
    QCOMPARE(step_normal(w.statements[0], 1, 2), std::make_optional(std::make_pair(2L, 1L)));
    QCOMPARE(step_normal(f.statements[0], 1, 2), std::make_optional(std::make_pair(2L, 1L)));
    // On (t, i) the full skew's are 4t + 2i = c, i.e. normal (2, 1).
    QCOMPARE(step_normal(f.statements[0], 0, 1), std::make_optional(std::make_pair(2L, 1L)));
  }

  // Jacobi-1d: S0 of sweep t at level 2t, S1 at 2t + 1, which the original
  // order (t, then each loop in parallel) already reaches. Time tiling (skew,
  // tile, wavefront of tiles) keeps the levels and needs more steps.
  void jacobiLevelsBeforeAndAfterTimeTiling() {
    const LoadedProgram lp = jacobi1d();
    const long tsteps = 4, n = 12;
    const std::map<std::string, long> params{{"tsteps", tsteps}, {"n", n}};
    const PlotData d = plot(lp, lp.original_schedule, params);
    for (std::size_t p = 0; p < d.points.size(); ++p)
      QCOMPARE(d.points[p].level,
               static_cast<std::uint32_t>(2 * d.coords(p)[0] + (d.statement_name(p) == "S1" ? 1 : 0)));
    QCOMPARE(d.level_count(), std::size_t(2 * tsteps));
    QCOMPARE(d.step_count(), std::size_t(2 * tsteps));
    checkLevelsAreLongestPaths(d);
    // The original steps are the lines t = c on (t, i): vertical, not oblique.
    const std::array<int, 2> axes[] = {{0, 1}, {0, 1}};
    std::vector<std::uint32_t> all(d.points.size());
    std::iota(all.begin(), all.end(), 0u);
    const std::vector<StepLine> lines = step_lines(d, all, axes);
    QCOMPARE(lines.size(), d.step_count());
    for (const StepLine& line : lines) QVERIFY(line.a == 1 && line.b == 0);

    const isl::schedule tiled =
        apply_all(lp, {"S1.shift(i, 1)", "S1.after(S0, i)", "S0.skew(t, i, 2)", "S0.tile(t, i, 4, 4, T, I, t1, i1)",
                       "S0.skew(T, I, 1, 1, w, p)", "S0.parallelize(p)"});
    QVERIFY(legality(lp, tiled).legal());
    const PlotData t = plot(lp, tiled, params);
    QCOMPARE(t.level_count(), d.level_count());
    for (std::size_t p = 0; p < t.points.size(); ++p) {
      auto same = d.find_point(t.points[p].statement, t.coords(p));
      QVERIFY(same.has_value());
      QCOMPARE(t.points[p].level, d.points[*same].level);
    }
    QVERIFY2(t.step_count() > d.step_count(), qPrintable(QString::number(t.step_count())));
    // Tile loops are floor divisions: no hyperplane.
    QVERIFY(!step_normal(t.statements[0], 0, 1).has_value());
  }

  // A schedule that runs a dependence backwards still gets the levels of the
  // dependences (which do not depend on the schedule), and its steps.
  void levelsIgnoreTheSchedule() {
    const LoadedProgram lp = load("  for (i = 1; i < n; i++)\n    A[i] = A[i - 1] + 1;", "int n", "double A[100]");
    isl::union_map reversed(lp.program.ctx(), "[n] -> { S0[i] -> [-i] }");
    const isl::union_set domain = lp.program.domains();
    isl::schedule s = isl::manage(isl_schedule_from_domain(domain.copy()));
    isl::schedule_node node = s.root().child(0);
    node = isl::manage(isl_schedule_node_insert_partial_schedule(
        node.release(), isl_multi_union_pw_aff_from_union_map(reversed.copy())));
    const LegalityReport report = check_schedule(lp.program, lp.dependences, node.schedule());
    PlotRequest req;
    req.parameters = {{"n", 6}};
    req.legality = &report;
    const PlotData d = build_plot_data(lp.program, lp.dependences, node.schedule(), req);
    QCOMPARE(d.level_count(), std::size_t(5));
    for (std::size_t p = 0; p < d.points.size(); ++p)
      QCOMPARE(d.points[p].level, static_cast<std::uint32_t>(d.coords(p)[0] - 1));
  }

  // Capped arrows: the levels of the pairs found, said to be a lower bound.
  void cappedArrowsAreALowerBound() {
    const LoadedProgram lp = load("  for (i = 1; i < n; i++)\n    A[i] = A[i - 1] + 1;", "int n", "double A[100]");
    PlotRequest req;
    req.parameters = {{"n", 30}};
    req.max_arrows_per_dependence = 10;
    const PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QVERIFY(d.arrows_truncated);
    QVERIFY(!d.levels_complete);
    QVERIFY(d.level_count() < d.points.size());
    QVERIFY(d.level_count() >= 2);
  }

  // Linear in points + arrows: 102,400 points of a 2-D recurrence (204,800
  // pairs, under the arrow caps raised for it) well under a second.
  void largeGraphIsFast() {
    const LoadedProgram lp = recurrence2d();
    PlotRequest req;
    req.parameters = {{"n", 321}};
    req.max_points = 200'000;
    req.max_arrows = 400'000;
    req.max_arrows_per_dependence = 200'000;
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.points.size(), std::size_t(320 * 320));
    QVERIFY(d.levels_complete);
    QElapsedTimer timer;
    timer.start();
    assign_dependence_levels(d);
    const qint64 ms = timer.elapsed();
    QCOMPARE(d.level_count(), std::size_t(2 * 320 - 1));
    qInfo("levels of %zu points, %zu arrows in %lld ms", d.points.size(), d.arrows.size(), static_cast<long long>(ms));
    QVERIFY(ms < 1000);
  }
};

QTEST_GUILESS_MAIN(TestWavefront)
#include "test_wavefront.moc"
