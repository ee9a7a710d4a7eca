// SPDX-License-Identifier: Apache-2.0
// The PE Array dock: gemm's 12 x 12 systolic array after
// S0.space_time_transform({j, k}, {1, 1}) (t = i + j + k), its PEs lit step
// by step, a clicked PE's iterations in the plot; screenshots at three steps.
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QSlider>
#include <QtTest>

#include "domain_plot.h"
#include "main_window.h"
#include "pe_array_view.h"

using namespace loopscape;

namespace {

// The PEs (j, k) working at step t of the 12 x 12 array: those with 0 <= t - j - k <= 11.
std::vector<std::vector<long>> expected_active(long t) {
  std::vector<std::vector<long>> out;
  for (long j = 0; j < 12; ++j)
    for (long k = 0; k < 12; ++k)
      if (t - j - k >= 0 && t - j - k <= 11) out.push_back({j, k});
  return out;
}

}  // namespace

class TestGuiPeArray : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void gemmArrayOverTime() {
    MainWindow window;
    window.resize(1600, 1000);
    QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_TEST_DATA "/hls/matmul.c"), nullptr,
                            {QStringLiteral("S0.space_time_transform({j, k}, {1, 1})")}));
    QVERIFY(window.waitForEngine());
    auto* view = window.findChild<PeArrayView*>(QStringLiteral("peArrayView"));
    QVERIFY(view);
    QVERIFY(view->hasArray());
    QVERIFY(view->message().isEmpty());
    QCOMPARE(view->stepCount(), 34);  // i + j + k from 0 to 33

    for (int t : {0, 5, 11, 20, 33}) {
      view->setStep(t);
      QCOMPARE(view->activePes(), expected_active(t));
      QCOMPARE(view->slider()->value(), t);
    }
    view->setStep(0);
    QCOMPARE(view->activePes().size(), std::size_t(1));  // PE (0, 0) alone starts
    QVERIFY(view->statusText().startsWith(QStringLiteral("step 1 of 34")));
    view->setStep(11);
    QCOMPARE(view->activePes().size(), std::size_t(78));  // the wave front: every PE with j + k <= 11
    QVERIFY2(view->statusText().contains(QStringLiteral("78 PEs active")), qPrintable(view->statusText()));

    // Every iteration of the plot belongs to one firing, at step i + j + k on PE (j, k).
    const auto& snap = window.snapshot();
    QCOMPARE(snap->point_firing.size(), snap->plot->points.size());
    for (std::size_t p = 0; p < snap->point_firing.size(); ++p) {
      QVERIFY(snap->point_firing[p] >= 0);
      const PeFiring& f = snap->pe_activity->firings[static_cast<std::size_t>(snap->point_firing[p])];
      const auto c = snap->plot->coords(p);
      QCOMPARE(f.step, c[0] + c[1] + c[2]);
      QCOMPARE(f.pe, (std::vector<long>{c[1], c[2]}));
    }

    // The plot's "PEs" switch (off by default: 144 colours) colours points by PE.
    auto* pes_check = window.findChild<DomainPlot*>(QStringLiteral("domainPlot"))->findChild<QCheckBox*>(QStringLiteral("ranksCheck"));
    QVERIFY(pes_check && !pes_check->isHidden());
    QCOMPARE(pes_check->text(), QStringLiteral("PEs"));
    QVERIFY(!pes_check->isChecked());

    // Clicking PE (3, 4) selects its 12 iterations (one per i) and statement S0.
    QSignalSpy selected(view, &PeArrayView::peSelected);
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("peArrayDock"));
    QVERIFY(dock);
    dock->raise();
    view->resize(900, 600);
    QTest::mouseClick(view->childAt(view->peCenter({3, 4})), Qt::LeftButton, {},
                      view->childAt(view->peCenter({3, 4}))->mapFrom(view, view->peCenter({3, 4})));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(view->selectedPe(), (std::vector<long>{3, 4}));
    QCOMPARE(selected.first().at(0).toStringList(), QStringList{QStringLiteral("S0")});
    const auto points = selected.first().at(1).value<std::vector<std::uint32_t>>();
    QCOMPARE(points.size(), std::size_t(12));
    for (std::uint32_t p : points) {
      const auto c = snap->plot->coords(p);
      QCOMPARE(c[1], 3L);
      QCOMPARE(c[2], 4L);
    }

    // Screenshots of the view at three steps (README; looked at by people), at a readable size.
    PeArrayView shot;
    shot.setSnapshot(snap);
    shot.resize(960, 640);
    shot.show();
    QCoreApplication::processEvents();
    for (int t : {0, 11, 22}) {
      shot.setStep(t);
      const QString file = QDir::current().absoluteFilePath(QStringLiteral("pe_array_gemm_step%1.png").arg(t));
      QVERIFY(shot.grab().save(file));
      qInfo("%s", qPrintable(file));
    }
  }

  void noTransformSaysHowToGetOne() {
    MainWindow window;
    QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_TEST_DATA "/hls/matmul.c")));
    QVERIFY(window.waitForEngine());
    auto* view = window.findChild<PeArrayView*>(QStringLiteral("peArrayView"));
    QVERIFY(view);
    QVERIFY(!view->hasArray());
    QCOMPARE(view->stepCount(), 0);
    QVERIFY(view->message().contains(QStringLiteral("space_time_transform")));
    QVERIFY(!view->slider()->isEnabled());
  }
};

QTEST_MAIN(TestGuiPeArray)
#include "test_gui_pe_array.moc"
