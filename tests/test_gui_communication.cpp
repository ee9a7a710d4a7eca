// SPDX-License-Identifier: Apache-2.0
// The Communication dock: a distributed schedule's messages at the plot's
// sizes, the rank count from its spin box; the MPI tab of the code.
#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

#include "communication_view.h"
#include "domain_plot.h"
#include "main_window.h"

using namespace loopscape;

class TestGuiCommunication : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void tableShowsTheHaloOfADistributedStencil() {
    MainWindow window;
    window.resize(1600, 1000);
    const QString path = QStringLiteral(LOOPSCAPE_SAMPLES "/jacobi2d.c");
    QVERIFY(window.openFile(path, nullptr, {QStringLiteral("S0.distribute(i)"), QStringLiteral("S1.distribute(i)")}));
    QVERIFY(window.waitForEngine());
    auto* view = window.findChild<CommunicationView*>(QStringLiteral("communicationView"));
    QVERIFY(view);
    const auto& snapshot = window.snapshot();
    QVERIFY(snapshot && snapshot->messages);
    QCOMPARE(snapshot->ranks, 4);
    // The plot's sizes: n = 8, so rows 1..6 over 4 ranks; every message of a
    // time step is one row of 6 values between neighbouring ranks.
    QVERIFY(view->table()->rowCount() > 0);
    QCOMPARE(view->table()->rowCount(), static_cast<int>(snapshot->messages->rows.size()));
    for (const MessageRow& row : snapshot->messages->rows)
      if (row.point != "_ls_gather") {
        QCOMPARE(row.elements, 6L);
        QCOMPARE(std::abs(row.from - row.to), 1);
      }
    QVERIFY(view->summary()->text().contains(QStringLiteral("bytes")));
    // The plot colours points by rank: rows 1-2 on rank 0, 3-4 on rank 1, 5-6 on rank 2.
    QCOMPARE(snapshot->point_ranks.size(), snapshot->plot->points.size());
    for (std::size_t k = 0; k < snapshot->point_ranks.size(); ++k) {
      const PlotPoint& pt = snapshot->plot->points[k];
      const long i = snapshot->plot->coordinates[pt.coords + 1];
      QCOMPARE(snapshot->point_ranks[k], static_cast<int>((i - 1) / 2));
    }
    auto* ranks_check = window.findChild<DomainPlot*>(QStringLiteral("domainPlot"))->findChild<QCheckBox*>(QStringLiteral("ranksCheck"));
    QVERIFY(ranks_check && !ranks_check->isHidden() && ranks_check->isChecked());

    view->rankSpinBox()->setValue(2);
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.snapshot()->ranks, 2);
    for (const MessageRow& row : window.snapshot()->messages->rows) QVERIFY(row.from < 2 && row.to < 2);
    const CodeInfo* mpi = window.snapshot()->findCode("mpi");
    QVERIFY(mpi && mpi->error.empty());
    QVERIFY(mpi->text.find("ls_mpi_isend") != std::string::npos);
  }

  void undistributedScheduleSaysHowToDistribute() {
    MainWindow window;
    QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/jacobi2d.c")));
    QVERIFY(window.waitForEngine());
    auto* view = window.findChild<CommunicationView*>(QStringLiteral("communicationView"));
    QVERIFY(view);
    QCOMPARE(view->table()->rowCount(), 0);
    QVERIFY(view->summary()->text().contains(QStringLiteral("distribute")));
    QVERIFY(window.snapshot()->point_ranks.empty());
    QVERIFY(window.findChild<DomainPlot*>(QStringLiteral("domainPlot"))->findChild<QCheckBox*>(QStringLiteral("ranksCheck"))->isHidden());
  }
};

QTEST_MAIN(TestGuiCommunication)
#include "test_gui_communication.moc"
