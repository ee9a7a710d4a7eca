// SPDX-License-Identifier: Apache-2.0
// The domain plot's data: points of every statement at concrete parameter
// values, in schedule order, grouped into steps, with dependence instance
// pairs, tiles and violated pairs. Counts and orders are checked against
// what the loops do by hand.
#include <QtTest>

#include <isl/aff.h>
#include <isl/point.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "analysis/legality.h"
#include "command_test_support.h"
#include "loading/load_program.h"
#include "plot_kernels.h"
#include "schedule/node_names.h"
#include "plot/affine_eval.h"
#include "plot/domain_points.h"
#include "plot/lexicographic_keys.h"
#include "plot/plot_domain.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

LoadedProgram jacobi1d() {
  return load(
      "  for (t = 0; t < tsteps; t++) {\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      A[i] = B[i];\n"
      "  }",
      "int tsteps, int n", "double A[100], double B[100]");
}

std::vector<long> v(std::initializer_list<long> values) { return std::vector<long>(values); }

std::vector<long> coords(const PlotData& d, std::size_t p) {
  auto c = d.coords(p);
  return std::vector<long>(c.begin(), c.end());
}

isl::schedule tiled(const isl::schedule& schedule, const std::string& band_name, std::vector<int> sizes) {
  std::optional<isl::schedule_node> named = find_node(schedule, band_name);
  isl::schedule_node band = named ? *named : schedule.root();
  while (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) band = band.child(0);
  isl_space* space = isl_schedule_node_band_get_space(band.get());
  isl_multi_val* mv = isl_multi_val_zero(space);
  for (std::size_t k = 0; k < sizes.size(); ++k)
    mv = isl_multi_val_set_val(mv, static_cast<int>(k), isl_val_int_from_si(isl_schedule_node_get_ctx(band.get()), sizes[k]));
  isl::schedule_node tiled_node = isl::manage(isl_schedule_node_band_tile(band.copy(), mv));
  return tiled_node.schedule();
}

}  // namespace

class TestViewDomainPoints : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void matmulCountsAndSteps() {
    LoadedProgram lp = matmul();
    PlotRequest req;
    req.parameters = {{"n", 4}};
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.statements.size(), std::size_t(2));
    QCOMPARE(d.statements[0].point_count, std::size_t(16));
    QCOMPARE(d.statements[1].point_count, std::size_t(64));
    QCOMPARE(d.points.size(), std::size_t(80));
    QVERIFY(!d.truncated);
    QCOMPARE(d.statements[1].iterators, (std::vector<std::string>{"i", "j", "k"}));
    // Source order: S0[0, 0], S1[0, 0, 0..3], S0[0, 1], ...
    QCOMPARE(d.point_label(0), std::string("S0[0, 0]"));
    QCOMPARE(d.point_label(1), std::string("S1[0, 0, 0]"));
    QCOMPARE(d.point_label(4), std::string("S1[0, 0, 3]"));
    QCOMPARE(d.point_label(5), std::string("S0[0, 1]"));
    // i and j carry nothing, k carries the reduction: one step for every S0,
    // then one per k with all 16 (i, j) together.
    QCOMPARE(d.step_count(), std::size_t(5));
    QCOMPARE(d.step_offsets[1] - d.step_offsets[0], 16u);
    for (std::size_t s = 1; s < 5; ++s) QCOMPARE(d.step_offsets[s + 1] - d.step_offsets[s], 16u);
    for (std::size_t p = 0; p < d.points.size(); ++p) {
      if (d.points[p].statement == 0) {
        QCOMPARE(d.points[p].step, 0u);
      } else {
        QCOMPARE(long(d.points[p].step), d.coords(p)[2] + 1);
      }
    }
    // Every dependence pair runs in a later step.
    QVERIFY(!d.arrows.empty());
    for (const PlotArrow& a : d.arrows) {
      QVERIFY(a.source < a.sink);
      QVERIFY(d.points[a.source].step < d.points[a.sink].step);
    }
    QCOMPARE(d.tiles.size(), std::size_t(0));
    QVERIFY(d.find_point("S1", v({3, 2, 1})).has_value());
    QVERIFY(!d.find_point("S1", v({4, 2, 1})).has_value());
  }

  void jacobiCounts() {
    LoadedProgram lp = jacobi2d();
    PlotRequest req;
    req.parameters = {{"tsteps", 2}, {"n", 5}};
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.statements[0].point_count, std::size_t(18));
    QCOMPARE(d.statements[1].point_count, std::size_t(18));
    // (t, sweep) sequential, i and j parallel: four steps of nine.
    QCOMPARE(d.step_count(), std::size_t(4));
    for (std::size_t s = 0; s < 4; ++s) QCOMPARE(d.step_offsets[s + 1] - d.step_offsets[s], 9u);
    QCOMPARE(d.parameters.size(), std::size_t(2));
    QCOMPARE(d.statements[0].time_dims.size(), std::size_t(4));
    QVERIFY(!d.statements[0].time_dims[0].concurrent);                 // t
    QCOMPARE(d.statements[0].time_dims[0].label, std::string("t"));
    QVERIFY(d.statements[0].time_dims[1].kind == PlotTimeDim::Kind::Position);
    QVERIFY(d.statements[0].time_dims[2].concurrent);                  // i
    // At n = 10 there are 2 * 64 points per statement.
    req.parameters = {{"tsteps", 2}, {"n", 10}};
    PlotData big = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(big.points.size(), std::size_t(256));
  }

  void interchangedOrder() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] + 1;",
                            "int n", "double A[100][100]");
    isl::union_set domain = lp.program.domains();
    isl::union_map swapped(lp.program.ctx(), "[n] -> { S0[i, j] -> [j, i] }");
    isl::schedule s = isl::manage(isl_schedule_from_domain(domain.copy()));
    isl::schedule_node root = s.root().child(0);
    isl::multi_union_pw_aff mupa = isl::manage(isl_multi_union_pw_aff_from_union_map(swapped.copy()));
    root = isl::manage(isl_schedule_node_insert_partial_schedule(root.release(), mupa.release()));
    PlotRequest req;
    req.parameters = {{"n", 3}};
    PlotData d = build_plot_data(lp.program, lp.dependences, root.schedule(), req);
    QCOMPARE(d.points.size(), std::size_t(9));
    // j outer: (0,0), (1,0), (2,0), (0,1), ...
    QCOMPARE(coords(d, 0), v({0, 0}));
    QCOMPARE(coords(d, 1), v({1, 0}));
    QCOMPARE(coords(d, 2), v({2, 0}));
    QCOMPARE(coords(d, 3), v({0, 1}));
    QCOMPARE(d.statements[0].time_dims[0].label, std::string("j"));
    std::vector<long> t(d.time(1).begin(), d.time(1).end());
    QCOMPARE(t, v({0, 1}));
    // No dependence: both loops concurrent, so one step holds every point.
    QCOMPARE(d.step_count(), std::size_t(1));
    // The original order, for contrast.
    PlotData o = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(coords(o, 1), v({0, 1}));
  }

  void jacobi1dArrows() {
    LoadedProgram lp = jacobi1d();
    PlotRequest req;
    req.parameters = {{"tsteps", 2}, {"n", 6}};
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.points.size(), std::size_t(16));
    auto has_arrow = [&](const std::string& a, std::vector<long> ca, const std::string& b, std::vector<long> cb,
                         DependenceKind kind) {
      auto pa = d.find_point(a, ca);
      auto pb = d.find_point(b, cb);
      if (!pa || !pb) return false;
      for (const PlotArrow& arrow : d.arrows)
        if (arrow.source == *pa && arrow.sink == *pb && arrow.kind == kind) return true;
      return false;
    };
    // B[2] written by S0[0, 2], read by S1[0, 2].
    QVERIFY(has_arrow("S0", v({0, 2}), "S1", v({0, 2}), DependenceKind::ReadAfterWrite));
    // A[1] written by S1[0, 1], read by S0[1, 2] (A[i - 1]), S0[1, 1], S0[1, 0] is no point.
    QVERIFY(has_arrow("S1", v({0, 1}), "S0", v({1, 2}), DependenceKind::ReadAfterWrite));
    QVERIFY(has_arrow("S1", v({0, 1}), "S0", v({1, 1}), DependenceKind::ReadAfterWrite));
    // A[2] read by S0[0, 3] (A[i - 1]) before S1[0, 2] overwrites it.
    QVERIFY(has_arrow("S0", v({0, 3}), "S1", v({0, 2}), DependenceKind::WriteAfterRead));
    QVERIFY(!has_arrow("S0", v({0, 2}), "S1", v({0, 3}), DependenceKind::ReadAfterWrite));
    // RAW on B: 4 per t; RAW on A from t = 0 to t = 1: the three reads of each written A[i] that exist.
    std::size_t raw_b = 0, raw_a = 0;
    for (const PlotArrow& a : d.arrows) {
      const Dependence& dep = lp.dependences.list[static_cast<std::size_t>(a.dependence)];
      if (a.kind != DependenceKind::ReadAfterWrite) continue;
      if (dep.array == "B") ++raw_b;
      if (dep.array == "A") ++raw_a;
      QVERIFY(!a.violated);
    }
    QCOMPARE(raw_b, std::size_t(8));
    QCOMPARE(raw_a, std::size_t(4 + 3 + 3));  // A[1..4] read by i-1, i, i+1 within 1..4
    QVERIFY(d.violations.empty());
    QCOMPARE(d.arrows_touching(*d.find_point("S0", v({0, 2}))).size() > 0, true);
  }

  void tilesAfterTile() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = B[i][j] * 2;",
                            "int n", "double A[100][100], double B[100][100]");
    isl::schedule s = tiled(lp.original_schedule, "C0", {4, 4});
    PlotRequest req;
    req.parameters = {{"n", 8}};
    PlotData d = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(d.points.size(), std::size_t(64));
    QCOMPARE(d.tiles.size(), std::size_t(4));
    for (const PlotTile& t : d.tiles) QCOMPARE(t.point_count, 16u);
    for (std::size_t p = 0; p < d.points.size(); ++p) {
      QVERIFY(d.points[p].tile >= 0);
      for (std::size_t q = 0; q < d.points.size(); ++q) {
        const bool same = d.coords(p)[0] / 4 == d.coords(q)[0] / 4 && d.coords(p)[1] / 4 == d.coords(q)[1] / 4;
        QCOMPARE(d.points[p].tile == d.points[q].tile, same);
      }
    }
    // Tile by tile: the first 16 points fill tile (0, 0).
    for (std::size_t p = 0; p < 16; ++p) {
      QVERIFY(d.coords(p)[0] < 4 && d.coords(p)[1] < 4);
    }
    QCOMPARE(coords(d, 4), v({1, 0}));
    QVERIFY(d.statements[0].time_dims[0].tile);
    QVERIFY(!d.statements[0].time_dims[2].tile);
    // Uneven: n = 6 gives tiles of 16, 8, 8, 4.
    req.parameters = {{"n", 6}};
    PlotData u = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(u.tiles.size(), std::size_t(4));
    std::multiset<std::uint32_t> sizes;
    for (const PlotTile& t : u.tiles) sizes.insert(t.point_count);
    QCOMPARE(sizes, (std::multiset<std::uint32_t>{4, 8, 8, 16}));
  }

  // GPU loops: a gpu_block loop outlines its blocks like tiles, and every point
  // knows its block and thread (the values of its block and thread loops).
  void gpuBlocksAndThreads() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = B[i][j] * 2;",
                            "int n", "double A[100][100], double B[100][100]");
    PlotRequest req;
    req.parameters = {{"n", 6}};
    const PlotData plain = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QVERIFY(!plain.has_gpu_blocks());
    QCOMPARE(plain.gpu_position(0), std::string());

    const isl::schedule mapped = apply_all(lp, {"S0.gpu(i, j)"});
    const PlotData d = build_plot_data(lp.program, lp.dependences, mapped, req);
    QVERIFY(d.has_gpu_blocks());
    const std::vector<PlotTimeDim>& dims = d.statements[0].time_dims;
    QCOMPARE(dims[0].gpu, std::string("block"));
    QCOMPARE(dims[0].gpu_axis, std::string("x"));
    QCOMPARE(dims[1].gpu, std::string("thread"));
    QVERIFY(dims[0].tile && !dims[1].tile);
    QCOMPARE(d.tiles.size(), std::size_t(6));  // a block per row i
    const std::optional<std::size_t> p = d.find_point("S0", v({2, 3}));
    QVERIFY(p);
    QCOMPARE(d.gpu_position(*p), std::string("block (x = 2), thread (x = 3)"));
    QCOMPARE(d.gpu_thread_label(*p), std::string("3"));

    // tile_gpu: 2 x 3 tiles on blocks, their points on threads (y outer, x inner).
    const isl::schedule tiled_gpu = apply_all(lp, {"S0.tile_gpu(i, j, 2, 3)"});
    const PlotData t = build_plot_data(lp.program, lp.dependences, tiled_gpu, req);
    QCOMPARE(t.tiles.size(), std::size_t(6));
    const std::optional<std::size_t> q = t.find_point("S0", v({3, 4}));
    QVERIFY(q);
    QCOMPARE(t.gpu_position(*q), std::string("block (y = 1, x = 1), thread (y = 1, x = 1)"));
    QCOMPARE(t.gpu_thread_label(*q), std::string("1,1"));
  }

  void violatedPairs() {
    LoadedProgram lp = load("  for (i = 1; i < n; i++)\n    A[i] = A[i - 1] + 1;", "int n", "double A[100]");
    isl::union_map reversed(lp.program.ctx(), "[n] -> { S0[i] -> [-i] }");
    isl::union_set domain = lp.program.domains();
    isl::schedule s = isl::manage(isl_schedule_from_domain(domain.copy()));
    isl::schedule_node node = s.root().child(0);
    node = isl::manage(isl_schedule_node_insert_partial_schedule(
        node.release(), isl_multi_union_pw_aff_from_union_map(reversed.copy())));
    LegalityReport report = check_schedule(lp.program, lp.dependences, node.schedule());
    QVERIFY(!report.legal());
    PlotRequest req;
    req.parameters = {{"n", 6}};
    req.legality = &report;
    PlotData d = build_plot_data(lp.program, lp.dependences, node.schedule(), req);
    QCOMPARE(d.points.size(), std::size_t(5));
    QCOMPARE(coords(d, 0), v({5}));  // reversed order
    QVERIFY(!d.violations.empty());
    const PlotViolation& pv = d.violations.front();
    QVERIFY(pv.source >= 0 && pv.sink >= 0);
    QCOMPARE(d.coords(std::size_t(pv.sink))[0], d.coords(std::size_t(pv.source))[0] + 1);
    std::size_t violated = 0;
    for (const PlotArrow& a : d.arrows)
      if (a.violated) ++violated;
    QCOMPARE(violated, std::size_t(4));  // every RAW pair i-1 -> i
  }

  void capsAndErrors() {
    LoadedProgram lp = matmul();
    PlotRequest req;
    req.parameters = {{"n", 10}};
    req.max_points = 50;
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.points.size(), std::size_t(50));
    QVERIFY(d.truncated);
    QVERIFY(!d.notes.empty());
    req.parameters.clear();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             build_plot_data(lp.program, lp.dependences, lp.original_schedule, req));
    auto defaults = default_parameter_values(lp.program);
    QCOMPARE(defaults.at("n"), 8L);
  }

  // Past the cap each statement keeps an equal share: a first nest as
  // large as the cap no longer hides the second.
  void capIsSharedBetweenStatements() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] + 1;\n"
                            "  for (i = 0; i < n; i++)\n    B[i] = B[i] * 2;",
                            "int n", "double A[100][100], double B[100]");
    PlotRequest req;
    req.parameters = {{"n", 100}};
    req.max_points = 1000;
    const PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QVERIFY(d.truncated);
    QCOMPARE(d.statements[0].point_count, std::size_t(900));  // what S1 leaves (100 points) goes to S0
    QCOMPARE(d.statements[1].point_count, std::size_t(100));
    req.max_points = 120;
    const PlotData tight = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(tight.statements[0].point_count, std::size_t(60));
    QCOMPARE(tight.statements[1].point_count, std::size_t(60));
  }

  void hundredThousandPoints() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] + 1;",
                            "int n", "double A[100][100]");
    PlotRequest req;
    req.parameters = {{"n", 320}};
    req.max_points = req.max_arrows = 200'000;  // past the app's cap of 100,000: the engine can take it
    QElapsedTimer timer;
    timer.start();
    PlotData d = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.points.size(), std::size_t(320 * 320));
    qInfo("102400 points in %lld ms", static_cast<long long>(timer.elapsed()));
  }

  // Time tiling (issue 8): the jacobi-1d steps of samples/scripts/time_tiling
  // with 4 x 4 tiles. The tiles are the (w, p) instances; a step holds points
  // of several tiles of one wavefront w (p runs in parallel), and every
  // dependence goes to a later step.
  void timeTiledWavefront() {
    const LoadedProgram lp = jacobi1d();
    const isl::schedule s =
        apply_all(lp, {"S1.shift(i, 1)", "S1.after(S0, i)", "S0.skew(t, i, 2)", "S0.tile(t, i, 4, 4, T, I, t1, i1)",
                       "S0.skew(T, I, 1, 1, w, p)", "S0.parallelize(p)"});
    const LegalityReport report = check_schedule(lp.program, lp.dependences, s);
    QVERIFY2(report.legal(), report.summary().c_str());
    PlotRequest req;
    req.parameters = {{"tsteps", 8}, {"n", 20}};
    req.legality = &report;
    const PlotData d = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(d.points.size(), std::size_t(2 * 8 * 18));
    QVERIFY(d.tiles.size() > 4);
    const PlotStatement& s0 = d.statements[0];
    QVERIFY(s0.time_dims[0].tile && s0.time_dims[1].tile && s0.time_dims[1].concurrent);
    QVERIFY(!s0.time_dims[0].concurrent);
    for (const PlotTile& t : d.tiles) QCOMPARE(t.key.size(), std::size_t(2));
    bool parallel_tiles = false;
    for (std::size_t step = 0; step < d.step_count(); ++step) {
      std::set<std::int32_t> tiles;
      std::set<long> fronts;
      for (std::uint32_t k = d.step_offsets[step]; k < d.step_offsets[step + 1]; ++k) {
        const std::uint32_t p = d.step_points[k];
        QVERIFY(d.points[p].tile >= 0);
        tiles.insert(d.points[p].tile);
        fronts.insert(d.time(p)[0]);
      }
      QCOMPARE(fronts.size(), std::size_t(1));
      parallel_tiles = parallel_tiles || tiles.size() > 1;
    }
    QVERIFY(parallel_tiles);
    // Checked legal, the parallel members are found from forward pairs alone: the same members.
    PlotRequest legal = req;
    legal.known_legal = true;
    const PlotData forward = build_plot_data(lp.program, lp.dependences, s, legal);
    for (std::size_t k = 0; k < d.statements.size(); ++k)
      for (std::size_t m = 0; m < d.statements[k].time_dims.size(); ++m)
        QCOMPARE(forward.statements[k].time_dims[m].concurrent, d.statements[k].time_dims[m].concurrent);
    QCOMPARE(forward.step_offsets, d.step_offsets);
    QVERIFY(!d.arrows.empty());
    for (const PlotArrow& a : d.arrows) {
      QVERIFY(!a.violated);
      QVERIFY(d.points[a.source].step < d.points[a.sink].step);
    }
  }

  // Steps are the points' times without their concurrent dimensions, in
  // order: checked from the times themselves, on a wavefront of 25,000
  // points (sorted by digits, the masked keys of plot/lexicographic_keys.h).
  void stepsAreTimesWithoutConcurrentDimensions() {
    const LoadedProgram lp = jacobi1d();
    const isl::schedule s =
        apply_all(lp, {"S1.shift(i, 1)", "S1.after(S0, i)", "S0.skew(t, i, 2)", "S0.tile(t, i, 8, 16, T, I, t1, i1)",
                       "S0.skew(T, I, 1, 1, w, p)", "S0.parallelize(p)"});
    PlotRequest req;
    req.parameters = {{"tsteps", 64}, {"n", 200}};
    const PlotData d = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(d.points.size(), std::size_t(2 * 64 * 198));
    auto step_key = [&](std::uint32_t p) {
      const PlotStatement& st = d.statements[static_cast<std::size_t>(d.points[p].statement)];
      std::vector<long> key;
      const std::span<const long> t = d.time(p);
      for (std::size_t k = 0; k < t.size(); ++k)
        if (k >= st.time_dims.size() || !st.time_dims[k].concurrent) key.push_back(t[k]);
      return key;
    };
    QVERIFY(d.step_count() > 1);
    QCOMPARE(d.step_offsets.back(), std::uint32_t(d.points.size()));
    std::set<std::uint32_t> seen;
    for (std::size_t step = 0; step < d.step_count(); ++step) {
      const std::vector<long> first = step_key(d.step_points[d.step_offsets[step]]);
      if (step > 0) QVERIFY(step_key(d.step_points[d.step_offsets[step - 1]]) < first);
      for (std::uint32_t k = d.step_offsets[step]; k < d.step_offsets[step + 1]; ++k) {
        const std::uint32_t p = d.step_points[k];
        QCOMPARE(step_key(p), first);
        QCOMPARE(d.points[p].step, std::uint32_t(step));
        QVERIFY(seen.insert(p).second);
        if (k > d.step_offsets[step]) QVERIFY(d.step_points[k - 1] < p);  // schedule order within a step
      }
    }
  }

  // The plot computes times without isl (plot/affine_eval.h): tile
  // expressions with nested floor divisions and negative values agree with
  // isl's own evaluation; what it cannot take (several pieces, a rational
  // value) it leaves to isl.
  void affineEvaluatorMatchesIsl() {
    isl_ctx* raw = isl_ctx_alloc();
    isl::ctx ctx(raw);
    {
      const isl::set domain(ctx, "[n] -> { S[t, i] : -9 <= t < n and -5 <= i < n and n = 13 }");
      const char* values[] = {
          "[n] -> { S[t, i] -> [(floor((2t + i)/16) + floor(t/4))] }",
          "[n] -> { S[t, i] -> [(floor((-3t + i - 7)/5) - 2i + n)] }",
          "[n] -> { S[t, i] -> [(floor((floor(t/3) + i)/4))] }",
          "[n] -> { S[t, i] -> [(t - 4*floor(t/4))] }",
      };
      for (const char* text : values) {
        const isl::pw_aff value(ctx, text);
        const std::optional<AffineEvaluator> e = AffineEvaluator::of(value, domain, {{"n", 13}});
        QVERIFY2(e.has_value(), text);
        int checked = 0;
        domain.foreach_point([&](isl::point p) {
          auto coordinate = [&](int k) {
            isl_val* c = isl_point_get_coordinate_val(p.get(), isl_dim_set, k);
            const long out = isl_val_get_num_si(c);
            isl_val_free(c);
            return out;
          };
          const long t = coordinate(0), i = coordinate(1);
          isl_val* expected = isl_pw_aff_eval(value.copy(), p.copy());
          const long want = isl_val_get_num_si(expected);
          isl_val_free(expected);
          const long got = (*e)(std::vector<long>{t, i});
          if (got != want) QFAIL(qPrintable(QString("%1 at (%2, %3): %4, isl %5").arg(text).arg(t).arg(i).arg(got).arg(want)));
          ++checked;
        });
        QCOMPARE(checked, 22 * 18);
      }
    }
    {
      const isl::set domain(ctx, "{ S[t, i] : 0 <= t < 10 and 0 <= i < 10 }");
      QVERIFY(!AffineEvaluator::of(isl::pw_aff(ctx, "{ S[t, i] -> [(t)] : t < 5; S[t, i] -> [(i)] : t >= 5 }"),
                                   domain, {}));
      QVERIFY(!AffineEvaluator::of(isl::pw_aff(ctx, "{ S[t, i] -> [(t/2)] }"), domain, {}));
      QVERIFY(!AffineEvaluator::of(isl::pw_aff(ctx, "{ S[t, i] -> [(t)] : t < 5 }"), domain, {}));  // not all of it
    }
    isl_ctx_free(raw);
  }

  // A statement split over two leaves takes its times from isl (the scan of
  // each leaf's time map): every instance once, the later leaf's after the other's.
  void statementOverTwoLeaves() {
    const LoadedProgram lp = jacobi1d();
    isl::schedule_node root = lp.original_schedule.root().child(0);
    isl_union_set_list* filters = isl_union_set_list_alloc(lp.program.isl().ctx().get(), 2);
    filters = isl_union_set_list_add(filters, isl_union_set_read_from_str(lp.program.isl().ctx().get(),
                                                                        "{ S0[t, i] : t < 1; S1[t, i] }"));
    filters = isl_union_set_list_add(filters,
                                     isl_union_set_read_from_str(lp.program.isl().ctx().get(), "{ S0[t, i] : t >= 1 }"));
    const isl::schedule split = isl::manage(isl_schedule_node_insert_sequence(root.copy(), filters)).schedule();
    PlotRequest req;
    req.parameters = {{"tsteps", 3}, {"n", 6}};
    const PlotData d = build_plot_data(lp.program, lp.dependences, split, req);
    const PlotData original = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    QCOMPARE(d.points.size(), std::size_t(2 * 3 * 4));
    QCOMPARE(d.arrows.size(), original.arrows.size());
    bool late = false;
    for (std::size_t p = 0; p < d.points.size(); ++p) {
      const bool s0_late = d.statement_name(p) == "S0" && d.coords(p)[0] >= 1;
      QVERIFY(!late || s0_late);  // once the second leaf starts, only its points follow
      late = late || s0_late;
    }
    QVERIFY(late);
  }

  // The instances and pairs are enumerated once for a domain and parameter
  // values (plot/plot_domain.h): a later schedule reuses them and plots what
  // a fresh enumeration plots; other values enumerate again.
  void domainReusedAcrossSteps() {
    const LoadedProgram lp = jacobi1d();
    const isl::schedule s =
        apply_all(lp, {"S1.shift(i, 1)", "S1.after(S0, i)", "S0.skew(t, i, 2)", "S0.tile(t, i, 4, 4, T, I, t1, i1)"});
    PlotCache cache;
    PlotRequest req;
    req.parameters = {{"tsteps", 6}, {"n", 12}};
    req.cache = &cache;
    const PlotData first = build_plot_data(lp.program, lp.dependences, lp.original_schedule, req);
    const auto kept = cache.get(lp.program, lp.dependences, s.domain(), req);
    const PlotData cached = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(cache.get(lp.program, lp.dependences, s.domain(), req).get(), kept.get());
    req.cache = nullptr;
    const PlotData fresh = build_plot_data(lp.program, lp.dependences, s, req);
    QCOMPARE(cached.points.size(), fresh.points.size());
    QCOMPARE(cached.times, fresh.times);
    QCOMPARE(cached.coordinates, fresh.coordinates);
    QCOMPARE(cached.step_offsets, fresh.step_offsets);
    QCOMPARE(cached.tiles.size(), fresh.tiles.size());
    QCOMPARE(cached.arrows.size(), fresh.arrows.size());
    QCOMPARE(cached.arrows.size(), first.arrows.size());
    for (std::size_t a = 0; a < cached.arrows.size(); ++a) {
      QCOMPARE(cached.arrows[a].source, fresh.arrows[a].source);
      QCOMPARE(cached.arrows[a].sink, fresh.arrows[a].sink);
    }
    // Which members carry a dependence, kept by band: a step that only tags
    // a loop asks again and gets what a fresh computation says.
    std::vector<std::string> script = {"S1.shift(i, 1)", "S1.after(S0, i)", "S0.skew(t, i, 2)",
                                       "S0.tile(t, i, 4, 4, T, I, t1, i1)", "S0.skew(T, I, 1, 1, w, p)"};
    const isl::schedule skewed = apply_all(lp, script);
    script.push_back("S0.parallelize(p)");
    const isl::schedule tagged = apply_all(lp, script);
    req.cache = &cache;
    build_plot_data(lp.program, lp.dependences, skewed, req);
    const PlotData kept_tags = build_plot_data(lp.program, lp.dependences, tagged, req);
    req.cache = nullptr;
    const PlotData fresh_tags = build_plot_data(lp.program, lp.dependences, tagged, req);
    for (std::size_t st = 0; st < kept_tags.statements.size(); ++st) {
      QCOMPARE(kept_tags.statements[st].time_dims.size(), fresh_tags.statements[st].time_dims.size());
      for (std::size_t k = 0; k < kept_tags.statements[st].time_dims.size(); ++k)
        QCOMPARE(kept_tags.statements[st].time_dims[k].concurrent, fresh_tags.statements[st].time_dims[k].concurrent);
    }
    QCOMPARE(kept_tags.step_offsets, fresh_tags.step_offsets);
    req.cache = &cache;
    req.parameters["n"] = 10;
    QVERIFY(cache.get(lp.program, lp.dependences, s.domain(), req).get() != kept.get());
  }

  // Dependence pairs mapped in C++ (a relation that is a function of its
  // source or sink) are the pairs isl's scan of the relation finds, on
  // stencils, linear algebra and a multi-statement medley kernel.
  // Packed keys sort rows as the rows themselves compare: segment by
  // segment, a shorter segment before a longer one that starts the same;
  // columns too wide for the words are refused, not truncated.
  void packedKeysKeepLexicographicOrder() {
    struct Row {
      std::vector<long> time;
      long statement;
      std::vector<long> coords;
    };
    std::vector<Row> rows;
    unsigned seed = 7;
    auto next = [&](long range) { seed = seed * 1103515245u + 12345u; return long((seed >> 8) % unsigned(range)); };
    for (int k = 0; k < 3000; ++k) {
      Row r;
      for (long d = 0, n = 1 + next(4); d < n; ++d) r.time.push_back(next(7) - 3);
      r.statement = next(3);
      for (long d = 0, n = 1 + next(3); d < n; ++d) r.coords.push_back(next(2000) - 1000);
      rows.push_back(std::move(r));
    }
    auto less = [](const Row& a, const Row& b) {
      if (a.time != b.time) return std::lexicographical_compare(a.time.begin(), a.time.end(), b.time.begin(), b.time.end());
      if (a.statement != b.statement) return a.statement < b.statement;
      return std::lexicographical_compare(a.coords.begin(), a.coords.end(), b.coords.begin(), b.coords.end());
    };
    LexicographicKeys packing({4, 1, 3});
    for (const Row& r : rows) {
      packing.observe(0, r.time);
      packing.observe(1, std::span<const long>(&r.statement, 1));
      packing.observe(2, r.coords);
    }
    QVERIFY(packing.fits());
    for (std::size_t a = 0; a < rows.size(); a += 7)
      for (std::size_t b = 0; b < rows.size(); b += 5) {
        const auto ka = packing.key({rows[a].time, std::span<const long>(&rows[a].statement, 1), rows[a].coords});
        const auto kb = packing.key({rows[b].time, std::span<const long>(&rows[b].statement, 1), rows[b].coords});
        QCOMPARE(ka < kb, less(rows[a], rows[b]));
        QCOMPARE(ka == kb, !less(rows[a], rows[b]) && !less(rows[b], rows[a]));
      }
    // Equal keys keep their rows' order.
    const LexicographicKeys::Key low{1, 0, 0}, high{2, 0, 0};
    QCOMPARE(LexicographicKeys::order_of({high, low, high, low}), (std::vector<std::uint32_t>{1, 3, 0, 2}));
    // Past a few thousand rows the order comes from digits (a radix sort): the
    // same order as a stable sort of the keys, equal keys in row order.
    std::vector<LexicographicKeys::Key> many;
    for (int k = 0; k < 20000; ++k)
      many.push_back({std::uint64_t(next(5)) << 40 | std::uint64_t(next(3)), 7, std::uint64_t(next(50000)) << 20});
    std::vector<std::uint32_t> expected(many.size());
    std::iota(expected.begin(), expected.end(), 0u);
    std::stable_sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) { return many[a] < many[b]; });
    QCOMPARE(LexicographicKeys::order_of(many), expected);
    LexicographicKeys wide({4});
    const std::vector<long> huge{-(1L << 59), -(1L << 59), -(1L << 59), -(1L << 59)};
    const std::vector<long> small{1L << 59, 1L << 59, 1L << 59, 1L << 59};  // 61 bits a column: four words
    wide.observe(0, huge);
    wide.observe(0, small);
    QVERIFY(!wide.fits());
    LexicographicKeys narrow({2});
    const std::vector<long> three{1, 2, 3};
    narrow.observe(0, three);  // wider than its segment
    QVERIFY(!narrow.fits());
  }

  void pairsByFunctionEqualTheScan() {
    int mapped = 0, scanned_only = 0;
    for (const char* kernel : {"stencils/jacobi-1d", "stencils/jacobi-2d", "stencils/seidel-2d", "stencils/fdtd-2d",
                               "stencils/heat-3d", "linear-algebra/blas/gemm", "linear-algebra/solvers/lu",
                               "linear-algebra/solvers/cholesky", "linear-algebra/blas/trmm", "medley/nussinov"}) {
      const LoadedProgram lp = load_polybench(kernel);
      PlotRequest req;
      for (const std::string& p : lp.program.parameters) req.parameters[p] = 7;
      const auto domain = enumerate_plot_domain(lp.program, lp.dependences, lp.original_schedule.domain(), req);
      for (const Dependence& dep : lp.dependences.list) {
        const int si = lp.program.statement_index(dep.source_statement);
        const int di = lp.program.statement_index(dep.sink_statement);
        QVERIFY(si >= 0 && di >= 0);
        const auto by_function = pairs_by_function(*domain, dep.relation, si, di, req.parameters);
        if (!by_function) {
          ++scanned_only;
          continue;
        }
        ++mapped;
        bool complete = false;
        const auto scanned = scan_pairs(lp.program, *domain, dep.relation, si, di, req.parameters, 1'000'000,
                                        "pairs", &complete);
        QVERIFY(complete);
        const std::string what = std::string(kernel) + ": " + dep.source_statement + " -> " + dep.sink_statement +
                                 " on " + dep.array;
        QVERIFY2(by_function->size() == scanned.size(), what.c_str());
        for (std::size_t k = 0; k < scanned.size(); ++k) {
          QVERIFY2((*by_function)[k].source == scanned[k].source, what.c_str());
          QVERIFY2((*by_function)[k].sink == scanned[k].sink, what.c_str());
        }
      }
    }
    qInfo("%d relations mapped in C++, %d left to the scan", mapped, scanned_only);
    QVERIFY(mapped > 50);
    // Many to many: left to the scan.
    const LoadedProgram lp = jacobi1d();
    PlotRequest req;
    req.parameters = {{"tsteps", 2}, {"n", 5}};
    const auto domain = enumerate_plot_domain(lp.program, lp.dependences, lp.original_schedule.domain(), req);
    const isl::map many(lp.program.isl().ctx(), "[tsteps, n] -> { S0[t, i] -> S1[t, i2] : 0 <= t < tsteps and 1 <= i <= i2 < n - 1 }");
    QVERIFY(!pairs_by_function(*domain, many, 0, 1, req.parameters));
    QCOMPARE(scan_pairs(lp.program, *domain, many, 0, 1, req.parameters, 1000, "pairs").size(),
             std::size_t(2 * (3 + 2 + 1)));
  }
};

QTEST_GUILESS_MAIN(TestViewDomainPoints)
#include "test_plot_domain_points.moc"
