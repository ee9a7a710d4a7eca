// SPDX-License-Identifier: Apache-2.0
// Commands from the window's own widgets: a right-click on a point of the
// domain plot offers its statement's commands (at each of its loops) and opens
// the command form with its legality preview; a right-click on empty plot
// space offers the statements in sight, the menu key the selected point's;
// commands that cannot apply there wait disabled, with their reason, in a
// "Not available here" submenu, and follow the schedule as it changes; a
// tile-size spin box stepped with "apply while changing" on is one undo step,
// and never replaces an earlier command.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QHelpEvent>
#include <QMenu>
#include <QPushButton>
#include <QPointer>
#include <QSpinBox>
#include <QTextBrowser>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>
#include <QtTest>

#include <functional>
#include <memory>

#include "code_view.h"
#include "command_form.h"
#include "help_browser.h"
#include "commands/command.h"
#include "domain_plot.h"
#include "history_view.h"
#include "main_window.h"
#include "session/script.h"

using namespace loopscape;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

QAction* findAction(const QMenu* menu, const QString& name) {
  if (!menu) return nullptr;
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

QMenu* findSubmenu(const QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->menu() && a->menu()->objectName() == name) return a->menu();
  return nullptr;
}

QStringList sectionTitles(const QMenu* menu) {
  QStringList out;
  for (QAction* a : menu->actions())
    if (a->isSeparator() && !a->text().isEmpty()) out << a->text();
  return out;
}

// A right-click as the window system delivers it to the plot's canvas.
void rightClick(QWidget* widget, QPoint at) {
  QContextMenuEvent event(QContextMenuEvent::Mouse, at, widget->mapToGlobal(at));
  QCoreApplication::sendEvent(widget, &event);
}

// The plot's command menu now open (closed ones wait for deletion).
QMenu* openPlotMenu(const MainWindow& window) {
  for (QMenu* menu : window.findChildren<QMenu*>(QStringLiteral("plotCommandMenu")))
    if (menu->isVisible()) return menu;
  return nullptr;
}

CommandForm* openForm(const MainWindow& window) {
  for (CommandForm* form : window.findChildren<CommandForm*>())
    if (form->isVisible()) return form;
  return nullptr;
}

// Runs `interact` on the command form `trigger` opens (modal), then closes the
// form with Apply: interact returns whether it got through. Closing it
// whatever happens keeps a failed check from hanging the test in exec().
bool withForm(MainWindow& window, const std::function<void()>& trigger,
              const std::function<bool(CommandForm*)>& interact) {
  bool ok = false;
  QTimer::singleShot(0, &window, [&] {
    CommandForm* form = nullptr;
    if (!QTest::qWaitFor([&] { return (form = openForm(window)) != nullptr; }, 5000)) return;
    ok = interact(form);
    form->accept();
  });
  trigger();
  return ok;
}

bool waitForLegalPreview(CommandForm* form) {
  return QTest::qWaitFor([form] { return form->previewLegal() && form->previewText().startsWith(QChar(0x2714)); },
                         30000);
}

}  // namespace

class TestGuiCommands : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    qputenv("LOOPSCAPE_DEFAULT_LAYOUT", "1");
    QCoreApplication::setOrganizationName(QStringLiteral("LoopscapeTests"));
    for (const char* name : {"tile", "interchange", "skew", "parallelize"})
      if (!find_command(name)) QSKIP("a command the menus offer is missing from this build");
  }
  void plotPointOffersItsStatementsCommands();
  void emptyPlotSpaceOffersTheStatementsInSight();
  void spinBoxDragIsOneUndoStep();
  void dragAfterARefusedValueKeepsEarlierSteps();
  void inapplicableCommandsWaitDisabledWithTheirReason();
  void aTiledLoopInTheCodeOffersItsCommands();
  void aRefusedTileShowsTheRepairItTried();
  void theUserGuideOpensOnF1AndAtTheFormsCommand();
  void formFieldsFollowTheParameterKinds();
};

// The form's fields come from the command's typed parameters: loops as
// lists, sizes as spin boxes from 1 with the proposed value, integers from
// -1024, nodes as the named nodes.
void TestGuiCommands::formFieldsFollowTheParameterKinds() {
  MainWindow window;
  QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/mvt.c")));
  window.show();
  QVERIFY(window.waitForEngine());
  bool tiled = withForm(
      window, [&] { window.runCommand(QStringLiteral("tile"), Selection{{QStringLiteral("S0")}, QStringLiteral("i"), -1}); },
      [&](CommandForm* form) {
        auto* loop = form->findChild<QComboBox*>(QStringLiteral("arg_L1"));
        auto* size = form->findChild<QSpinBox*>(QStringLiteral("arg_S2"));
        if (!loop || !size || loop->currentText() != QStringLiteral("i")) return false;
        if (size->minimum() != 1 || size->value() != 32 || !size->toolTip().contains(QStringLiteral("size"))) return false;
        // For the docs: the form as a user sees it.
        const QString file = QDir::current().absoluteFilePath(QStringLiteral("command_form_tile.png"));
        form->grab().save(file);
        qInfo("%s", qPrintable(file));
        return !form->findChild<QWidget*>(QStringLiteral("arg_L1o"));  // optional names stay out of the form
      });
  QVERIFY(tiled);
  bool skewed = withForm(
      window, [&] { window.runCommand(QStringLiteral("skew"), Selection{{QStringLiteral("S0")}, {}, -1}); },
      [&](CommandForm* form) {
        auto* factor = form->findChild<QSpinBox*>(QStringLiteral("arg_f"));
        return factor && factor->minimum() < 0 && factor->value() == 1;
      });
  QVERIFY(skewed);
  bool fused = withForm(
      window, [&] { window.runCommand(QStringLiteral("fuse"), Selection{{QStringLiteral("S0")}, {}, -1}, QStringLiteral("R")); },
      [&](CommandForm* form) {
        auto* first = form->findChild<QComboBox*>(QStringLiteral("arg_C1"));
        auto* second = form->findChild<QComboBox*>(QStringLiteral("arg_C2"));
        return first && second && first->findText(QStringLiteral("C0")) >= 0 && second->findText(QStringLiteral("C1")) >= 0;
      });
  QVERIFY(fused);
}

// F1 opens the user guide (docs/guide) at its contents; a command form's "?"
// opens the page of commands at that command's row.
void TestGuiCommands::theUserGuideOpensOnF1AndAtTheFormsCommand() {
  MainWindow window;
  QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c")));
  QVERIFY(window.waitForEngine());
  QAction* guide = window.findChild<QAction*>(QStringLiteral("userGuideAction"));
  QVERIFY(guide);
  QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
  guide->trigger();
  auto* browser = window.findChild<HelpBrowser*>(QStringLiteral("userGuide"));
  QVERIFY(browser);
  QVERIFY(browser->isVisible());
  QCOMPARE(browser->currentPage(), QStringLiteral("README.md"));
  auto* text = browser->findChild<QTextBrowser*>(QStringLiteral("userGuideText"));
  QVERIFY(text->toPlainText().contains(QStringLiteral("User guide"), Qt::CaseInsensitive));
  browser->hide();

  const bool helped = withForm(
      window, [&] { window.runCommand(QStringLiteral("tile"), Selection{{QStringLiteral("S0")}, {}, -1}); },
      [&](CommandForm* form) {
        auto* help = form->findChild<QPushButton*>(QStringLiteral("commandHelp"));
        if (!help) return false;
        help->click();
        return true;
      });
  QVERIFY(helped);
  QVERIFY(browser->isVisible());
  QCOMPARE(browser->currentPage(), QStringLiteral("commands.md"));
  QCOMPARE(browser->selectedText(), QStringLiteral("S.tile("));
  // For the docs: the guide where the form's "?" leads.
  browser->resize(1000, 700);
  const QString file = QDir::current().absoluteFilePath(QStringLiteral("user_guide_commands.png"));
  QVERIFY(browser->grab().save(file));
  qInfo("%s", qPrintable(file));
}

// A refused tile on jacobi-1d after a skew by 1: the panel leads with the
// repair the engine tried (fuse S1 in, skew once more), above the witnesses.
void TestGuiCommands::aRefusedTileShowsTheRepairItTried() {
  MainWindow window;
  const QString corpus = QStringLiteral(LOOPSCAPE_TEST_DATA "/polybench");
  CompileOptions options;
  options.include_dirs = {(corpus + QStringLiteral("/utilities")).toStdString()};
  options.defines = {"MINI_DATASET"};
  window.setCompileOptions(options);
  QVERIFY(window.openFile(corpus + QStringLiteral("/stencils/jacobi-1d/jacobi-1d.c"), nullptr,
                          {QStringLiteral("S0.skew(t, i, 1)")}));
  QVERIFY(window.waitForEngine());
  window.requestCommand(*parse_script_line("S0.tile(t, i, 4, 4)", SourceLocation{}));
  QVERIFY(window.waitForEngine());
  auto* panel = window.findChild<QTextBrowser*>(QStringLiteral("reportPanel"));
  QVERIFY(panel);
  const QString shown = panel->toPlainText();
  const qsizetype hint = shown.indexOf(QStringLiteral("Hint: tiling needs loops that can be interchanged; first: S1."));
  QVERIFY2(hint > 0, qPrintable(shown));
  QVERIFY2(hint < shown.indexOf(QStringLiteral("broken dependence")), qPrintable(shown));
}

void TestGuiCommands::plotPointOffersItsStatementsCommands() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.renderImage(QSize(1600, 1000));
  auto* plot = window.findChild<DomainPlot*>(QStringLiteral("domainPlot"));
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QVERIFY(plot && plot->plotData() && code && history);
  const QString before = code->code(QStringLiteral("openmp"));

  // An instance of S1 (C[i][j] += ...) in the middle of the shown slice.
  std::int64_t point = -1;
  for (std::uint32_t p : plot->renderer().visiblePoints())
    if (plot->plotData()->statement_name(p) == "S1") point = p;
  QVERIFY(point >= 0);
  const QPoint at = plot->pointPosition(static_cast<std::size_t>(point))->toPoint();
  rightClick(plot->canvas(), at);

  // The point is selected in every view, and the menu is about its statement.
  QCOMPARE(plot->selectedPoint(), point);
  QCOMPARE(window.selection().statements, QStringList{QStringLiteral("S1")});
  QPointer<QMenu> menu = openPlotMenu(window);
  QVERIFY(menu);
  // The loops first, then the statement's commands.
  QCOMPARE(sectionTitles(menu), (QStringList{QStringLiteral("At one loop of S1"), QStringLiteral("S1")}));
  for (const char* name : {"tile", "interchange", "skew", "parallelize"})
    QVERIFY2(findAction(menu, QStringLiteral("command_%1").arg(name)), name);
  // One submenu per loop of S1, each with the loop preselected; tiling needs
  // a loop inside the one pointed at, so k (innermost) offers it disabled.
  for (const QString& loop : {QStringLiteral("i"), QStringLiteral("j"), QStringLiteral("k")}) {
    QMenu* at_loop = findSubmenu(menu, QStringLiteral("loop_") + loop);
    QVERIFY2(at_loop, qPrintable(loop));
    QCOMPARE(sectionTitles(at_loop).value(0), QStringLiteral("S1, loop %1").arg(loop));
    QCOMPARE(findAction(at_loop, QStringLiteral("command_tile")) != nullptr, loop != QLatin1String("k"));
    QVERIFY(findAction(at_loop, QStringLiteral("command_parallelize")));
  }

  // Tile at loop i: the form names the statement, preselects i and j, and
  // previews the command as legal before it is applied.
  QAction* const tile = findAction(findSubmenu(menu, QStringLiteral("loop_i")), QStringLiteral("command_tile"));
  QString title, first_loop, second_loop;
  // As a menu does: it hides, then triggers the action.
  const auto trigger = [menu, tile] {
    if (menu) menu->hide();
    tile->trigger();
  };
  const bool previewed = withForm(window, trigger, [&](CommandForm* form) {
    title = form->windowTitle();
    if (auto* l1 = form->findChild<QComboBox*>(QStringLiteral("arg_L1"))) first_loop = l1->currentText();
    if (auto* l2 = form->findChild<QComboBox*>(QStringLiteral("arg_L2"))) second_loop = l2->currentText();
    return waitForLegalPreview(form);
  });
  if (menu) menu->close();
  QVERIFY(previewed);
  QCOMPARE(title, QStringLiteral("S1.tile"));
  QCOMPARE(first_loop, QStringLiteral("i"));
  QCOMPARE(second_loop, QStringLiteral("j"));

  QVERIFY(window.waitForEngine());
  QVERIFY2(window.lastReport().isEmpty(), qPrintable(window.lastReport()));
  QCOMPARE(window.undoStack()->count(), 1);
  QCOMPARE(history->scriptLines(), QStringList{QStringLiteral("S1.tile(i, j, 32, 32)")});
  QVERIFY(code->code(QStringLiteral("openmp")) != before);
}

void TestGuiCommands::emptyPlotSpaceOffersTheStatementsInSight() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.renderImage(QSize(1600, 1000));
  auto* plot = window.findChild<DomainPlot*>(QStringLiteral("domainPlot"));
  QVERIFY(plot && plot->plotData());
  QCOMPARE(plot->shownStatements(), (QStringList{QStringLiteral("S0"), QStringLiteral("S1")}));

  // The top-left corner, outside the axes: no point there.
  QCOMPARE(plot->renderer().pointAt(QPointF(3, 3)), -1);
  rightClick(plot->canvas(), QPoint(3, 3));
  QCOMPARE(plot->selectedPoint(), -1);
  QPointer<QMenu> menu = openPlotMenu(window);
  QVERIFY(menu);
  for (const QString& statement : {QStringLiteral("S0"), QStringLiteral("S1")}) {
    QMenu* sub = findSubmenu(menu, QStringLiteral("statement_") + statement);
    QVERIFY2(sub, qPrintable(statement));
    QCOMPARE(sub->title(), statement);
    QVERIFY(findAction(sub, QStringLiteral("command_tile")));
    QVERIFY(findSubmenu(sub, QStringLiteral("loop_i")));
  }
  // S0 (C[i][j] = 0) has no k loop; S1 has.
  QVERIFY(!findSubmenu(findSubmenu(menu, QStringLiteral("statement_S0")), QStringLiteral("loop_k")));
  QVERIFY(findSubmenu(findSubmenu(menu, QStringLiteral("statement_S1")), QStringLiteral("loop_k")));
  menu->close();

  // The menu key acts on the selected point, wherever the mouse is.
  QVERIFY(plot->selectPoint(QStringLiteral("S0"), {2, 3}));
  QContextMenuEvent key(QContextMenuEvent::Keyboard, QPoint(3, 3), plot->canvas()->mapToGlobal(QPoint(3, 3)));
  QCoreApplication::sendEvent(plot->canvas(), &key);
  menu = openPlotMenu(window);
  QVERIFY(menu);
  QCOMPARE(sectionTitles(menu), (QStringList{QStringLiteral("At one loop of S0"), QStringLiteral("S0")}));
  QCOMPARE(window.selection().statements, QStringList{QStringLiteral("S0")});
  menu->close();
}

void TestGuiCommands::spinBoxDragIsOneUndoStep() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  const QString before = code->code(QStringLiteral("openmp"));

  int steps_while_dragging = -1;
  QStringList lines_while_dragging;
  const bool dragged = withForm(
      window, [&] { window.runCommand(QStringLiteral("tile"), Selection{{QStringLiteral("S1")}, QStringLiteral("i"), -1}); },
      [&](CommandForm* form) {
        auto* live = form->findChild<QCheckBox*>(QStringLiteral("liveApply"));
        auto* size = form->findChild<QSpinBox*>(QStringLiteral("arg_S1"));
        if (!live || !size || size->value() != 32) return false;
        live->setChecked(true);
        // Six steps up, as the arrow key or a drag on the arrows makes them:
        // some wait for the engine's answer, some come before it.
        for (int k = 0; k < 6; ++k) {
          QTest::keyClick(size, Qt::Key_Up);
          if (k % 2 == 1 && !window.waitForEngine()) return false;
        }
        if (!window.waitForEngine()) return false;
        steps_while_dragging = window.undoStack()->count();
        lines_while_dragging = history->scriptLines();
        return size->value() == 38;
      });
  QVERIFY(dragged);
  QVERIFY(window.waitForEngine());
  // Applied while dragging, one step all along, and Apply adds none.
  QCOMPARE(steps_while_dragging, 1);
  QCOMPARE(lines_while_dragging, QStringList{QStringLiteral("S1.tile(i, j, 38, 32)")});
  QCOMPARE(window.undoStack()->count(), 1);
  QCOMPARE(window.undoStack()->undoText(), QStringLiteral("S1.tile(i, j, 38, 32)"));
  QCOMPARE(history->scriptLines(), QStringList{QStringLiteral("S1.tile(i, j, 38, 32)")});
  const QString tiled = code->code(QStringLiteral("openmp"));
  QVERIFY(tiled != before);
  QVERIFY2(tiled.contains(QStringLiteral("38")), qPrintable(tiled));

  // One undo takes the whole drag back.
  window.undoStack()->undo();
  QVERIFY(window.waitForEngine());
  QVERIFY(!window.undoStack()->canUndo());
  QCOMPARE(history->scriptLines(), QStringList());
  QCOMPARE(code->code(QStringLiteral("openmp")), before);
  window.undoStack()->redo();
  QVERIFY(window.waitForEngine());
  QCOMPARE(history->scriptLines(), QStringList{QStringLiteral("S1.tile(i, j, 38, 32)")});
  QCOMPARE(code->code(QStringLiteral("openmp")), tiled);
}

void TestGuiCommands::dragAfterARefusedValueKeepsEarlierSteps() {
  MainWindow window;
  const QString interchange = QStringLiteral("S1.interchange(i, j)");
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, {interchange}));
  window.show();
  QVERIFY(window.waitForEngine());
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QCOMPARE(history->scriptLines(), QStringList{interchange});

  QString refusal;
  const bool dragged = withForm(
      window, [&] { window.runCommand(QStringLiteral("tile"), Selection{{QStringLiteral("S1")}, {}, -1}); },
      [&](CommandForm* form) {
        auto* live = form->findChild<QCheckBox*>(QStringLiteral("liveApply"));
        auto* size = form->findChild<QSpinBox*>(QStringLiteral("arg_S1"));
        auto* loop = form->findChild<QComboBox*>(QStringLiteral("arg_L1"));
        if (!live || !size || !loop) return false;
        // A size is a positive integer: the field offers no other.
        if (size->minimum() != 1) return false;
        live->setChecked(true);
        const QString first = loop->currentText();
        loop->setEditText(QStringLiteral("zz"));  // refused: no such loop
        if (!window.waitForEngine()) return false;
        refusal = window.lastReport();
        loop->setEditText(first);
        if (!window.waitForEngine()) return false;
        size->setValue(4);
        size->setValue(5);
        return window.waitForEngine();
      });
  QVERIFY(dragged);
  QVERIFY(window.waitForEngine());
  QVERIFY2(refusal.contains(QStringLiteral("zz")), qPrintable(refusal));
  // The refused first value applied nothing, so the next one did not replace
  // the interchange: both steps are there, the drag as one undo step.
  QCOMPARE(history->scriptLines().size(), 2);
  QCOMPARE(history->scriptLines().first(), interchange);
  QVERIFY2(history->scriptLines().last().startsWith(QStringLiteral("S1.tile(")) &&
               history->scriptLines().last().endsWith(QStringLiteral(", 5, 32)")),
           qPrintable(history->scriptLines().last()));
  QCOMPARE(window.undoStack()->count(), 2);
  window.undoStack()->undo();
  QVERIFY(window.waitForEngine());
  QCOMPARE(history->scriptLines(), QStringList{interchange});
}

QTEST_MAIN(TestGuiCommands)
void TestGuiCommands::inapplicableCommandsWaitDisabledWithTheirReason() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
  window.renderImage(QSize(1600, 1000));
  QVERIFY(window.waitForEngine());
  std::unique_ptr<QMenu> menu(window.statementCommandMenu({QStringLiteral("S1")}));

  // At the innermost loop k, tile is listed disabled, with what it needs.
  QMenu* at_k = findSubmenu(menu.get(), QStringLiteral("loop_k"));
  QVERIFY(at_k);
  QMenu* unavailable_at_k = findSubmenu(at_k, QStringLiteral("unavailableCommands"));
  QVERIFY(unavailable_at_k);
  QCOMPARE(unavailable_at_k->title(), QStringLiteral("Not available here"));
  QAction* tile = findAction(unavailable_at_k, QStringLiteral("command_tile"));
  QVERIFY(tile);
  QVERIFY(!tile->isEnabled());
  QCOMPARE(tile->toolTip(), QStringLiteral("k is the innermost loop of S1: needs a loop inside it"));
  QVERIFY(tile->statusTip().contains(tile->toolTip()));
  // Hovering the disabled entry shows the reason.
  unavailable_at_k->popup(QPoint(10, 10));
  const QPoint over = unavailable_at_k->actionGeometry(tile).center();
  QHelpEvent hover(QEvent::ToolTip, over, unavailable_at_k->mapToGlobal(over));
  QCoreApplication::sendEvent(unavailable_at_k, &hover);
  QTRY_COMPARE(QToolTip::text(), tile->toolTip());
  unavailable_at_k->hide();
  QAction* interchange = findAction(at_k, QStringLiteral("command_interchange"));
  QVERIFY(interchange && interchange->isEnabled());

  // No loop of S1 is distributed, so send waits for a distribute.
  QMenu* unavailable = findSubmenu(menu.get(), QStringLiteral("unavailableCommands"));
  QVERIFY(unavailable);
  QAction* send = findAction(unavailable, QStringLiteral("command_send"));
  QVERIFY(send && !send->isEnabled());
  QCOMPARE(send->toolTip(), QStringLiteral("S1 has no distributed loop: distribute one first"));
  QVERIFY(!findAction(menu.get(), QStringLiteral("command_send")));

  // An enabled command still opens its form and applies ...
  QAction* distribute = findAction(findSubmenu(menu.get(), QStringLiteral("loop_i")), QStringLiteral("command_distribute"));
  QVERIFY(distribute && distribute->isEnabled());
  QVERIFY(withForm(window, [distribute] { distribute->trigger(); }, waitForLegalPreview));
  QVERIFY(window.waitForEngine());
  QVERIFY2(window.lastReport().isEmpty(), qPrintable(window.lastReport()));
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QCOMPARE(history->scriptLines(), QStringList{QStringLiteral("S1.distribute(i)")});

  // ... and the menus follow the new schedule: S1 can send now.
  menu.reset(window.statementCommandMenu({QStringLiteral("S1")}));
  QAction* now = findAction(menu.get(), QStringLiteral("command_send"));
  QVERIFY(now && now->isEnabled());
  QVERIFY(!findAction(findSubmenu(menu.get(), QStringLiteral("unavailableCommands")), QStringLiteral("command_send")));
}

void TestGuiCommands::aTiledLoopInTheCodeOffersItsCommands() {
  MainWindow window;
  QString error;
  QVERIFY2(window.openFile(samplePath(QStringLiteral("matmul.c")), &error, {QStringLiteral("S1.tile(i, j, 32, 32)")}),
           qPrintable(error));
  window.renderImage(QSize(1600, 1000));
  QVERIFY(window.waitForEngine());
  auto* code = window.findChild<CodeView*>(QStringLiteral("codeView"));
  QVERIFY(code);
  // The code names the tile loops as the command did, so the line of i0 is the loop i0.
  const QStringList lines = code->code(QStringLiteral("openmp")).split(QLatin1Char('\n'));
  int line = -1;
  for (int k = 0; k < lines.size() && line < 0; ++k)
    if (lines[k].trimmed().startsWith(QStringLiteral("for (int i0 = "))) line = k;
  QVERIFY2(line >= 0, qPrintable(code->code(QStringLiteral("openmp"))));
  const Selection at_i0 = code->selectionForLine(QStringLiteral("openmp"), line);
  QCOMPARE(at_i0.loop, QStringLiteral("i0"));
  QVERIFY(at_i0.statements.contains(QStringLiteral("S1")));
  std::unique_ptr<QMenu> menu(window.commandMenu(at_i0));
  QAction* parallelize = findAction(menu.get(), QStringLiteral("command_parallelize"));
  QVERIFY(parallelize && parallelize->isEnabled());
  QVERIFY(withForm(window, [parallelize] { parallelize->trigger(); }, waitForLegalPreview));
  QVERIFY(window.waitForEngine());
  auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
  QCOMPARE(history->scriptLines().size(), 2);
  QVERIFY2(history->scriptLines().last().endsWith(QStringLiteral(".parallelize(i0)")),
           qPrintable(history->scriptLines().join(QLatin1Char('|'))));
  QVERIFY(code->code(QStringLiteral("openmp")).contains(QStringLiteral("#pragma omp parallel for\nfor (int i0 = ")));
}

#include "test_gui_commands.moc"
