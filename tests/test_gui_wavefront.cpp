// SPDX-License-Identifier: Apache-2.0
// The domain plot's wavefront mode with the real widgets: the mode chosen in
// the animation combo, stepped with the step button, lights exactly the
// points of each dependence level; the step label shows the schedule's step
// count beside the dependences' one; after skewing seidel-2d into a
// wavefront the schedule's step hyperplanes are painted (and go with their
// switch). Saves a screenshot of the skewed stencil in wavefront mode.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QToolButton>

#include <cmath>
#include <set>

#include "command_test_support.h"
#include "domain_plot.h"
#include "plot_kernels.h"
#include "plot/domain_points.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

LoadedProgram seidel2d() {
  return load(
      "  for (t = 0; t <= tsteps - 1; t++)\n"
      "    for (i = 1; i <= n - 2; i++)\n"
      "      for (j = 1; j <= n - 2; j++)\n"
      "        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +\n"
      "                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;",
      "int tsteps, int n", "double A[100][100]");
}

std::shared_ptr<const PlotData> plotOf(const LoadedProgram& lp, const isl::schedule& schedule,
                                       std::map<std::string, long> params) {
  PlotRequest req;
  req.parameters = std::move(params);
  return std::make_shared<const PlotData>(build_plot_data(lp.program, lp.dependences, schedule, req));
}

// The points of `level`, counted from the points themselves.
std::set<std::uint32_t> pointsOfLevel(const PlotData& d, std::uint32_t level) {
  std::set<std::uint32_t> out;
  for (std::uint32_t p = 0; p < d.points.size(); ++p)
    if (d.points[p].level == level) out.insert(p);
  return out;
}

// The colour at `p`, averaged over a 3x3 block.
QColor colourAt(const QImage& image, QPointF p) {
  int r = 0, g = 0, b = 0;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      const QColor c = image.pixelColor(qRound(p.x()) + dx, qRound(p.y()) + dy);
      r += c.red();
      g += c.green();
      b += c.blue();
    }
  return QColor(r / 9, g / 9, b / 9);
}

}  // namespace

class TestGuiWavefront : public QObject {
  Q_OBJECT

  std::unique_ptr<DomainPlot> makePlot(std::shared_ptr<const PlotData> data) {
    auto plot = std::make_unique<DomainPlot>();
    plot->resize(1000, 700);
    plot->setPlotData(std::move(data));
    plot->show();
    if (!QTest::qWaitForWindowExposed(plot.get())) qWarning("window not exposed");
    QCoreApplication::processEvents();
    return plot;
  }

  static void chooseMode(DomainPlot& plot, const QString& text) {
    auto* combo = plot.findChild<QComboBox*>(QStringLiteral("animationModeCombo"));
    QVERIFY(combo);
    const int index = combo->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    combo->setCurrentIndex(index);
  }

  static QString label(const DomainPlot& plot) {
    return plot.findChild<QLabel*>(QStringLiteral("stepLabel"))->text();
  }

 private Q_SLOTS:
  // Original seidel-2d: every loop carries a dependence, so the schedule has
  // one point per step; the wavefront mode steps through the levels.
  void wavefrontModeLightsEachLevel() {
    const LoadedProgram lp = seidel2d();
    auto data = plotOf(lp, lp.original_schedule, {{"tsteps", 2}, {"n", 6}});
    auto plot = makePlot(data);
    QCOMPARE(data->step_count(), data->points.size());
    QVERIFY(data->level_count() < data->step_count());
    QCOMPARE(label(*plot), QStringLiteral("%1 steps").arg(data->step_count()));
    // Both counts in the plot's corner and the label's tooltip.
    const QStringList counts{QStringLiteral("schedule: %1 steps").arg(data->step_count()),
                             QStringLiteral("dependences allow: %1 steps").arg(data->level_count())};
    QCOMPARE(plot->renderer().stepCountRows(), counts);
    QCOMPARE(plot->findChild<QLabel*>(QStringLiteral("stepLabel"))->toolTip(), counts.join(QStringLiteral(" \u00b7 ")));

    chooseMode(*plot, QStringLiteral("Wavefronts (dependences)"));
    QCOMPARE(plot->animationMode(), PlotRenderer::AnimationMode::Wavefronts);
    QCOMPARE(plot->animationLength(), static_cast<int>(data->level_count()));
    auto* step = plot->findChild<QToolButton*>(QStringLiteral("stepButton"));
    QVERIFY(step);
    std::size_t lit_total = 0;
    for (int k = 0; k < plot->animationLength(); ++k) {
      step->click();
      QCOMPARE(plot->animationStep(), k);
      const std::vector<std::uint32_t> lit = plot->currentPoints();
      QCOMPARE(std::set<std::uint32_t>(lit.begin(), lit.end()), pointsOfLevel(*data, static_cast<std::uint32_t>(k)));
      lit_total += lit.size();
      const QString text = label(*plot);
      const QString points = lit.size() == 1 ? QStringLiteral("1 point") : QStringLiteral("%1 points").arg(lit.size());
      QCOMPARE(text, QStringLiteral("wavefront %1 / %2 \u00b7 %3").arg(k + 1).arg(data->level_count()).arg(points));
    }
    QCOMPARE(lit_total, data->points.size());
    // Lit points are painted in their statement's colour, later levels grey.
    plot->setAxes(QStringLiteral("i"), QStringLiteral("j"));
    plot->setSlice(QStringLiteral("t"), 0);
    plot->setAnimationStep(3);  // level 3 at t = 0: 2(i - 1) + (j - 1) = 3
    const QImage image = plot->canvas()->grab().toImage();
    const QColor lit = colourAt(image, *plot->pointPosition(QStringLiteral("S0"), {0, 2, 2}));
    const QColor later = colourAt(image, *plot->pointPosition(QStringLiteral("S0"), {0, 3, 3}));
    QVERIFY2(lit.saturation() > 80, qPrintable(lit.name()));
    QVERIFY2(later.saturation() < 40, qPrintable(later.name()));
    // The hover text names the point's wavefront.
    const auto point = data->find_point("S0", std::vector<long>{0, 2, 2});
    QVERIFY(plot->pointDescription(*point).contains(QStringLiteral("wavefront 4 of %1").arg(data->level_count())));
    // The original order draws no hyperplane: its steps are single points.
    QVERIFY(plot->renderer().stepLines().empty());
    QVERIFY(!plot->findChild<QCheckBox*>(QStringLiteral("hyperplanesCheck"))->isVisibleTo(plot.get()));
    chooseMode(*plot, QStringLiteral("Steps (schedule)"));
    QCOMPARE(plot->animationLength(), static_cast<int>(data->step_count()));
  }

  // Skewed to 4t + 2i + j the schedule's steps are the levels, and its step
  // hyperplanes 2i + j = c are painted on the (i, j) plane.
  void skewedSeidelDrawsItsWavefronts() {
    const LoadedProgram lp = seidel2d();
    const isl::schedule skewed = apply_all(lp, {"S0.skew(i, j, 2, 1)", "S0.skew(t, i, 4, 1)"});
    QVERIFY(legality(lp, skewed).legal());
    auto data = plotOf(lp, skewed, {{"tsteps", 2}, {"n", 10}});
    auto plot = makePlot(data);
    plot->setAxes(QStringLiteral("i"), QStringLiteral("j"));
    plot->setSlice(QStringLiteral("t"), 1);
    QCoreApplication::processEvents();
    QCOMPARE(data->step_count(), data->level_count());
    QCOMPARE(plot->renderer().stepCountRows(),
             (QStringList{QStringLiteral("schedule: %1 steps").arg(data->level_count()),
                          QStringLiteral("dependences allow: %1 steps").arg(data->level_count())}));

    // Not animating: the oblique lines, faint, one per step on this slice.
    const std::vector<StepLine>& lines = plot->renderer().stepLines();
    QVERIFY(!lines.empty());
    for (const StepLine& l : lines) QVERIFY(l.a == 2 && l.b == 1);
    QCOMPARE(plot->renderer().paintedStepLines().size(), lines.size());

    // Stepping the schedule: step s lights the points of its line.
    chooseMode(*plot, QStringLiteral("Steps (schedule)"));
    auto* step = plot->findChild<QToolButton*>(QStringLiteral("stepButton"));
    const StepLine& line = lines[lines.size() / 2];
    while (plot->animationStep() < static_cast<int>(line.step)) step->click();
    QCOMPARE(plot->animationStep(), static_cast<int>(line.step));
    std::size_t on_slice = 0;
    for (std::uint32_t p : plot->currentPoints())
      if (plot->renderer().isVisible(p)) {
        ++on_slice;
        QCOMPARE(2 * data->coords(p)[1] + data->coords(p)[2], line.c);
      }
    QCOMPARE(on_slice, std::size_t(line.point_count));
    QCOMPARE(plot->renderer().lineEquation(line), QStringLiteral("2i + j = %1").arg(line.c));
    // The current line is painted past its last point, where no point is.
    const QPointF end = plot->renderer().toScreen(QPointF(line.x1, line.y1));
    const QPointF towards = plot->renderer().toScreen(QPointF(line.x0, line.y0));
    const QPointF probe = end + (towards - end) * (0.15 / std::hypot(line.x1 - line.x0, line.y1 - line.y0));
    QImage image = plot->canvas()->grab().toImage();
    const QColor ink = colourAt(image, probe);
    QVERIFY2(ink.blue() > ink.red() + 25 && ink.lightness() < 200, qPrintable(ink.name()));
    // Switched off, the background shows there.
    auto* check = plot->findChild<QCheckBox*>(QStringLiteral("hyperplanesCheck"));
    QVERIFY(check);
    QVERIFY(check->isVisibleTo(plot.get()));
    check->click();
    QVERIFY(plot->renderer().paintedStepLines().empty());
    image = plot->canvas()->grab().toImage();
    QVERIFY2(colourAt(image, probe).lightness() > 225, qPrintable(colourAt(image, probe).name()));
    check->click();

    // The screenshot: wavefront mode, a level on the slice lit, the schedule's lines beside it.
    chooseMode(*plot, QStringLiteral("Wavefronts (dependences)"));
    plot->setAnimationStep(static_cast<int>(data->points[*data->find_point("S0", std::vector<long>{1, 4, 3})].level));
    // Here the schedule's steps are the wavefronts: the lit level's line is the current one.
    const std::vector<std::size_t> current = plot->renderer().currentStepLines();
    QCOMPARE(current.size(), std::size_t(1));
    QCOMPARE(plot->renderer().stepLines()[current.front()].c, 2 * 4 + 3);
    plot->resize(1100, 720);
    QCoreApplication::processEvents();
    const QString path = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("wavefront.png"));
    QVERIFY(plot->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
  }
};

QTEST_MAIN(TestGuiWavefront)
#include "test_gui_wavefront.moc"
