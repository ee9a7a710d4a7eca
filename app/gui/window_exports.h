// SPDX-License-Identifier: Apache-2.0
#pragma once
// File › Export and File › Save Screenshot: the session as a C++ program, the
// code of the target in view, an image of one view (PNG, or SVG for the
// drawn ones) and the window as a PNG, each asked where to go.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

class QMainWindow;
class QWidget;

namespace loopscape {

struct Snapshot;
class WindowDocks;

class WindowExports : public QObject {
  Q_OBJECT

 public:
  struct Sources {
    std::function<QString()> cpp_program;                      // the session as a C++ program
    std::function<QString()> file_name;                        // the open file's name without suffix ("" none)
    std::function<std::shared_ptr<const Snapshot>()> snapshot;  // the step shown
  };
  WindowExports(QMainWindow* window, WindowDocks* docks, Sources sources);

  void exportProgram();
  void exportCode();
  // The open C file with the steps as OpenMP 6.0 directives (the Code dock's OpenMP 6.0 tab).
  void exportDirectives();
  void exportImage(QWidget* view, const QString& name);
  void saveScreenshot();

 private:
  // Writes `text` to `path` whole or not at all; says so when it cannot.
  void write(const QString& path, const QString& text);

  QMainWindow* window_;
  WindowDocks* docks_;
  Sources sources_;
};

}  // namespace loopscape
