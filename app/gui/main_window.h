#pragma once
// Loopscape's main window: the source on the left, the domain plot in the
// middle, schedule tree and dependences on the right, generated code below.
// Views other than the source fill in as the engine gains them.
#include <QImage>
#include <QMainWindow>
#include <optional>

#include "source_file.h"

class QDockWidget;
class QLabel;
class QMenu;

namespace loopscape {

class SourceView;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // Shows the file; on failure keeps the current one and sets `error`.
  bool openFile(const QString& path, QString* error = nullptr);
  const std::optional<SourceFile>& currentFile() const { return file_; }

  // The window laid out at `size` and rendered into an image, as on screen.
  QImage renderImage(const QSize& size);

 private:
  void createViews();
  void createMenus();
  void fillSampleMenu();
  void showFileSummary();
  void chooseFile();
  void chooseScreenshotPath();
  void showAbout();
  void zoom(int steps);
  QDockWidget* addDock(const QString& title, const QString& object_name, QWidget* content,
                       Qt::DockWidgetArea area);

  std::optional<SourceFile> file_;
  SourceView* source_view_ = nullptr;
  QLabel* title_label_ = nullptr;
  QLabel* description_label_ = nullptr;
  QLabel* region_label_ = nullptr;
  QLabel* status_label_ = nullptr;
  QMenu* view_menu_ = nullptr;
  QMenu* samples_menu_ = nullptr;
  QDockWidget* source_dock_ = nullptr;
  QDockWidget* history_dock_ = nullptr;
  QDockWidget* tree_dock_ = nullptr;
  QDockWidget* dependences_dock_ = nullptr;
  QDockWidget* code_dock_ = nullptr;
};

}  // namespace loopscape
