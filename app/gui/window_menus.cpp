// SPDX-License-Identifier: Apache-2.0
#include "window_menus.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QUndoStack>

#include "code_view.h"
#include "command_menus.h"
#include "dependence_view.h"
#include "domain_plot.h"
#include "help_browser.h"
#include "history_view.h"
#include "lesson_controller.h"
#include "main_window.h"
#include "recent_files.h"
#include "samples.h"
#include "schedule_tree_view.h"
#include "snapshot/snapshot.h"
#include "source_view.h"
#include "window_docks.h"
#include "window_exports.h"

namespace loopscape {

WindowMenus::WindowMenus(MainWindow* window, WindowDocks* docks, CommandMenus* commands, WindowExports* exports)
    : QObject(window), window_(window), docks_(docks), commands_(commands), exports_(exports) {
  createFileMenu();
  createEditMenu();
  createViewMenu();
  createTransformMenu();
  createHelpMenu();
}

void WindowMenus::createFileMenu() {
  QMenu* file = window_->menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open\u2026"), window_, &MainWindow::chooseFile)->setShortcut(QKeySequence::Open);
  fillSamples(file->addMenu(tr("Open &Sample")));
  QMenu* recent = file->addMenu(tr("Open &Recent"));
  connect(recent, &QMenu::aboutToShow, this, [this, recent] { fillRecent(recent); });
  file->addAction(tr("Start &Page"), window_, &MainWindow::showStartPage);
  file->addSeparator();
  file->addAction(tr("&Compiler Options\u2026"), window_, &MainWindow::showCompilerOptions)
      ->setObjectName(QStringLiteral("compilerOptionsAction"));
  file->addAction(tr("&Trust and Sandbox\u2026"), window_, &MainWindow::showTrustSettings);
  file->addAction(tr("Save Session\u2026"), window_, &MainWindow::chooseSessionToSave)->setShortcut(QKeySequence::Save);
  file->addAction(tr("Open Session\u2026"), window_, &MainWindow::chooseSessionToOpen);
  QMenu* export_menu = file->addMenu(tr("&Export"));
  export_menu->addAction(tr("C++ Program\u2026"), exports_, &WindowExports::exportProgram);
  export_menu->addAction(tr("Code for the Current Target\u2026"), exports_, &WindowExports::exportCode);
  export_menu->addAction(tr("OpenMP 6.0 Directives on Your Loops\u2026"), exports_, &WindowExports::exportDirectives);
  QMenu* images = export_menu->addMenu(tr("Image of a View"));
  const QList<QPair<QString, QWidget*>> views{{tr("Window"), window_},
                                              {tr("Domain plot"), window_->plot()},
                                              {tr("Source"), docks_->source},
                                              {tr("Schedule tree"), docks_->tree},
                                              {tr("Dependences"), docks_->dependences},
                                              {tr("Code"), docks_->code},
                                              {tr("History"), docks_->history}};
  for (const auto& [name, view] : views)
    images->addAction(name + QStringLiteral("\u2026"), exports_,
                      [this, view = view, name = name] { exports_->exportImage(view, name); });
  file->addAction(tr("Save Screens&hot\u2026"), exports_, &WindowExports::saveScreenshot);
  file->addSeparator();
  file->addAction(tr("&Quit"), window_, &QWidget::close)->setShortcut(QKeySequence::Quit);
}

void WindowMenus::createEditMenu() {
  QMenu* edit = window_->menuBar()->addMenu(tr("&Edit"));
  QAction* undo = window_->undoStack()->createUndoAction(window_, tr("&Undo"));
  undo->setShortcut(QKeySequence(QStringLiteral("Ctrl+Z")));
  QAction* redo = window_->undoStack()->createRedoAction(window_, tr("&Redo"));
  redo->setShortcuts({QKeySequence(QStringLiteral("Ctrl+Shift+Z")), QKeySequence(QStringLiteral("Ctrl+Y"))});
  edit->addAction(undo);
  edit->addAction(redo);
}

void WindowMenus::createViewMenu() {
  QMenu* view = window_->menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : {docks_->source_dock, docks_->history_dock, docks_->tree_dock, docks_->dependences_dock,
                            docks_->communication_dock, docks_->pe_array_dock, docks_->lesson_dock, docks_->code_dock,
                            docks_->run_dock})
    view->addAction(dock->toggleViewAction());
  QAction* scratchpad = view->addAction(tr("isl &Scratchpad"), window_, &MainWindow::showScratchpad);
  scratchpad->setObjectName(QStringLiteral("scratchpadAction"));
  scratchpad->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+I")));
  scratchpad->setStatusTip(tr("Type sets and maps in isl notation and see them drawn"));
  view->addSeparator();
  QAction* zoom_in = view->addAction(tr("Zoom &In"), window_, [this] { window_->zoomBy(1); });
  zoom_in->setShortcuts({QKeySequence::ZoomIn, QKeySequence(QStringLiteral("Ctrl+="))});
  zoom_in->setObjectName(QStringLiteral("zoomInAction"));
  QAction* zoom_out = view->addAction(tr("Zoom &Out"), window_, [this] { window_->zoomBy(-1); });
  zoom_out->setShortcut(QKeySequence::ZoomOut);
  zoom_out->setObjectName(QStringLiteral("zoomOutAction"));
  QAction* zoom_reset = view->addAction(tr("&Reset Zoom"), window_, &MainWindow::resetZoom);
  zoom_reset->setShortcut(QKeySequence(QStringLiteral("Ctrl+0")));
  zoom_reset->setObjectName(QStringLiteral("zoomResetAction"));
  presentation_ = view->addAction(tr("&Presentation Zoom"), window_, &MainWindow::setPresentationZoom);
  presentation_->setObjectName(QStringLiteral("presentationZoomAction"));
  presentation_->setCheckable(true);
  presentation_->setShortcut(QKeySequence(Qt::Key_F5));
  presentation_->setStatusTip(tr("Every view's text at projector size; again to go back"));
  view->addAction(tr("Reset &Layout"), window_, &MainWindow::resetLayout);
}

void WindowMenus::createTransformMenu() {
  QMenu* transform = window_->menuBar()->addMenu(tr("&Transform"));
  transform->setToolTipsVisible(true);
  // Without a selection, the commands apply to the first statement.
  commands_->fillTransformMenu(transform, [this] {
    Selection s = window_->selection();
    if (s.statements.isEmpty() && window_->snapshot() && !window_->snapshot()->statements.empty())
      s.statements << QString::fromStdString(window_->snapshot()->statements.front().name);
    return s;
  });
  if (transform->isEmpty()) transform->addAction(tr("(no commands)"))->setEnabled(false);
  transform->addSeparator();
  QAction* automatic = transform->addAction(tr("&Automatic Schedule"), window_, &MainWindow::requestAutoSchedule);
  automatic->setObjectName(QStringLiteral("transform_auto_schedule"));
  automatic->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+A")));
  const QString tip = tr("isl's scheduler (outer parallelism, tileable bands) on the exact dependences, "
                         "applied as steps of the history: shift, fuse, interchange, skew, tile, parallelize");
  automatic->setToolTip(tip);
  automatic->setStatusTip(tip);
  QAction* tune = transform->addAction(tr("&Tune Automatic Schedule"), window_, &MainWindow::requestTuning);
  tune->setObjectName(QStringLiteral("transform_tune"));
  const QString tune_tip = tr("Measure the automatic schedule's candidates in the Run dock (Halide's JIT, at its "
                              "parameter values) and show them side by side; apply the one you choose");
  tune->setToolTip(tune_tip);
  tune->setStatusTip(tune_tip);
  QToolBar* toolbar = window_->addToolBar(tr("Transform"));
  toolbar->setObjectName(QStringLiteral("transform_toolbar"));
  toolbar->addAction(automatic);
}

void WindowMenus::createHelpMenu() {
  QMenu* help = window_->menuBar()->addMenu(tr("&Help"));
  QMenu* lessons = help->addMenu(tr("&Lessons"));
  lessons->setObjectName(QStringLiteral("lessonsMenu"));
  QMenu* part = lessons;
  QString part_title;
  for (const LessonController::Entry& e : LessonController::courseLessons()) {
    if (!e.part.isEmpty() && e.part != part_title) {
      part_title = e.part;
      part = lessons->addMenu(part_title);
    }
    part->addAction(e.title, window_, [this, path = e.path] {
      QString error;
      if (!window_->openLesson(path, &error)) QMessageBox::warning(window_, tr("Lesson"), error);
    });
  }
  if (lessons->isEmpty()) lessons->addAction(tr("(no lessons found)"))->setEnabled(false);
  lessons->addSeparator();
  lessons->addAction(tr("Open Lesson or Course File\u2026"), window_, [this] {
    const QString path =
        QFileDialog::getOpenFileName(window_, tr("Open Lesson or Course"), QString(), tr("Lessons and courses (*.md)"));
    QString error;
    if (!path.isEmpty() && !window_->openLesson(path, &error)) QMessageBox::warning(window_, tr("Lesson"), error);
  });
  QAction* guide = help->addAction(tr("User &Guide"), window_, [this] { showUserGuide(); });
  guide->setShortcut(QKeySequence::HelpContents);
  guide->setObjectName(QStringLiteral("userGuideAction"));
  help->addAction(tr("&About Loopscape"), this, &WindowMenus::showAbout);
}

void WindowMenus::showUserGuide(const QString& page, const QStringList& find) {
  const QString directory = userGuideDirectory();
  if (directory.isEmpty()) {
    QMessageBox::information(window_, tr("User Guide"),
                             tr("The user guide is not installed here (docs/guide beside the samples)."));
    return;
  }
  if (!user_guide_) user_guide_ = new HelpBrowser(directory, window_);
  if (!user_guide_->showPage(page, find)) user_guide_->showPage(QStringLiteral("README.md"));
  user_guide_->show();
  user_guide_->raise();
  user_guide_->activateWindow();
}

void WindowMenus::fillSamples(QMenu* menu) {
  const QList<SampleInfo> samples = listSamples(samplesDirectory());
  if (samples.isEmpty()) menu->addAction(tr("(no samples found)"))->setEnabled(false);
  for (const SampleInfo& sample : samples) {
    QAction* action = menu->addAction(sample.name);
    action->setStatusTip(sample.description);
    action->setToolTip(sample.description);
    connect(action, &QAction::triggered, window_, [this, path = sample.path] {
      QString error;
      if (!window_->openFile(path, &error)) QMessageBox::warning(window_, tr("Open sample"), error);
    });
  }
}

void WindowMenus::fillRecent(QMenu* menu) {
  menu->clear();
  for (const QString& path : recentFiles())
    menu->addAction(QDir::toNativeSeparators(path), window_, [this, path] {
      QString error;
      if (!window_->openFile(path, &error)) QMessageBox::warning(window_, tr("Open"), error);
    });
  if (menu->isEmpty()) menu->addAction(tr("(none)"))->setEnabled(false);
}

void WindowMenus::showAbout() {
  QMessageBox::about(window_, tr("About Loopscape"),
                     tr("<h3>Loopscape %1</h3><p>Explore polyhedral schedules of C loop nests: the isl "
                        "schedule tree, iteration domains and dependences, legal transforms and the code "
                        "they generate.</p>")
                         .arg(QCoreApplication::applicationVersion()));
}

}  // namespace loopscape
