// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's docks and the views in them (design/UI.md): made and laid out
// here (the default layout, its proportions, the right column tabbed on
// narrow screens, the scratchpad's room); the window wires what they do.
#include <QList>
#include <QObject>
#include <Qt>

#include "view_zoom.h"

class QDockWidget;
class QMainWindow;
class QString;
class QWidget;

namespace loopscape {

class CodeView;
class CommunicationView;
class DependenceView;
class HistoryView;
class LessonView;
class PeArrayView;
class RunView;
class ScheduleTreeView;
class ScratchpadView;
class SourceView;

class WindowDocks : public QObject {
  Q_OBJECT

 public:
  explicit WindowDocks(QMainWindow* window);

  // The default layout: source, history and lesson (when `lesson_open`) on
  // the left; tree over dependences, communication and PE array on the
  // right, the scratchpad a tab of the tree; code and run at the bottom.
  void resetLayout(bool lesson_open);
  // The docks' default proportions for the window's size.
  void applyDefaultSizes(bool lesson_open);
  // Below 1500 pixels the right column becomes one stack of tabs, so the
  // plot keeps its room (1366x768 laptops).
  void tabRightColumnIfNarrow();
  // Shows the scratchpad with the cursor in its editor, given room the first
  // time after a layout reset.
  void showScratchpad();
  // Brings the Code dock's tab of `target` forward; false for an unknown target.
  bool showCodeTarget(const QString& target);
  // The layout the user left (the settings), unless LOOPSCAPE_DEFAULT_LAYOUT
  // is set; false when none was restored.
  bool restoreSavedLayout();
  void saveLayout();
  // Every view's text at `zoom`'s factor (with `more` widgets of the window).
  void applyZoom(ViewZoom& zoom, const QList<QWidget*>& more);

  SourceView* source = nullptr;
  HistoryView* history = nullptr;
  LessonView* lesson = nullptr;
  ScheduleTreeView* tree = nullptr;
  DependenceView* dependences = nullptr;
  CommunicationView* communication = nullptr;
  PeArrayView* pe_array = nullptr;
  ScratchpadView* scratchpad = nullptr;
  CodeView* code = nullptr;
  RunView* run = nullptr;

  QDockWidget* source_dock = nullptr;
  QDockWidget* history_dock = nullptr;
  QDockWidget* lesson_dock = nullptr;
  QDockWidget* tree_dock = nullptr;
  QDockWidget* dependences_dock = nullptr;
  QDockWidget* communication_dock = nullptr;
  QDockWidget* pe_array_dock = nullptr;
  QDockWidget* scratchpad_dock = nullptr;
  QDockWidget* code_dock = nullptr;
  QDockWidget* run_dock = nullptr;

 private:
  QDockWidget* dock(const QString& title, const QString& object_name, QWidget* content, Qt::DockWidgetArea area);

  QMainWindow* window_;
  bool scratchpad_sized_ = false;
};

}  // namespace loopscape
