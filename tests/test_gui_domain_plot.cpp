// SPDX-License-Identifier: Apache-2.0
// The domain plot widget on engine-computed PlotData: axis choice, slices,
// highlighting, animation stepping, point selection by mouse, parameter
// sliders, the rendered pixels at known point positions, and how the plot
// fits long, thin domains.
#include <QtTest>

#include <QComboBox>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QSlider>

#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "analysis/legality.h"
#include "domain_plot.h"
#include "loading/load_program.h"
#include "plot_kernels.h"
#include "statement_colors.h"
#include "plot/domain_points.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

std::shared_ptr<const PlotData> plotOf(const LoadedProgram& lp, std::map<std::string, long> params,
                                       const isl::schedule* schedule = nullptr,
                                       const LegalityReport* legality = nullptr, std::size_t max_points = 0) {
  PlotRequest req;
  req.parameters = std::move(params);
  req.legality = legality;
  if (max_points > 0) req.max_points = req.max_arrows = max_points;
  return std::make_shared<const PlotData>(
      build_plot_data(lp.program, lp.dependences, schedule ? *schedule : lp.original_schedule, req));
}

// The colour at `p`, averaged over a 3x3 block (antialiased edges aside).
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

bool close(const QColor& a, const QColor& b, int tolerance = 24) {
  return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
         std::abs(a.blue() - b.blue()) <= tolerance;
}

QString describe(const QColor& c) { return c.name(); }

QString describe(const QRectF& used, const QRectF& area) {
  return QStringLiteral("points span %1 x %2 of %3 x %4")
      .arg(used.width())
      .arg(used.height())
      .arg(area.width())
      .arg(area.height());
}

// The screen rectangle the shown points span.
QRectF usedArea(const DomainPlot& plot) {
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (std::uint32_t p : plot.renderer().visiblePoints()) {
    const QPointF at = *plot.pointPosition(p);
    x0 = std::min(x0, at.x());
    y0 = std::min(y0, at.y());
    x1 = std::max(x1, at.x());
    y1 = std::max(y1, at.y());
  }
  return x0 <= x1 ? QRectF(QPointF(x0, y0), QPointF(x1, y1)) : QRectF();
}

}  // namespace

class TestGuiDomainPlot : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<DomainPlot> makePlot(std::shared_ptr<const PlotData> data) {
    auto plot = std::make_unique<DomainPlot>();
    plot->resize(900, 650);
    plot->setPlotData(std::move(data));
    plot->show();
    if (!QTest::qWaitForWindowExposed(plot.get())) qWarning("window not exposed");
    QCoreApplication::processEvents();
    return plot;
  }

 private Q_SLOTS:
  void axisChoice() {
    LoadedProgram lp = jacobi2d();
    auto plot = makePlot(plotOf(lp, {{"tsteps", 3}, {"n", 6}}));
    // The deepest statement's two outer loops by default, the rest sliced.
    QCOMPARE(plot->xAxis(), QStringLiteral("t"));
    QCOMPARE(plot->yAxis(), QStringLiteral("i"));
    QCOMPARE(plot->sliceDimensions(), QStringList{QStringLiteral("j")});
    QVERIFY(plot->setAxes(QStringLiteral("i"), QStringLiteral("j")));
    QCOMPARE(plot->sliceDimensions(), QStringList{QStringLiteral("t")});
    auto* x = plot->findChild<QComboBox*>(QStringLiteral("xAxisCombo"));
    auto* y = plot->findChild<QComboBox*>(QStringLiteral("yAxisCombo"));
    QVERIFY(x && y);
    QCOMPARE(x->currentText(), QStringLiteral("i"));
    QCOMPARE(y->currentText(), QStringLiteral("j"));
    QVERIFY(!plot->setAxes(QStringLiteral("i"), QStringLiteral("i")));
    QVERIFY(!plot->setAxes(QStringLiteral("q"), QStringLiteral("i")));
    // Choosing the y axis in the x combo swaps the two.
    QSignalSpy axes(plot.get(), &DomainPlot::axesChanged);
    x->setCurrentIndex(x->findText(QStringLiteral("j")));
    QCOMPARE(plot->xAxis(), QStringLiteral("j"));
    QCOMPARE(plot->yAxis(), QStringLiteral("i"));
    QCOMPARE(axes.count(), 1);
    // Each of the 16 (i, j) of slice t = 0 is shown, for both statements.
    QCOMPARE(plot->renderer().visiblePoints().size(), std::size_t(32));
    // A new PlotData (parameters changed) keeps the axes.
    plot->setPlotData(plotOf(lp, {{"tsteps", 2}, {"n", 8}}));
    QCOMPARE(plot->xAxis(), QStringLiteral("j"));
    QCOMPARE(plot->renderer().visiblePoints().size(), std::size_t(72));
  }

  void slices() {
    LoadedProgram lp = matmul();
    auto plot = makePlot(plotOf(lp, {{"n", 4}}));
    QCOMPARE(plot->xAxis(), QStringLiteral("i"));
    QCOMPARE(plot->yAxis(), QStringLiteral("j"));
    QCOMPARE(plot->slice(QStringLiteral("k")), 0);
    // S0 has no k: it shows on every slice; S1 at k = 0.
    QCOMPARE(plot->renderer().visiblePoints().size(), std::size_t(32));
    QVERIFY(plot->pointPosition(QStringLiteral("S1"), {1, 2, 0}).has_value());
    QVERIFY(!plot->pointPosition(QStringLiteral("S1"), {1, 2, 3}).has_value());
    QVERIFY(plot->setSlice(QStringLiteral("k"), 3));
    QVERIFY(plot->pointPosition(QStringLiteral("S1"), {1, 2, 3}).has_value());
    QVERIFY(!plot->pointPosition(QStringLiteral("S1"), {1, 2, 0}).has_value());
    QVERIFY(plot->pointPosition(QStringLiteral("S0"), {1, 2}).has_value());
    // Out of range values clamp; the slider follows.
    QVERIFY(plot->setSlice(QStringLiteral("k"), 99));
    QCOMPARE(plot->slice(QStringLiteral("k")), 3);
    auto* slider = plot->findChild<QSlider*>(QStringLiteral("slice_k"));
    QVERIFY(slider);
    QCOMPARE(slider->value(), 3);
    slider->setValue(1);
    QCOMPARE(plot->slice(QStringLiteral("k")), 1);
    QVERIFY(plot->pointPosition(QStringLiteral("S1"), {0, 0, 1}).has_value());
    QVERIFY(!plot->setSlice(QStringLiteral("i"), 1));  // an axis is no slice
  }

  void pixelColours() {
    LoadedProgram lp = matmul();
    auto plot = makePlot(plotOf(lp, {{"n", 4}}));
    plot->setShowArrows(false);
    const QImage image = plot->canvas()->grab().toImage();
    const QPointF s0 = *plot->pointPosition(QStringLiteral("S0"), {2, 1});
    const QPointF s1 = *plot->pointPosition(QStringLiteral("S1"), {2, 1, 0});
    QVERIFY2(close(colourAt(image, s0), statementColor(0)), qPrintable(describe(colourAt(image, s0))));
    QVERIFY2(close(colourAt(image, s1), statementColor(1)), qPrintable(describe(colourAt(image, s1))));
    // Between two columns of points: background.
    const QPointF next = *plot->pointPosition(QStringLiteral("S0"), {3, 1});
    const QColor gap = colourAt(image, (s0 + next) / 2 + QPointF(0, 0));
    QVERIFY2(gap.lightness() > 200, qPrintable(describe(gap)));
    // Points are a few pixels wide, round and centred.
    QVERIFY(plot->renderer().pointRadius() >= 3);
    // The offscreen render matches the statement colours too.
    const QImage offscreen = plot->renderPlot(plot->canvas()->size());
    QVERIFY(close(colourAt(offscreen, s0), statementColor(0)));
  }

  void highlight() {
    LoadedProgram lp = matmul();
    auto plot = makePlot(plotOf(lp, {{"n", 4}}));
    plot->setShowArrows(false);
    const QPointF s0 = *plot->pointPosition(QStringLiteral("S0"), {1, 1});
    const QPointF s1 = *plot->pointPosition(QStringLiteral("S1"), {1, 1, 0});
    plot->highlightStatement(QStringLiteral("S1"));
    QCOMPARE(plot->renderer().highlightedStatement(), 1);
    QImage image = plot->canvas()->grab().toImage();
    // S1 keeps its colour, S0 fades towards white.
    QVERIFY(close(colourAt(image, s1), statementColor(1)));
    const QColor faded = colourAt(image, s0);
    QVERIFY2(!close(faded, statementColor(0)) && faded.lightness() > statementColor(0).lightness(),
             qPrintable(describe(faded)));
    plot->clearHighlight();
    QCOMPARE(plot->renderer().highlightedStatement(), -1);
    image = plot->canvas()->grab().toImage();
    QVERIFY(close(colourAt(image, s0), statementColor(0)));
    // Points by coordinates: a dark ring around each.
    plot->highlightPoints(QStringLiteral("S1"), {{0, 0, 0}, {3, 3, 0}, {9, 9, 9}});
    QCOMPARE(plot->renderer().highlightedPoints().size(), std::size_t(2));
    image = plot->canvas()->grab().toImage();
    const QPointF h = *plot->pointPosition(QStringLiteral("S1"), {3, 3, 0});
    const double ring = plot->renderer().pointRadius() + 3;
    const QColor on_ring = image.pixelColor(qRound(h.x()), qRound(h.y() - ring));
    QVERIFY2(on_ring.lightness() < 120, qPrintable(describe(on_ring)));
  }

  void animationStepping() {
    LoadedProgram lp = matmul();
    auto plot = makePlot(plotOf(lp, {{"n", 4}}));
    plot->setShowArrows(false);
    QCOMPARE(plot->animationStep(), -1);
    QCOMPARE(plot->animationLength(), 5);  // S0, then k = 0 .. 3
    QSignalSpy spy(plot.get(), &DomainPlot::animationStepChanged);
    plot->stepForward();
    plot->stepForward();
    QCOMPARE(plot->animationStep(), 1);
    QCOMPARE(spy.count(), 2);
    // Step 1: the 16 instances of S1 with k = 0 run together.
    std::vector<std::uint32_t> lit = plot->currentPoints();
    QCOMPARE(lit.size(), std::size_t(16));
    const PlotData* d = plot->plotData();
    for (std::uint32_t p : lit) {
      QCOMPARE(d->statement_name(p), std::string("S1"));
      QCOMPARE(d->coords(p)[2], 0L);
    }
    // Rendered: S1 (step 1) lit in full colour, S0 (step 0, done) dimmed; at
    // slice k = 2 S1 has not run yet: grey.
    QImage image = plot->canvas()->grab().toImage();
    const QPointF s1 = *plot->pointPosition(QStringLiteral("S1"), {2, 2, 0});
    const QPointF s0 = *plot->pointPosition(QStringLiteral("S0"), {2, 2});
    QVERIFY(close(colourAt(image, s1), statementColor(1)));
    QVERIFY(!close(colourAt(image, s0), statementColor(0)));
    plot->setSlice(QStringLiteral("k"), 2);
    image = plot->canvas()->grab().toImage();
    const QColor future = colourAt(image, *plot->pointPosition(QStringLiteral("S1"), {2, 2, 2}));
    QVERIFY2(std::abs(future.red() - future.blue()) < 12 && future.lightness() > 170, qPrintable(describe(future)));
    // Three more steps reach the end; a further step stays there.
    for (int k = 0; k < 4; ++k) plot->stepForward();
    QCOMPARE(plot->animationStep(), 4);
    plot->stepBackward();
    QCOMPARE(plot->animationStep(), 3);
    // One point at a time.
    plot->setAnimationMode(PlotRenderer::AnimationMode::Sequential);
    QCOMPARE(plot->animationLength(), 80);
    plot->setAnimationStep(0);
    QCOMPARE(plot->currentPoints(), std::vector<std::uint32_t>{0});
    for (int k = 0; k < 5; ++k) plot->stepForward();
    QCOMPARE(d->point_label(plot->currentPoints().front()), std::string("S0[0, 1]"));
    // Playing runs to the end and stops.
    plot->setSpeed(200);
    plot->play();
    QVERIFY(plot->isPlaying());
    QTRY_COMPARE_WITH_TIMEOUT(plot->animationStep(), 79, 5000);
    QTRY_VERIFY(!plot->isPlaying());
    plot->resetAnimation();
    QCOMPARE(plot->animationStep(), -1);
  }

  void selectionByMouse() {
    LoadedProgram lp = jacobi2d();
    auto plot = makePlot(plotOf(lp, {{"tsteps", 2}, {"n", 6}}));
    plot->setAxes(QStringLiteral("i"), QStringLiteral("j"));
    QSignalSpy spy(plot.get(), &DomainPlot::pointSelected);
    const QPointF p = *plot->pointPosition(QStringLiteral("S1"), {0, 3, 2});
    QTest::mouseClick(plot->canvas(), Qt::LeftButton, {}, p.toPoint());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("S1"));
    QCOMPARE(spy.at(0).at(1).value<QList<qint64>>(), (QList<qint64>{0, 3, 2}));
    QCOMPARE(plot->plotData()->point_label(static_cast<std::size_t>(plot->selectedPoint())), std::string("S1[0, 3, 2]"));
    // A click on empty space selects nothing and emits nothing.
    QTest::mouseClick(plot->canvas(), Qt::LeftButton, {}, QPoint(3, 3));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(plot->selectedPoint(), -1);
    // Programmatic selection (linked views) emits nothing.
    QVERIFY(plot->selectPoint(QStringLiteral("S0"), {0, 1, 1}));
    QCOMPARE(spy.count(), 1);
    // The hover text names the instance, its time and its dependences.
    const QString text = plot->pointDescription(static_cast<std::size_t>(plot->selectedPoint()));
    QVERIFY2(text.contains(QStringLiteral("S0[0, 1, 1]")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("time [0, 0, 1, 1]")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("RAW S0 -&gt; S1 on B")), qPrintable(text));
  }

  void violationDrawnRed() {
    LoadedProgram lp = load("  for (i = 1; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i - 1][j] + 1;",
                            "int n", "double A[100][100]");
    isl::union_map reversed(lp.program.ctx(), "[n] -> { S0[i, j] -> [-i, j] }");
    isl::union_set domain = lp.program.domains();
    isl::schedule s = isl::manage(isl_schedule_from_domain(domain.copy()));
    isl::schedule_node node = s.root().child(0);
    node = isl::manage(isl_schedule_node_insert_partial_schedule(
        node.release(), isl_multi_union_pw_aff_from_union_map(reversed.copy())));
    const isl::schedule bad = node.schedule();
    LegalityReport report = check_schedule(lp.program, lp.dependences, bad);
    QVERIFY(!report.legal());
    auto plot = makePlot(plotOf(lp, {{"n", 5}}, &bad, &report));
    const PlotData* d = plot->plotData();
    QVERIFY(!d->violations.empty());
    const PlotViolation& v = d->violations.front();
    QVERIFY(v.source >= 0);
    const QPointF a = *plot->pointPosition(static_cast<std::size_t>(v.source));
    const QPointF b = *plot->pointPosition(static_cast<std::size_t>(v.sink));
    const QImage image = plot->canvas()->grab().toImage();
    const QColor mid = colourAt(image, (a + b) / 2);
    QVERIFY2(close(mid, PlotRenderer::violationColor(), 40), qPrintable(describe(mid)));
    // The source is ringed in red.
    const double ring = plot->renderer().pointRadius() + 4;
    const QPointF away = (a - b) / std::hypot((a - b).x(), (a - b).y());
    const QColor on_ring = colourAt(image, a + away * ring);
    QVERIFY2(close(on_ring, PlotRenderer::violationColor(), 60), qPrintable(describe(on_ring)));
  }

  void parameterSliders() {
    LoadedProgram lp = jacobi2d();
    auto plot = makePlot(plotOf(lp, {{"tsteps", 2}, {"n", 6}}));
    auto* n = plot->findChild<QSlider*>(QStringLiteral("parameter_n"));
    QVERIFY(n);
    QCOMPARE(n->value(), 6);
    QSignalSpy spy(plot.get(), &DomainPlot::parametersChanged);
    n->setValue(9);
    n->setValue(10);  // debounced: one emission
    QTRY_COMPARE(spy.count(), 1);
    const auto values = spy.at(0).at(0).value<QMap<QString, qint64>>();
    QCOMPARE(values.value(QStringLiteral("n")), 10);
    QCOMPARE(values.value(QStringLiteral("tsteps")), 2);
    plot->setParameterRange(QStringLiteral("n"), 3, 100);
    QCOMPARE(n->maximum(), 100);
  }

  void presentationZoomAndPanZoom() {
    LoadedProgram lp = matmul();
    auto plot = makePlot(plotOf(lp, {{"n", 4}}));
    const QRectF before = plot->renderer().plotRect();
    plot->setPresentationZoom(2.0);
    QCOMPARE(plot->presentationZoom(), 2.0);
    QVERIFY(plot->renderer().plotRect().left() > before.left());
    // Wheel zoom around the cursor keeps the point under it in place.
    const QPointF p = *plot->pointPosition(QStringLiteral("S0"), {1, 1});
    const double scale = plot->renderer().scale();
    plot->renderer().zoomAt(p, 2.0);
    QCOMPARE(plot->renderer().scale(), scale * 2);
    const QPointF q = *plot->pointPosition(QStringLiteral("S0"), {1, 1});
    QVERIFY(std::abs(q.x() - p.x()) < 1e-6 && std::abs(q.y() - p.y()) < 1e-6);
    // Drag pans.
    QTest::mousePress(plot->canvas(), Qt::LeftButton, {}, QPoint(200, 200));
    QMouseEvent move(QEvent::MouseMove, QPointF(260, 230), plot->canvas()->mapToGlobal(QPointF(260, 230)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot->canvas(), &move);
    QTest::mouseRelease(plot->canvas(), Qt::LeftButton, {}, QPoint(260, 230));
    const QPointF r = *plot->pointPosition(QStringLiteral("S0"), {1, 1});
    QVERIFY2(std::abs(r.x() - q.x() - 60) < 1e-6 && std::abs(r.y() - q.y() - 30) < 1e-6,
             qPrintable(QStringLiteral("%1,%2").arg(r.x() - q.x()).arg(r.y() - q.y())));
    plot->fitToView();
  }

  void longThinDomainsFillThePlot() {
    // n = 100 by 4: fitted with unit squares it would be a strip 3 units high.
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < 4; j++)\n      A[i][j] = A[i][j] + 1;",
                            "int n", "double A[100][4]");
    auto plot = makePlot(plotOf(lp, {{"n", 100}}));
    const QRectF area = plot->renderer().plotRect();
    QRectF used = usedArea(*plot);
    QVERIFY2(used.width() >= 0.85 * area.width(), qPrintable(describe(used, area)));
    QVERIFY2(used.height() >= 0.5 * area.height(), qPrintable(describe(used, area)));
    QVERIFY(area.contains(used));
    QVERIFY(plot->renderer().scaleY() > 2 * plot->renderer().scaleX());
    // The mouse still finds points, and their squares do not overlap along i.
    const QPointF p = *plot->pointPosition(QStringLiteral("S0"), {50, 2});
    QCOMPARE(plot->plotData()->point_label(static_cast<std::size_t>(plot->renderer().pointAt(p))),
             std::string("S0[50, 2]"));
    QVERIFY(2 * plot->renderer().pointRadius() < plot->renderer().scaleX());

    // A 1-D statement: one row across the whole width, in the middle.
    LoadedProgram line = load("  for (i = 0; i < n; i++)\n    A[i] = A[i] + 1;", "int n", "double A[100]");
    plot->setPlotData(plotOf(line, {{"n", 100}}));
    plot->fitToView();
    used = usedArea(*plot);
    QVERIFY2(used.width() >= 0.85 * plot->renderer().plotRect().width(), qPrintable(describe(used, area)));
    QVERIFY2(std::abs(used.center().y() - plot->renderer().plotRect().center().y()) < 2, qPrintable(describe(used, area)));

    // Close to the area's shape: unit squares, so a skew still reads as one.
    plot->setPlotData(plotOf(matmul(), {{"n", 8}}));
    plot->fitToView();
    QCOMPARE(plot->renderer().scaleX(), plot->renderer().scaleY());
    used = usedArea(*plot);
    QVERIFY2(used.height() >= 0.75 * plot->renderer().plotRect().height(), qPrintable(describe(used, area)));
  }

  void hundredThousandPointsPaint() {
    LoadedProgram lp = load("  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] + 1;",
                            "int n", "double A[400][400]");
    auto data = plotOf(lp, {{"n", 317}}, nullptr, nullptr, 200'000);  // past the app's cap: the widget can take it
    QVERIFY(data->points.size() > 100000);
    PlotRenderer r;
    r.setData(data);
    r.setAnimationMode(PlotRenderer::AnimationMode::Sequential);
    r.setViewport(QSizeF(1200, 900));
    QImage image(1200, 900, QImage::Format_ARGB32_Premultiplied);
    QElapsedTimer timer;
    timer.start();
    for (int k = 0; k < 5; ++k) {
      QPainter p(&image);
      r.setAnimationStep(k * 20000);
      r.panBy(QPointF(3, 2));
      r.paint(p);
    }
    const double ms = static_cast<double>(timer.elapsed()) / 5;
    qInfo("100489 points: %.1f ms per frame", ms);
    QVERIFY(ms < 400);  // generous: shared CI machines
  }
};

QTEST_MAIN(TestGuiDomainPlot)
#include "test_gui_domain_plot.moc"
