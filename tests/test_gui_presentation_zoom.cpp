// SPDX-License-Identifier: Apache-2.0
// The presentation zoom (View > Presentation Zoom, F5) as a projector needs
// it: the code, the source, the plot's labels and the schedule tree's text
// are larger on screen, every widget of the views by the same factor (the
// dependence table's columns widen to fit), and turning it off gives back the
// sizes from before, including a zoom the user had chosen with Ctrl+.
#include <QAction>
#include <QHash>
#include <QGraphicsScene>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QtTest>

#include "code_view.h"
#include "dependence_view.h"
#include "domain_plot.h"
#include "graph_items.h"
#include "main_window.h"
#include "schedule_tree_view.h"
#include "source_view.h"

using namespace loopscape;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

// What a reader sees of each view's text, in points on screen.
struct TextSizes {
  double code = 0;
  double source = 0;
  double plot_labels = 0;
  double tree_on_screen = 0;    // a node's font times the tree view's scale
  double tree_box_height = 0;   // the root's box, in viewport pixels
  int dependence_source_column = 0;  // pixels: columns follow their text
};

TextSizes measure(const MainWindow& window) {
  TextSizes t;
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  auto* plot = window.findChild<DomainPlot*>(QStringLiteral("domainPlot"));
  auto* tree = window.findChild<ScheduleTreeView*>(QStringLiteral("scheduleTreeView"));
  auto* deps = window.findChild<DependenceView*>(QStringLiteral("dependencesView"));
  t.dependence_source_column = deps->table()->columnWidth(1);
  t.code = code->editor(QStringLiteral("openmp"))->font().pointSizeF();
  t.source = source->font().pointSizeF();
  t.plot_labels = plot->renderer().font().pointSizeF();
  for (QGraphicsItem* item : tree->scene()->items()) {
    auto* box = dynamic_cast<BoxItem*>(item);
    if (!box || box->key() != 0) continue;
    t.tree_on_screen = box->font().pointSizeF() * tree->transform().m11();
    t.tree_box_height = tree->mapFromScene(box->sceneBoundingRect()).boundingRect().height();
  }
  return t;
}

QString describe(const TextSizes& t) {
  return QStringLiteral("code %1 source %2 plot %3 tree %4 (box %5 px) dependence column %6 px")
      .arg(t.code)
      .arg(t.source)
      .arg(t.plot_labels)
      .arg(t.tree_on_screen)
      .arg(t.tree_box_height)
      .arg(t.dependence_source_column);
}

QAction* action(const MainWindow& window, const QString& name) { return window.findChild<QAction*>(name); }

// The point size of every widget inside the views that zoom (tab bars, table
// headers, check boxes and the text areas alike).
QHash<QWidget*, double> viewFonts(const MainWindow& window) {
  QHash<QWidget*, double> sizes;
  for (const char* name : {"sourceView", "scheduleTreeView", "dependencesView", "codeView", "historyView"}) {
    auto* view = window.findChild<QWidget*>(QLatin1String(name));
    if (!view) continue;
    sizes.insert(view, view->font().pointSizeF());
    for (QWidget* w : view->findChildren<QWidget*>()) sizes.insert(w, w->font().pointSizeF());
  }
  return sizes;
}

// The widgets whose font is not `factor` times what it was.
QStringList notScaledBy(const QHash<QWidget*, double>& before, const QHash<QWidget*, double>& now, double factor) {
  QStringList out;
  for (auto it = before.begin(); it != before.end(); ++it) {
    if (!now.contains(it.key()) || it.value() <= 0) continue;
    if (std::abs(now.value(it.key()) - it.value() * factor) > 0.01 * it.value() * factor)
      out << QStringLiteral("%1 %2: %3 -> %4")
                 .arg(QString::fromLatin1(it.key()->metaObject()->className()), it.key()->objectName())
                 .arg(it.value())
                 .arg(now.value(it.key()));
  }
  return out;
}

}  // namespace

class TestGuiPresentationZoom : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("LOOPSCAPE_DEFAULT_LAYOUT", "1");
    QCoreApplication::setOrganizationName(QStringLiteral("LoopscapeTests"));
  }

  void everyViewsTextGrowsAndComesBack() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    window.renderImage(QSize(1600, 1000));
    QAction* present = action(window, QStringLiteral("presentationZoomAction"));
    QVERIFY(present);
    QVERIFY(present->isCheckable());
    QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F5));
    const TextSizes before = measure(window);
    const QHash<QWidget*, double> fonts_before = viewFonts(window);
    QVERIFY2(before.code > 0 && before.source > 0 && before.plot_labels > 0 && before.tree_on_screen > 0 &&
                 before.tree_box_height > 0,
             qPrintable(describe(before)));

    present->trigger();
    QCoreApplication::processEvents();
    QVERIFY(window.presentationZoom());
    QVERIFY(present->isChecked());
    const TextSizes big = measure(window);
    // At least half as large again everywhere, the tree included: fitting
    // the tree to its dock must not shrink the zoom away.
    QVERIFY2(big.code >= 1.5 * before.code, qPrintable(describe(big)));
    QVERIFY2(big.source >= 1.5 * before.source, qPrintable(describe(big)));
    QVERIFY2(big.plot_labels >= 1.5 * before.plot_labels, qPrintable(describe(big)));
    QVERIFY2(big.tree_on_screen >= 1.5 * before.tree_on_screen, qPrintable(describe(big)));
    QVERIFY2(big.tree_box_height >= 1.4 * before.tree_box_height, qPrintable(describe(big)));
    QVERIFY2(big.dependence_source_column >= 1.3 * before.dependence_source_column, qPrintable(describe(big)));
    // One factor for all: no tab bar or table header zoomed twice over.
    const QStringList off = notScaledBy(fonts_before, viewFonts(window), window.zoomFactor());
    QVERIFY2(off.isEmpty(), qPrintable(off.join(QStringLiteral("; "))));

    present->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!window.presentationZoom());
    QVERIFY(!present->isChecked());
    const TextSizes back = measure(window);
    QCOMPARE(back.code, before.code);
    QCOMPARE(back.source, before.source);
    QCOMPARE(back.plot_labels, before.plot_labels);
    QVERIFY2(qFuzzyCompare(back.tree_on_screen, before.tree_on_screen), qPrintable(describe(back)));
    QVERIFY2(std::abs(back.tree_box_height - before.tree_box_height) <= 1, qPrintable(describe(back)));
    QCOMPARE(back.dependence_source_column, before.dependence_source_column);
    const QStringList changed = notScaledBy(fonts_before, viewFonts(window), 1.0);
    QVERIFY2(changed.isEmpty(), qPrintable(changed.join(QStringLiteral("; "))));
  }

  void turningItOffKeepsTheUsersOwnZoom() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    window.renderImage(QSize(1600, 1000));
    const double plain = measure(window).code;
    action(window, QStringLiteral("zoomInAction"))->trigger();
    const double zoomed_in = measure(window).code;
    QVERIFY(zoomed_in > plain);
    window.setPresentationZoom(true);
    QVERIFY(measure(window).code > zoomed_in);
    window.setPresentationZoom(false);
    QCOMPARE(measure(window).code, zoomed_in);
    QCOMPARE(window.zoomFactor(), 1.12);
  }
};

QTEST_MAIN(TestGuiPresentationZoom)
#include "test_gui_presentation_zoom.moc"
