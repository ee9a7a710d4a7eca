// SPDX-License-Identifier: Apache-2.0
#include "window_docks.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTimer>

#include <algorithm>

#include "code_view.h"
#include "codegen/registry/registry.h"
#include "directives/omp_directives.h"
#include "communication_view.h"
#include "dependence_view.h"
#include "history_view.h"
#include "lesson_view.h"
#include "pe_array_view.h"
#include "run_view.h"
#include "schedule_tree_view.h"
#include "scratchpad_view.h"
#include "source_view.h"

namespace loopscape {

namespace {

const QString kLayoutKey = QStringLiteral("layout/state");
const QString kGeometryKey = QStringLiteral("layout/geometry");

template <class View>
View* named(const QString& object_name) {
  auto* view = new View;
  view->setObjectName(object_name);
  return view;
}

}  // namespace

WindowDocks::WindowDocks(QMainWindow* window) : QObject(window), window_(window) {
  source = named<SourceView>(QStringLiteral("sourceView"));
  tree = named<ScheduleTreeView>(QStringLiteral("scheduleTreeView"));
  dependences = named<DependenceView>(QStringLiteral("dependencesView"));
  code = named<CodeView>(QStringLiteral("codeView"));
  history = named<HistoryView>(QStringLiteral("historyView"));
  communication = named<CommunicationView>(QStringLiteral("communicationView"));
  pe_array = named<PeArrayView>(QStringLiteral("peArrayView"));
  lesson = named<LessonView>(QStringLiteral("lessonView"));
  scratchpad = named<ScratchpadView>(QStringLiteral("scratchpadView"));
  run = named<RunView>(QStringLiteral("runView"));
  // Made in this order, as saved layouts know them.
  source_dock = dock(tr("Source"), QStringLiteral("sourceDock"), source, Qt::LeftDockWidgetArea);
  history_dock = dock(tr("History"), QStringLiteral("historyDock"), history, Qt::LeftDockWidgetArea);
  tree_dock = dock(tr("Schedule tree"), QStringLiteral("scheduleTreeDock"), tree, Qt::RightDockWidgetArea);
  dependences_dock = dock(tr("Dependences"), QStringLiteral("dependencesDock"), dependences, Qt::RightDockWidgetArea);
  communication_dock =
      dock(tr("Communication"), QStringLiteral("communicationDock"), communication, Qt::RightDockWidgetArea);
  pe_array_dock = dock(tr("PE Array"), QStringLiteral("peArrayDock"), pe_array, Qt::RightDockWidgetArea);
  lesson_dock = dock(tr("Lesson"), QStringLiteral("lessonDock"), lesson, Qt::LeftDockWidgetArea);
  scratchpad_dock = dock(tr("isl Scratchpad"), QStringLiteral("scratchpadDock"), scratchpad, Qt::RightDockWidgetArea);
  code_dock = dock(tr("Code"), QStringLiteral("codeDock"), code, Qt::BottomDockWidgetArea);
  run_dock = dock(tr("Run"), QStringLiteral("runDock"), run, Qt::BottomDockWidgetArea);
}

QDockWidget* WindowDocks::dock(const QString& title, const QString& object_name, QWidget* content,
                               Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, window_);
  dock->setObjectName(object_name);
  dock->setWidget(content);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                    QDockWidget::DockWidgetClosable);
  window_->addDockWidget(area, dock);
  return dock;
}

void WindowDocks::resetLayout(bool lesson_open) {
  for (QDockWidget* dock :
       {source_dock, history_dock, tree_dock, dependences_dock, communication_dock, pe_array_dock, code_dock}) {
    dock->setFloating(false);
    dock->show();
  }
  lesson_dock->setFloating(false);
  lesson_dock->show();  // placed while visible: splitting a hidden dock leaves the dock layout inconsistent
  window_->addDockWidget(Qt::LeftDockWidgetArea, source_dock);
  window_->splitDockWidget(source_dock, history_dock, Qt::Vertical);
  window_->splitDockWidget(source_dock, lesson_dock, Qt::Vertical);  // the lesson under the source, always in view
  lesson_dock->setVisible(lesson_open);
  window_->addDockWidget(Qt::RightDockWidgetArea, tree_dock);
  window_->splitDockWidget(tree_dock, dependences_dock, Qt::Vertical);
  window_->tabifyDockWidget(dependences_dock, communication_dock);
  window_->tabifyDockWidget(dependences_dock, pe_array_dock);
  dependences_dock->raise();
  const bool scratchpad_shown = scratchpad_dock->isVisible();
  scratchpad_dock->setFloating(false);
  scratchpad_dock->show();
  window_->tabifyDockWidget(tree_dock, scratchpad_dock);
  scratchpad_dock->setVisible(scratchpad_shown);
  tree_dock->raise();
  scratchpad_sized_ = false;
  window_->addDockWidget(Qt::BottomDockWidgetArea, code_dock);
  run_dock->setFloating(false);
  run_dock->show();
  window_->tabifyDockWidget(code_dock, run_dock);
  code_dock->raise();
  applyDefaultSizes(lesson_open);
}

void WindowDocks::applyDefaultSizes(bool lesson_open) {
  const int w = window_->width() > 200 ? window_->width() : 1600;
  const int h = window_->height() > 200 ? window_->height() : 1000;
  window_->resizeDocks({source_dock, tree_dock}, {w * (lesson_open ? 30 : 24) / 100, w * 30 / 100}, Qt::Horizontal);
  if (lesson_open)
    window_->resizeDocks({source_dock, lesson_dock, history_dock}, {h * 16 / 100, h * 50 / 100, h * 8 / 100}, Qt::Vertical);
  else
    window_->resizeDocks({source_dock, history_dock}, {h * 40 / 100, h * 14 / 100}, Qt::Vertical);
  if (w >= 1500) window_->resizeDocks({tree_dock, dependences_dock}, {h * 34 / 100, h * 22 / 100}, Qt::Vertical);
  window_->resizeDocks({code_dock}, {h * 27 / 100}, Qt::Vertical);
}

void WindowDocks::tabRightColumnIfNarrow() {
  if (window_->width() >= 1500) return;
  window_->tabifyDockWidget(tree_dock, dependences_dock);
  window_->tabifyDockWidget(tree_dock, communication_dock);
  window_->tabifyDockWidget(tree_dock, pe_array_dock);
  tree_dock->raise();
}

void WindowDocks::showScratchpad() {
  scratchpad_dock->show();
  scratchpad_dock->raise();
  scratchpad->editor()->setFocus();
  if (scratchpad_sized_ || scratchpad_dock->isFloating()) return;
  scratchpad_sized_ = true;
  // The plot needs room: the right column widens and heightens while the scratchpad is its tab.
  // After the dock layout has settled on the new tab (a moment after show()).
  QTimer::singleShot(50, this, [this] {
    window_->resizeDocks({scratchpad_dock}, {window_->width() * 40 / 100}, Qt::Horizontal);
    window_->resizeDocks({scratchpad_dock, dependences_dock}, {window_->height() * 60 / 100, window_->height() * 12 / 100}, Qt::Vertical);
  });
}

bool WindowDocks::showCodeTarget(const QString& target) {
  std::vector<std::string> known = target_names();
  known.push_back(kOmpDirectivesCode);  // the OpenMP 6.0 tab
  if (std::find(known.begin(), known.end(), target.toStdString()) == known.end()) return false;
  code->setCurrentTarget(target);
  code_dock->show();
  code_dock->raise();
  return true;
}

bool WindowDocks::restoreSavedLayout() {
  if (qEnvironmentVariableIsSet("LOOPSCAPE_DEFAULT_LAYOUT")) return false;
  return window_->restoreState(QSettings().value(kLayoutKey).toByteArray());
}

void WindowDocks::saveLayout() {
  QSettings settings;
  settings.setValue(kLayoutKey, window_->saveState());
  settings.setValue(kGeometryKey, window_->saveGeometry());
}

void WindowDocks::applyZoom(ViewZoom& zoom, const QList<QWidget*>& more) {
  const double factor = zoom.factor();
  scratchpad->setPresentationZoom(factor);
  zoom.applyTo(QList<QWidget*>{source, tree, dependences, code, history, lesson, scratchpad, run} + more);
  tree->setPresentationZoom(factor);
}

}  // namespace loopscape
