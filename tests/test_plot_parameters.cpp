// SPDX-License-Identifier: Apache-2.0
// The plot's starting parameter values (plot/plot_parameters.h): the small
// defaults until a tile; after it, values grown until three tiles show along
// each tiled loop, within the point cap, and a note that says which.
#include <QtTest>

#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "command_test_support.h"
#include "plot_kernels.h"
#include "loading/load_program.h"
#include "session/script.h"
#include "session/session.h"
#include "plot/domain_points.h"
#include "plot/plot_parameters.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

LoadedProgram jacobi1d() {
  return load(
      "  for (t = 0; t < tsteps; t++)\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      A[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);",
      "int tsteps, int n", "double A[1000]");
}

// isl's own tiling of the outermost band.
isl::schedule tiled(const isl::schedule& schedule, int size) {
  isl::schedule_node band = schedule.root();
  while (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) band = band.child(0);
  isl_space* space = isl_schedule_node_band_get_space(band.get());
  const isl_size n = isl_space_dim(space, isl_dim_set);
  isl_multi_val* sizes = isl_multi_val_zero(space);
  for (int k = 0; k < n; ++k)
    sizes = isl_multi_val_set_val(sizes, k, isl_val_int_from_si(isl_schedule_node_get_ctx(band.get()), size));
  return isl::manage(isl_schedule_node_band_tile(band.copy(), sizes)).schedule();
}

// How many different values `expression` (of t and i) takes over the domain at `values`.
long distinct(const LoadedProgram& loaded, const std::string& expression, const std::map<std::string, long>& values) {
  std::string fix;
  for (const auto& [name, value] : values) fix += (fix.empty() ? "" : " and ") + name + " = " + std::to_string(value);
  const std::string statement = loaded.program.statements.front().name;
  isl::union_set domain = loaded.program.statements.front().domain;
  domain = domain.intersect_params(isl::set(loaded.program.ctx(), "[tsteps, n] -> { : " + fix + " }"));
  const isl::union_map map(loaded.program.ctx(), "[tsteps, n] -> { " + statement + "[t, i] -> [" + expression + "] }");
  long count = 0;
  isl_union_set_foreach_point(
      domain.apply(map).get(),
      [](isl_point* p, void* user) {
        isl_point_free(p);
        ++*static_cast<long*>(user);
        return isl_stat_ok;
      },
      &count);
  return count;
}

}  // namespace

class TestViewPlotParameters : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void untiledSchedulesKeepTheSmallDefaults() {
    const LoadedProgram loaded = jacobi1d();
    const PlotParameterChoice choice = choose_plot_parameters(loaded.program, loaded.original_schedule);
    QCOMPARE(choice.values, default_parameter_values(loaded.program));
    QVERIFY(choice.note.empty());
  }

  void aTileGrowsTheValuesUntilThreeTilesShow() {
    const LoadedProgram loaded = jacobi1d();
    const PlotParameterChoice choice = choose_plot_parameters(loaded.program, tiled(loaded.original_schedule, 16));
    QVERIFY2(choice.values.at("tsteps") > 8, choice.note.c_str());
    QVERIFY(distinct(loaded, "floor(t/16)", choice.values) >= 3);
    QVERIFY(distinct(loaded, "floor(i/16)", choice.values) >= 3);
    QVERIFY2(choice.note.find("at least 3 tiles") != std::string::npos, choice.note.c_str());
    QVERIFY2(choice.note.find("tsteps = " + std::to_string(choice.values.at("tsteps"))) != std::string::npos,
             choice.note.c_str());
    // The smallest such values among the ones tried: half of them shows fewer.
    std::map<std::string, long> half = choice.values;
    for (auto& [name, value] : half) value /= 2;
    QVERIFY(distinct(loaded, "floor(t/16)", half) < 3 || distinct(loaded, "floor(i/16)", half) < 3);
  }

  void thePointCapBoundsTheGrowth() {
    const LoadedProgram loaded = jacobi1d();
    const PlotParameterChoice choice = choose_plot_parameters(loaded.program, tiled(loaded.original_schedule, 16), 300);
    long points = (choice.values.at("tsteps")) * (choice.values.at("n") - 2);
    QVERIFY(points <= 300);
    QVERIFY2(choice.note.empty() || choice.note.find("cap of 300") != std::string::npos, choice.note.c_str());
  }

  // The product's own commands (tile, then a wavefront skew of the tiles).
  void timeTiledWavefrontShowsSeveralTiles() {
    Session session(jacobi1d());
    const ScriptRun run = apply_script(
        session, parse_script("S0.skew(t, i, 1)\nS0.tile(t, i, 8, 16, T, I, t1, i1)\nS0.skew(T, I, 1, 1, w, p)", "test"));
    QVERIFY2(!run.refusal, run.refusal ? run.refusal->report().c_str() : "");
    const PlotParameterChoice choice = choose_plot_parameters(session.program(), session.schedule());
    QVERIFY2(!choice.note.empty(), "a tiled schedule at the defaults shows one tile");
    QVERIFY(distinct(session.loaded(), "floor(t/8)", choice.values) >= 3);
    QVERIFY(distinct(session.loaded(), "floor((t + i)/16)", choice.values) >= 3);
  }

  // Kept between steps: a step that leaves the tile loops as they were (an
  // interchange of the point loops) gets the same values as a fresh search,
  // from the memo; another tiling searches again.
  void choicesAreKeptByTheirTileLoops() {
    Session session(jacobi1d());
    const ScriptRun run =
        apply_script(session, parse_script("S0.skew(t, i, 1)\nS0.tile(t, i, 16, 16, T, I, t1, i1)", "test"));
    QVERIFY2(!run.refusal, run.refusal ? run.refusal->report().c_str() : "");
    PlotParameterMemo memo;
    const PlotParameterChoice first = choose_plot_parameters(session.program(), session.schedule(), kChosenPlotPoints, &memo);
    QVERIFY(!first.note.empty());
    const ScriptRun more = apply_script(session, parse_script("S0.interchange(t1, i1)", "test"));
    QVERIFY2(!more.refusal, more.refusal ? more.refusal->report().c_str() : "");
    const PlotParameterChoice kept = choose_plot_parameters(session.program(), session.schedule(), kChosenPlotPoints, &memo);
    const PlotParameterChoice fresh = choose_plot_parameters(session.program(), session.schedule());
    QCOMPARE(kept.values, first.values);
    QCOMPARE(kept.values, fresh.values);
    QCOMPARE(kept.note, fresh.note);
    Session other(jacobi1d());
    QVERIFY(!apply_script(other, parse_script("S0.skew(t, i, 1)\nS0.tile(t, i, 4, 4, T, I, t1, i1)", "test")).refusal);
    const PlotParameterChoice small = choose_plot_parameters(other.program(), other.schedule(), kChosenPlotPoints, &memo);
    QCOMPARE(small.values, choose_plot_parameters(other.program(), other.schedule()).values);
    QVERIFY(small.values != first.values);
  }

  // The case: PolyBench jacobi-2d after the shipped time-tiling
  // script (16 x 64 tiles, wavefront) showed one tile at tsteps = n = 8.
  void shippedTimeTilingScriptShowsThreeTiles() {
    Session session(load_polybench("stencils/jacobi-2d"));
    const ScriptRun run =
        apply_script(session, read_script(std::string(LOOPSCAPE_SAMPLES) + "/scripts/time_tiling/jacobi-2d.ls"));
    QVERIFY2(!run.refusal, run.refusal ? run.refusal->report().c_str() : "");
    const PlotParameterChoice choice = choose_plot_parameters(session.program(), session.schedule());
    QVERIFY2(choice.note.find("at least 3 tiles") != std::string::npos, choice.note.c_str());
    QVERIFY(choice.values.at("tsteps") >= 33);  // three time tiles of 16
  }
};

QTEST_MAIN(TestViewPlotParameters)
#include "test_plot_parameters.moc"
