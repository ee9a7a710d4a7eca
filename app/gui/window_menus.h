// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's menu bar and toolbar: File (open, samples, recent files,
// sessions, exports), Edit (undo, redo), View (docks, zoom, layout), Transform
// (every statement command, the automatic schedule) and Help (lessons, the
// user guide). Each action calls the window or the part that does the work.
#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;

namespace loopscape {

class CommandMenus;
class HelpBrowser;
class MainWindow;
class WindowDocks;
class WindowExports;

class WindowMenus : public QObject {
  Q_OBJECT

 public:
  WindowMenus(MainWindow* window, WindowDocks* docks, CommandMenus* commands, WindowExports* exports);

  // View › Presentation Zoom, checked while the views are at projector size.
  QAction* presentationAction() const { return presentation_; }
  // Help › User Guide: the installed guide at `page` (relative to docs/guide),
  // scrolled to the first of `find` it holds.
  void showUserGuide(const QString& page = QStringLiteral("README.md"), const QStringList& find = {});

 private:
  void createFileMenu();
  void createEditMenu();
  void createViewMenu();
  void createTransformMenu();
  void createHelpMenu();
  void fillSamples(QMenu* menu);
  void fillRecent(QMenu* menu);
  void showAbout();

  MainWindow* window_;
  WindowDocks* docks_;
  CommandMenus* commands_;
  WindowExports* exports_;
  QAction* presentation_ = nullptr;
  HelpBrowser* user_guide_ = nullptr;
};

}  // namespace loopscape
