// SPDX-License-Identifier: Apache-2.0
// Frame time of the domain plot at 100,000 points (painted offscreen into a
// QImage: pan, zoom, animation), and screenshots of the widget on samples.
//
//   loopscape-plot-bench [--frames N] [--shots DIR]
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <numeric>
#include <vector>

#include "analysis/legality.h"
#include "domain_plot.h"
#include "loading/load_program.h"
#include "plot/domain_points.h"

using namespace loopscape;

namespace {

struct Stats {
  double mean, median, p95, worst;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  return {mean, v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 95 / 100)], v.back()};
}

std::shared_ptr<const PlotData> plot(const LoadedProgram& lp, const isl::schedule& schedule,
                                     std::map<std::string, long> params, const LegalityReport* legality = nullptr,
                                     double* ms = nullptr) {
  PlotRequest req;
  req.parameters = std::move(params);
  req.legality = legality;
  QElapsedTimer t;
  t.start();
  auto data = std::make_shared<const PlotData>(build_plot_data(lp.program, lp.dependences, schedule, req));
  if (ms) *ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
  return data;
}

isl::schedule tileFirstBand(const isl::schedule& schedule, int size) {
  isl::schedule_node band = schedule.root();
  while (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) band = band.child(0);
  isl_space* space = isl_schedule_node_band_get_space(band.get());
  const int n = static_cast<int>(isl_space_dim(space, isl_dim_set));
  isl_multi_val* mv = isl_multi_val_zero(space);
  for (int k = 0; k < n; ++k) mv = isl_multi_val_set_val(mv, k, isl_val_int_from_si(band.ctx().get(), size));
  return isl::manage(isl_schedule_node_band_tile(band.release(), mv)).schedule();
}

isl::schedule withSchedule(const LoadedProgram& lp, const char* map) {
  isl::union_map m(lp.program.ctx(), map);
  isl::union_set domain = lp.program.domains();
  isl::schedule s = isl::manage(isl_schedule_from_domain(domain.copy()));
  isl::schedule_node node = s.root().child(0);
  node = isl::manage(isl_schedule_node_insert_partial_schedule(node.release(),
                                                               isl_multi_union_pw_aff_from_union_map(m.copy())));
  return node.schedule();
}

void frameBenchmark(const char* title, std::shared_ptr<const PlotData> data, int frames) {
  PlotRenderer r;
  r.setData(data);
  r.setViewport(QSizeF(1280, 800));
  r.fitToView();
  QImage image(1280, 800, QImage::Format_ARGB32_Premultiplied);
  auto run = [&](const char* what, auto&& change) {
    std::vector<double> ms;
    for (int k = 0; k < frames; ++k) {
      change(k);
      QElapsedTimer t;
      t.start();
      QPainter p(&image);
      r.paint(p);
      p.end();
      ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    const Stats s = stats(ms);
    std::printf("  %-28s mean %6.2f ms  median %6.2f  p95 %6.2f  worst %6.2f  (%zu shown)\n", what, s.mean, s.median,
                s.p95, s.worst, r.visiblePoints().size());
  };
  std::printf("%s: %zu points, %zu arrows, %zu steps\n", title, data->points.size(), data->arrows.size(),
              data->step_count());
  run("pan", [&](int k) { r.panBy(QPointF(k % 2 ? 7 : -5, k % 3 ? 3 : -4)); });
  r.fitToView();
  run("zoom in/out", [&](int k) { r.zoomAt(QPointF(640, 400), k % 20 < 10 ? 1.08 : 1 / 1.08); });
  r.fitToView();
  run("animate (parallel steps)", [&](int k) { r.setAnimationStep(k % std::max(1, r.animationLength())); });
  r.setAnimationMode(PlotRenderer::AnimationMode::Sequential);
  run("animate (one at a time)", [&](int k) { r.setAnimationStep((k * 997) % std::max(1, r.animationLength())); });
  r.setAnimationStep(-1);
  r.zoomAt(QPointF(640, 400), 12);
  run("zoomed in (discs)", [&](int k) { r.panBy(QPointF(k % 2 ? 3 : -3, 1)); });
}

void shot(DomainPlot& w, const QString& path) {
  w.show();
  QApplication::processEvents();
  w.grab().save(path);
  std::printf("wrote %s\n", qPrintable(path));
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  int frames = 60;
  QString shots;
  for (int k = 1; k < argc; ++k) {
    const QString a = QString::fromLocal8Bit(argv[k]);
    if (a == QLatin1String("--frames") && k + 1 < argc) frames = QString::fromLocal8Bit(argv[++k]).toInt();
    if (a == QLatin1String("--shots") && k + 1 < argc) shots = QString::fromLocal8Bit(argv[++k]);
  }
  const std::string samples = LOOPSCAPE_SAMPLES;

  // 100,000 points: a 2-D stencil swept in time (t x i), with its arrows.
  LoadedProgram stencil = load_program_source(
      "void k(int tsteps, int n, double A[1000], double B[1000]) {\n  int t, i;\n#pragma scop\n"
      "  for (t = 0; t < tsteps; t++) {\n    for (i = 1; i < n - 1; i++)\n"
      "      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;\n    for (i = 1; i < n - 1; i++)\n      A[i] = B[i];\n  }\n"
      "#pragma endscop\n}\n",
      "stencil.c", CompileOptions{});
  double build_ms = 0;
  auto big = plot(stencil, stencil.original_schedule, {{"tsteps", 160}, {"n", 315}}, nullptr, &build_ms);
  std::printf("build_plot_data: %.0f ms for %zu points and %zu arrows\n", build_ms, big->points.size(),
              big->arrows.size());
  frameBenchmark("jacobi-1d t x i", big, frames);
  LoadedProgram square = load_program_source(
      "void k(int n, double A[400][400]) {\n  int i, j;\n#pragma scop\n  for (i = 0; i < n; i++)\n"
      "    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] + 1;\n#pragma endscop\n}\n",
      "square.c", CompileOptions{});
  auto sq = plot(square, tileFirstBand(square.original_schedule, 16), {{"n", 317}}, nullptr, &build_ms);
  std::printf("build_plot_data: %.0f ms for %zu points (tiled 16 x 16)\n", build_ms, sq->points.size());
  frameBenchmark("square 317 x 317, tiled", sq, frames);

  if (shots.isEmpty()) return 0;
  QDir().mkpath(shots);

  LoadedProgram jacobi = load_program(samples + "/jacobi2d.c", CompileOptions{});
  {
    DomainPlot w;
    w.resize(1000, 720);
    w.setPlotData(plot(jacobi, jacobi.original_schedule, {{"tsteps", 4}, {"n", 10}}));
    w.setSlice(QStringLiteral("j"), 4);
    shot(w, shots + QStringLiteral("/jacobi2d_t_i.png"));
    w.setAxes(QStringLiteral("i"), QStringLiteral("j"));
    w.setSlice(QStringLiteral("t"), 1);
    shot(w, shots + QStringLiteral("/jacobi2d_i_j.png"));
    w.setAnimationStep(2);
    w.setShowNumbers(true);
    shot(w, shots + QStringLiteral("/jacobi2d_animation.png"));
  }
  LoadedProgram matmul = load_program(samples + "/matmul.c", CompileOptions{});
  {
    DomainPlot w;
    w.resize(1000, 720);
    w.setPlotData(plot(matmul, tileFirstBand(matmul.original_schedule, 4), {{"ni", 10}, {"nj", 10}, {"nk", 10}}));
    w.setAxes(QStringLiteral("i"), QStringLiteral("j"));
    w.setSlice(QStringLiteral("k"), 3);
    shot(w, shots + QStringLiteral("/matmul_tiled.png"));
    w.setAnimationStep(5);
    shot(w, shots + QStringLiteral("/matmul_tiled_animation.png"));
  }
  LoadedProgram seidel = load_program(samples + "/seidel2d.c", CompileOptions{});
  {
    const isl::schedule bad = withSchedule(seidel, "[tsteps, n] -> { S0[t, i, j] -> [i, t, j] }");
    LegalityReport report = check_schedule(seidel.program, seidel.dependences, bad);
    DomainPlot w;
    w.resize(1000, 720);
    w.setPlotData(plot(seidel, bad, {{"tsteps", 4}, {"n", 8}}, &report));
    const PlotData* d = w.plotData();
    if (!d->violations.empty() && d->violations.front().source >= 0) {
      const auto c = d->coords(static_cast<std::size_t>(d->violations.front().source));
      w.setAxes(QStringLiteral("t"), QStringLiteral("i"));
      w.setSlice(QStringLiteral("j"), c[2]);
    }
    shot(w, shots + QStringLiteral("/seidel_interchange_violation.png"));
  }
  {
    DomainPlot w;
    w.resize(1000, 720);
    w.setPlotData(big);
    shot(w, shots + QStringLiteral("/stencil_100k.png"));
  }
  return 0;
}
