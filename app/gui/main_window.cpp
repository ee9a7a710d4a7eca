#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "samples.h"
#include "source_view.h"

namespace loopscape {

namespace {

// A view that has nothing to show yet: a centred, muted sentence.
QWidget* emptyState(const QString& object_name, const QString& text) {
  auto* label = new QLabel(text);
  label->setObjectName(object_name);
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  label->setMargin(16);
  label->setStyleSheet(QStringLiteral("color: #808080;"));
  label->setFrameShape(QFrame::StyledPanel);
  label->setAutoFillBackground(true);
  return label;
}

QString regionSummary(const SourceFile& file) {
  if (!file.hasRegion()) return QObject::tr("No #pragma scop region found in this file.");
  QString where = QObject::tr("Region: lines %1\u2013%2").arg(file.region_first).arg(file.region_last);
  if (!file.function.isEmpty()) where += QObject::tr(" in %1()").arg(file.function);
  return where;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowTitle(QStringLiteral("Loopscape"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
  createViews();
  createMenus();
  status_label_ = new QLabel;
  status_label_->setObjectName(QStringLiteral("statusSummary"));
  statusBar()->addWidget(status_label_, 1);
  resize(1600, 1000);
}

void MainWindow::createViews() {
  auto* centre = new QWidget;
  auto* layout = new QVBoxLayout(centre);
  layout->setContentsMargins(12, 10, 12, 10);
  title_label_ = new QLabel;
  title_label_->setObjectName(QStringLiteral("fileTitle"));
  QFont title_font = title_label_->font();
  title_font.setPointSizeF(title_font.pointSizeF() * 1.5);
  title_font.setBold(true);
  title_label_->setFont(title_font);
  description_label_ = new QLabel;
  description_label_->setObjectName(QStringLiteral("fileDescription"));
  description_label_->setWordWrap(true);
  region_label_ = new QLabel;
  region_label_->setObjectName(QStringLiteral("regionSummary"));
  region_label_->setStyleSheet(QStringLiteral("color: #0072B2;"));
  layout->addWidget(title_label_);
  layout->addWidget(description_label_);
  layout->addWidget(region_label_);
  layout->addSpacing(6);
  layout->addWidget(emptyState(QStringLiteral("domainPlot"),
                               tr("Domain plot\n\nIteration domains of the region, one point per "
                                  "statement instance, with dependences drawn as arrows.")),
                    1);
  setCentralWidget(centre);

  source_view_ = new SourceView;
  source_view_->setObjectName(QStringLiteral("sourceView"));
  source_dock_ = addDock(tr("Source"), QStringLiteral("sourceDock"), source_view_, Qt::LeftDockWidgetArea);
  history_dock_ = addDock(tr("History"), QStringLiteral("historyDock"),
                          emptyState(QStringLiteral("historyView"),
                                     tr("Transforms you apply are listed here, each one undoable.")),
                          Qt::LeftDockWidgetArea);
  tree_dock_ = addDock(tr("Schedule tree"), QStringLiteral("scheduleTreeDock"),
                       emptyState(QStringLiteral("scheduleTreeView"),
                                  tr("The isl schedule tree of the region: domain, bands, "
                                     "sequences and filters.")),
                       Qt::RightDockWidgetArea);
  dependences_dock_ = addDock(tr("Dependences"), QStringLiteral("dependencesDock"),
                              emptyState(QStringLiteral("dependencesView"),
                                         tr("Exact dataflow dependences (read-after-write, "
                                            "write-after-read, write-after-write).")),
                              Qt::RightDockWidgetArea);
  code_dock_ = addDock(tr("Code"), QStringLiteral("codeDock"),
                       emptyState(QStringLiteral("codeView"),
                                  tr("Generated code for each target: C/OpenMP, isl AST, CUDA, "
                                     "MPI, HLS C++ and Halide IR.")),
                       Qt::BottomDockWidgetArea);

  resizeDocks({source_dock_, tree_dock_}, {600, 380}, Qt::Horizontal);
  resizeDocks({source_dock_, history_dock_}, {620, 130}, Qt::Vertical);
  resizeDocks({tree_dock_, dependences_dock_}, {420, 330}, Qt::Vertical);
  resizeDocks({code_dock_}, {200}, Qt::Vertical);
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& object_name, QWidget* content,
                                 Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(object_name);
  dock->setWidget(content);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                    QDockWidget::DockWidgetClosable);
  addDockWidget(area, dock);
  return dock;
}

void MainWindow::createMenus() {
  QMenu* file_menu = menuBar()->addMenu(tr("&File"));
  QAction* open = file_menu->addAction(tr("&Open\u2026"), this, &MainWindow::chooseFile);
  open->setShortcut(QKeySequence::Open);
  samples_menu_ = file_menu->addMenu(tr("Open &Sample"));
  fillSampleMenu();
  file_menu->addSeparator();
  file_menu->addAction(tr("Save Screens&hot\u2026"), this, &MainWindow::chooseScreenshotPath);
  file_menu->addSeparator();
  QAction* quit = file_menu->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  view_menu_ = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : {source_dock_, history_dock_, tree_dock_, dependences_dock_, code_dock_})
    view_menu_->addAction(dock->toggleViewAction());
  view_menu_->addSeparator();
  QAction* zoom_in = view_menu_->addAction(tr("Zoom &In"), this, [this] { zoom(1); });
  zoom_in->setShortcut(QKeySequence::ZoomIn);
  QAction* zoom_out = view_menu_->addAction(tr("Zoom &Out"), this, [this] { zoom(-1); });
  zoom_out->setShortcut(QKeySequence::ZoomOut);

  QMenu* help_menu = menuBar()->addMenu(tr("&Help"));
  help_menu->addAction(tr("&About Loopscape"), this, &MainWindow::showAbout);
}

void MainWindow::fillSampleMenu() {
  const QList<SampleInfo> samples = listSamples(samplesDirectory());
  if (samples.isEmpty()) {
    samples_menu_->addAction(tr("(no samples found)"))->setEnabled(false);
    return;
  }
  for (const SampleInfo& sample : samples) {
    QAction* action = samples_menu_->addAction(sample.name);
    action->setStatusTip(sample.description);
    action->setToolTip(sample.description);
    const QString path = sample.path;
    connect(action, &QAction::triggered, this, [this, path] {
      QString error;
      if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open sample"), error);
    });
  }
}

bool MainWindow::openFile(const QString& path, QString* error) {
  std::optional<SourceFile> loaded = loadSourceFile(path, error);
  if (!loaded) return false;
  file_ = std::move(loaded);
  source_view_->setSource(file_->text);
  source_view_->setRegion(file_->region_first, file_->region_last);
  if (file_->hasRegion()) source_view_->revealLine(file_->region_first);
  showFileSummary();
  return true;
}

void MainWindow::showFileSummary() {
  const SourceFile& file = *file_;
  setWindowTitle(tr("%1 \u2014 Loopscape").arg(file.fileName()));
  setWindowFilePath(file.path);
  title_label_->setText(file.fileName());
  description_label_->setText(file.description);
  description_label_->setVisible(!file.description.isEmpty());
  region_label_->setText(regionSummary(file));
  status_label_->setText(tr("%1 \u00b7 %2 lines \u00b7 %3")
                             .arg(QDir::toNativeSeparators(file.path))
                             .arg(file.lineCount())
                             .arg(regionSummary(file)));
}

QImage MainWindow::renderImage(const QSize& size) {
  resize(size);
  if (!isVisible()) show();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  if (file_ && file_->hasRegion()) source_view_->revealLine(file_->region_first);
  return grab().toImage();
}

void MainWindow::chooseFile() {
  const QString start = file_ ? QFileInfo(file_->path).absolutePath() : samplesDirectory();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open C file"), start,
                                                    tr("C sources (*.c *.h);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open"), error);
}

void MainWindow::chooseScreenshotPath() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save screenshot"),
                                                    QStringLiteral("loopscape.png"),
                                                    tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  if (!grab().save(path)) QMessageBox::warning(this, tr("Save screenshot"), tr("Cannot write %1").arg(path));
}

void MainWindow::showAbout() {
  QMessageBox::about(
      this, tr("About Loopscape"),
      tr("<h3>Loopscape %1</h3><p>Explore polyhedral schedules of C loop nests: the isl "
         "schedule tree, iteration domains and dependences, legal transforms and the code "
         "they generate.</p>")
          .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::zoom(int steps) {
  if (steps > 0)
    source_view_->zoomIn(steps);
  else
    source_view_->zoomOut(-steps);
}

}  // namespace loopscape
