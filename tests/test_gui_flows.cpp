// SPDX-License-Identifier: Apache-2.0
// The window's flows through its real widgets: open a sample and see the
// schedule tree, the dependence table and the OpenMP code; select a statement
// in one view and see it highlighted in the others; apply a tile through the
// context-menu path, undo it; an illegal command leaves the session unchanged
// and shows its report; a screenshot is 1600x1000.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLabel>
#include <QMenu>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <QProcess>

#include "code_view.h"
#include "commands/command.h"
#include "dependence_view.h"
#include "graph_items.h"
#include "history_view.h"
#include "main_window.h"
#include "schedule_tree_view.h"
#include "snapshot/snapshot.h"
#include "source_view.h"

using namespace loopscape;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

QAction* findAction(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

bool hasCommand(const char* name) { return find_command(name) != nullptr; }

}  // namespace

class TestGuiFlows : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("LOOPSCAPE_DEFAULT_LAYOUT", "1");
    QCoreApplication::setOrganizationName(QStringLiteral("LoopscapeTests"));
  }
  void opensASampleIntoEveryView();
  void selectionIsLinked();
  void tileAppliesAndUndoes();
  void illegalCommandLeavesTheSessionUnchanged();
  void screenshotIs1600x1000();
  void screenshotSizeFromTheCommandLine();
  void scriptErrorsNameTheScriptAndSetTheExitStatus();
  void codeTargetTabComesForward();
  void frontEndErrorIsUnderlined();
  void sessionRoundTrips();
};

void TestGuiFlows::opensASampleIntoEveryView() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.show();
  QVERIFY(window.waitForEngine());
  QVERIFY(window.snapshot());

  auto* tree = window.findChild<ScheduleTreeView*>(QStringLiteral("scheduleTreeView"));
  QVERIFY(tree);
  const Snapshot& snap = *window.snapshot();
  QStringList kinds;
  for (int n : tree->visibleNodes()) kinds << QString::fromStdString(snap.tree[static_cast<std::size_t>(n)].kind);
  QVERIFY2(kinds.contains(QStringLiteral("domain")), qPrintable(kinds.join(',')));
  QVERIFY2(kinds.contains(QStringLiteral("band")), qPrintable(kinds.join(',')));
  QVERIFY2(kinds.count(QStringLiteral("leaf")) >= 2, qPrintable(kinds.join(',')));
  bool named_root = false;
  for (const TreeNodeInfo& n : snap.tree) named_root = named_root || n.name == "R";
  QVERIFY(named_root);

  auto* deps = window.findChild<DependenceView*>(QStringLiteral("dependencesView"));
  QVERIFY(deps);
  QCOMPARE(deps->table()->rowCount(), 5);
  QCOMPARE(deps->table()->item(0, 0)->text(), QStringLiteral("RAW"));
  // The graph is laid out when its tab shows, one box per statement and an
  // arrow per dependence (the legend's lines besides).
  auto boxes = [&] {
    int n = 0;
    for (QGraphicsItem* item : deps->graph()->scene()->items()) n += dynamic_cast<BoxItem*>(item) != nullptr;
    return n;
  };
  QCOMPARE(boxes(), 0);
  deps->setCurrentWidget(deps->graph());
  QCOMPARE(boxes(), int(snap.statements.size()));
  deps->setCurrentWidget(deps->table());

  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  QVERIFY(code);
  QVERIFY(code->targets().contains(QStringLiteral("openmp")));
  QVERIFY(code->targets().contains(QStringLiteral("isl-ast")));
  QVERIFY(code->targets().contains(QStringLiteral("tree")));
  QCOMPARE(code->targets().first(), QStringLiteral("openmp"));
  QVERIFY2(code->editor(QStringLiteral("openmp"))->toPlainText().contains(QStringLiteral("#pragma omp parallel for")),
           qPrintable(code->code(QStringLiteral("openmp"))));

  auto* legality = window.findChild<QLabel*>(QStringLiteral("legalityStatus"));
  QVERIFY(legality->text().contains(QStringLiteral("legal")));
}

void TestGuiFlows::selectionIsLinked() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.renderImage(QSize(1600, 1000));
  auto* tree = window.findChild<ScheduleTreeView*>(QStringLiteral("scheduleTreeView"));
  const Snapshot& snap = *window.snapshot();
  int leaf = -1;
  for (int n : tree->visibleNodes())
    if (snap.tree[static_cast<std::size_t>(n)].kind == "leaf" && snap.tree[static_cast<std::size_t>(n)].statements == std::vector<std::string>{"S1"})
      leaf = n;
  QVERIFY(leaf >= 0);
  tree->centerOn(tree->mapToScene(tree->nodePosition(leaf)));
  QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->nodePosition(leaf));
  QCOMPARE(window.selection().statements, QStringList{QStringLiteral("S1")});
  QCOMPARE(tree->highlightedNodes(), QList<int>{leaf});

  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  const QList<int> lines = code->highlightedLines(QStringLiteral("openmp"));
  QVERIFY(!lines.isEmpty());
  const QString line = code->code(QStringLiteral("openmp")).split('\n').at(lines.first());
  QVERIFY2(line.contains(QStringLiteral("+=")), qPrintable(line));

  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QVERIFY(source->highlightedLines().contains(int(snap.statements[1].line)));
  auto* deps = window.findChild<DependenceView*>(QStringLiteral("dependencesView"));
  QCOMPARE(deps->highlightedRows().size(), 5);  // every dependence touches S1

  // A loop picked in the code highlights the band in the tree.
  Selection from_code;
  for (const CodeLoop& loop : snap.findCode("openmp")->loops)
    if (loop.iterator == "k") from_code = code->selectionForLine(QStringLiteral("openmp"), loop.line);
  QCOMPARE(from_code.loop, QStringLiteral("k"));
  window.select(from_code);
  QCOMPARE(tree->highlightedNodes().size(), 1);
  QCOMPARE(snap.tree[static_cast<std::size_t>(tree->highlightedNodes().first())].kind, std::string("band"));
}

void TestGuiFlows::tileAppliesAndUndoes() {
  if (!hasCommand("tile")) QSKIP("no tile command in this build");
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  const QString before = code->code(QStringLiteral("openmp"));

  window.setFormsAutoAccept(true);
  const Selection loop{{QStringLiteral("S1")}, QStringLiteral("i"), -1};
  std::unique_ptr<QMenu> menu(window.commandMenu(loop));
  QAction* tile = findAction(menu.get(), QStringLiteral("command_tile"));
  QVERIFY(tile);
  tile->trigger();
  QVERIFY(window.waitForEngine());
  QVERIFY2(window.lastReport().isEmpty(), qPrintable(window.lastReport()));
  const QString after = code->code(QStringLiteral("openmp"));
  QVERIFY(after != before);
  QCOMPARE(window.undoStack()->count(), 1);
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QCOMPARE(history->scriptLines().size(), 1);
  QVERIFY2(history->scriptLines().first().startsWith(QStringLiteral("S1.tile(i, j, 32, 32")),
           qPrintable(history->scriptLines().first()));

  window.undoStack()->undo();
  QVERIFY(window.waitForEngine());
  QCOMPARE(code->code(QStringLiteral("openmp")), before);
  QCOMPARE(history->scriptLines().size(), 0);
  window.undoStack()->redo();
  QVERIFY(window.waitForEngine());
  QCOMPARE(code->code(QStringLiteral("openmp")), after);

  // Selecting the original step in the history shows its code again.
  history->setCurrentRow(0);
  QVERIFY(window.waitForEngine());
  QCOMPARE(code->code(QStringLiteral("openmp")), before);
}

void TestGuiFlows::illegalCommandLeavesTheSessionUnchanged() {
  if (!hasCommand("parallelize")) QSKIP("no parallelize command in this build");
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("seidel2d.c"))));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  const QString before = code->code(QStringLiteral("openmp"));
  window.setFormsAutoAccept(true);
  window.runCommand(QStringLiteral("parallelize"), Selection{{QStringLiteral("S0")}, QStringLiteral("i"), -1});
  QVERIFY(window.waitForEngine());
  QVERIFY2(window.undoStack()->count() == 0,
           qPrintable(window.findChild<HistoryView*>(QStringLiteral("historyView"))->scriptLines().join('|')));
  QCOMPARE(code->code(QStringLiteral("openmp")), before);
  QVERIFY(!window.lastReport().isEmpty());
  auto* report = window.findChild<QTextBrowser*>(QStringLiteral("reportPanel"));
  QVERIFY(report->isVisible());
  QVERIFY2(report->toPlainText().contains(QStringLiteral("S0")), qPrintable(report->toPlainText()));
  QVERIFY(window.selection().statements.contains(QStringLiteral("S0")));
}

void TestGuiFlows::screenshotIs1600x1000() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("jacobi2d.c"))));
  const QImage image = window.renderImage(QSize(1600, 1000));
  QVERIFY(window.snapshot());
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("shot.png"));
  QVERIFY(image.save(path));
  QImage read(path);
  QCOMPARE(read.size() / read.devicePixelRatio(), QSize(1600, 1000));
}

void TestGuiFlows::screenshotSizeFromTheCommandLine() {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("laptop.png"));
  QProcess app;
  app.setProcessChannelMode(QProcess::MergedChannels);
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("jacobi2d.c")), QStringLiteral("--screenshot"), path,
                                           QStringLiteral("--screenshot-size"), QStringLiteral("1366x768")});
  QVERIFY(app.waitForFinished(120000));
  QCOMPARE(app.exitCode(), 0);
  QImage read(path);
  QCOMPARE(read.size() / read.devicePixelRatio(), QSize(1366, 768));
  // A size that is no size is refused before anything is drawn.
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("jacobi2d.c")), QStringLiteral("--screenshot"), path,
                                           QStringLiteral("--screenshot-size"), QStringLiteral("wide")});
  QVERIFY(app.waitForFinished(60000));
  QCOMPARE(app.exitCode(), 2);
  QVERIFY2(app.readAll().contains("WIDTHxHEIGHT"), "no message about the size");
}

// `loopscape FILE --script S --screenshot OUT`: a malformed script is named
// at its line and column (exit 2, the file's views still shown), as is a bad
// argument (exit 2, as loopscape-cli says); an illegal command exits 3, and
// the image is still written, showing the refusal.
void TestGuiFlows::scriptErrorsNameTheScriptAndSetTheExitStatus() {
  QTemporaryDir dir;
  const auto write = [&](const QString& name, const QByteArray& text) {
    QFile file(dir.filePath(name));
    file.open(QIODevice::WriteOnly);
    file.write(text);
    return file.fileName();
  };
  const QString malformed = write(QStringLiteral("malformed.ls"), "S1.interchange(k, j)\nS1.tile(j, k, 8, 8\n");
  const QString refused = write(QStringLiteral("refused.ls"), "S1.loop_reversal(k)\n");
  const QString image = dir.filePath(QStringLiteral("shot.png"));
  QProcess app;
  app.setProcessChannelMode(QProcess::MergedChannels);
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("matmul.c")), QStringLiteral("--script"), malformed,
                                           QStringLiteral("--screenshot"), image});
  QVERIFY(app.waitForFinished(120000));
  QCOMPARE(app.exitCode(), 2);
  const QByteArray said = app.readAll();
  QVERIFY2(said.contains((malformed + QStringLiteral(":2:8: missing ')'")).toUtf8()), said.constData());
  QVERIFY2(!said.contains("cannot be analysed"), said.constData());
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("matmul.c")), QStringLiteral("--script"), refused,
                                           QStringLiteral("--screenshot"), image});
  QVERIFY(app.waitForFinished(120000));
  QCOMPARE(app.exitCode(), 3);
  const QByteArray refusal = app.readAll();
  QVERIFY2(refusal.contains((refused + QStringLiteral(":1:1: error: S1.loop_reversal(k) is illegal")).toUtf8()),
           refusal.constData());
  QVERIFY(QFileInfo::exists(image));
  const QString bad_argument = write(QStringLiteral("bad_argument.ls"), "S1.tile(i, q, 8, 8)\n");
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("matmul.c")), QStringLiteral("--script"),
                                           bad_argument, QStringLiteral("--screenshot"), image});
  QVERIFY(app.waitForFinished(120000));
  QCOMPARE(app.exitCode(), 2);
  QVERIFY2(app.readAll().contains("'q'"), "no message about the loop");
  // In the window, the malformed script is refused; the file itself is analysed.
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr,
                          {QStringLiteral("S1.interchange(k, j)"), QStringLiteral("S1.tile(j, k, 8, 8")}));
  QVERIFY(window.waitForEngine());
  QVERIFY(!window.analysisFailed());
  QVERIFY(window.snapshot() && !window.snapshot()->statements.empty());
  QVERIFY2(window.lastReport().contains(QStringLiteral("missing ')'")), qPrintable(window.lastReport()));
}

void TestGuiFlows::codeTargetTabComesForward() {
  MainWindow window;
  QVERIFY(window.showCodeTarget(QStringLiteral("halide-ptx")));  // before any code: kept for later
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, {QStringLiteral("S1.tile_gpu(i, j, 4, 4)")}));
  window.renderImage(QSize(1600, 1000));
  auto* code = window.findChild<CodeView*>();
  QVERIFY(code);
  QCOMPARE(code->currentTarget(), QStringLiteral("halide-ptx"));
  QVERIFY(code->code(QStringLiteral("halide-ptx")).contains(QStringLiteral(".entry")));
  QVERIFY(window.showCodeTarget(QStringLiteral("cuda")));
  QCOMPARE(code->currentTarget(), QStringLiteral("cuda"));
  QVERIFY(!window.showCodeTarget(QStringLiteral("fortran")));
  QCOMPARE(code->currentTarget(), QStringLiteral("cuda"));
  // From the command line, an unknown target is refused with its name.
  QProcess app;
  app.setProcessChannelMode(QProcess::MergedChannels);
  QTemporaryDir dir;
  app.start(QStringLiteral(LOOPSCAPE_APP), {samplePath(QStringLiteral("matmul.c")), QStringLiteral("--code-target"),
                                           QStringLiteral("fortran"), QStringLiteral("--screenshot"),
                                           dir.filePath(QStringLiteral("x.png"))});
  QVERIFY(app.waitForFinished(120000));
  QCOMPARE(app.exitCode(), 2);
  QVERIFY2(app.readAll().contains("no target is named 'fortran'"), "no message about the target");
}

void TestGuiFlows::frontEndErrorIsUnderlined() {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.c"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
  file.write("void f(int n, double a[10]) {\n#pragma scop\n  for (int i = 0; i < n; i++)\n    a[i] = g(i);\n#pragma endscop\n}\n");
  file.close();
  MainWindow window;
  QVERIFY(window.openFile(path));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QCOMPARE(source->errors().size(), 1);
  QVERIFY(source->errors().first().line > 0);
  QVERIFY(!source->errors().first().message.isEmpty());
}

void TestGuiFlows::sessionRoundTrips() {
  if (!hasCommand("interchange")) QSKIP("no interchange command in this build");
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, {QStringLiteral("S1.interchange(i, j)")}));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QCOMPARE(history->scriptLines(), QStringList{QStringLiteral("S1.interchange(i, j)")});
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("s.json"));
  QVERIFY(window.saveSession(path));
  MainWindow other;
  QVERIFY(other.openSession(path));
  QVERIFY(other.waitForEngine());
  QCOMPARE(other.findChild<HistoryView*>(QStringLiteral("historyView"))->scriptLines(), history->scriptLines());
  // The export replays the history as typed calls (test_cpp_open opens such exports back).
  QVERIFY(other.exportCppScript().contains(QStringLiteral("S1.interchange(\"i\", \"j\");")));
}

QTEST_MAIN(TestGuiFlows)
#include "test_gui_flows.moc"
