// SPDX-License-Identifier: Apache-2.0
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

#include "autosave.h"
#include "codegen/registry/registry.h"
#include "code_view.h"
#include "communication_view.h"
#include "pe_array_view.h"
#include "lesson_view.h"
#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "compiler_options.h"
#include "compiler_options_dialog.h"
#include "command_form.h"
#include "help_browser.h"
#include "commands/command.h"
#include "cpp_program/cpp_build.h"
#include "cpp_program/cpp_export.h"
#include "cpp_program/program_file.h"
#include "dependence_view.h"
#include "domain_plot.h"
#include "history_view.h"
#include "run_consent_dialog.h"
#include "runner/runner.h"
#include "runner/sandbox.h"
#include "samples.h"
#include "sandbox_preferences.h"
#include "file_panel.h"
#include "run_consent.h"
#include "trust_settings_dialog.h"
#include "view_zoom.h"
#include "window_docks.h"
#include "run_view.h"
#include "scratchpad_view.h"
#include "schedule_tree_view.h"
#include "session/script.h"
#include "source_view.h"
#include "start_page.h"
#include "statement_colors.h"

namespace loopscape {

namespace {

constexpr int kMaxRecent = 8;

const QString kRecentKey = QStringLiteral("recentFiles");
const QString kLayoutKey = QStringLiteral("layout/state");
const QString kGeometryKey = QStringLiteral("layout/geometry");

// The suffix of a file holding `target`'s code ("c" for an unknown one).
std::string suffixOf(const QString& target) {
  const Target* known = find_target(target.toStdString());
  return known ? known->file_suffix() : "c";
}

QString regionSummary(const SourceFile& file) {
  if (is_cpp_source(file.path.toStdString()))
    return QObject::tr("A C++ program: built against the engine and run; it defines the program and its commands.");
  if (!file.hasRegion()) return QObject::tr("No #pragma scop region found in this file.");
  QString where = QObject::tr("Region: lines %1\u2013%2").arg(file.region_first).arg(file.region_last);
  if (!file.function.isEmpty()) where += QObject::tr(" in %1()").arg(file.function);
  return where;
}

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowTitle(QStringLiteral("Loopscape"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
  applySavedSandboxSettings();
  worker_ = new EngineWorker(this);
  session_ = new SessionController(worker_, this);
  menus_ = new CommandMenus(worker_, session_, this);
  connect(session_, &SessionController::autosaveFailed, this,
          [this](const QString& error) { statusBar()->showMessage(tr("Autosave: %1").arg(error), 15000); });
  connect(menus_, &CommandMenus::helpRequested, this,
          [this](const QString& page, const QStringList& find) { showUserGuide(page, find); });
  createViews();
  createStatusBar();
  createMenus();
  connect(worker_, &EngineWorker::resultReady, this, &MainWindow::onResult);
  connect(worker_, &EngineWorker::codeReady, this, &MainWindow::onCodeReady);
  connect(worker_, &EngineWorker::availabilityReady, this,
          [this](quint64 generation, std::shared_ptr<const CommandAvailability> availability) {
            if (generation == shown_generation_) menus_->setAvailability(std::move(availability));
          });
  connect(worker_, &EngineWorker::busyChanged, this, [this](bool busy) { busy_label_->setVisible(busy); });
  resize(1600, 1000);
  default_state_ = saveState();
  QSettings settings;
  if (!qEnvironmentVariableIsSet("LOOPSCAPE_DEFAULT_LAYOUT")) {
    layout_restored_ = restoreState(settings.value(kLayoutKey).toByteArray());
  }
  updateStartPage();
}

// Any orderly end (the window closed, the program returning) is a clean quit:
// the SessionController removes the autosave as it goes.
MainWindow::~MainWindow() = default;

void MainWindow::createViews() {
  docks_ = new WindowDocks(this);
  centre_stack_ = new QStackedWidget;
  start_page_ = new StartPage;
  connect(start_page_, &StartPage::openRequested, this, [this](const QString& path) {
    QString error;
    const bool lesson = path.endsWith(QStringLiteral(".md"));
    if (!(lesson ? openLesson(path, &error) : openFile(path, &error)))
      QMessageBox::warning(this, lesson ? tr("Lesson") : tr("Open"), error);
  });
  connect(start_page_, &StartPage::browseRequested, this, &MainWindow::chooseFile);
  centre_stack_->addWidget(start_page_);

  file_panel_ = new FilePanel;
  plot_view_ = file_panel_->plot();
  connect(plot_view_, &DomainPlot::pointSelected, this, [this](const QString& statement, const QList<qint64>&) {
    broadcastSelection(Selection{{statement}, {}, -1}, plot_view_);
  });
  connect(plot_view_, &DomainPlot::contextMenuRequested, this,
          [this](const QString& statement, const QList<qint64>&, const QPoint& at) {
            // On a point: its statement. On empty space: the statements in sight.
            const QStringList statements = statement.isEmpty() ? plot_view_->shownStatements() : QStringList{statement};
            QMenu* menu = statementCommandMenu(statements, this);
            menu->setObjectName(QStringLiteral("plotCommandMenu"));
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(at);
          });
  connect(plot_view_, &DomainPlot::parametersChanged, this, [this](const QMap<QString, qint64>& values) {
    std::map<std::string, long> parameters;
    for (auto it = values.begin(); it != values.end(); ++it) parameters[it.key().toStdString()] = long(it.value());
    worker_->setPlotParameters(parameters, step_);
  });
  connect(file_panel_->addIncludeButton(), &QPushButton::clicked, this, [this] {
    QString folder = suggested_include_;
    if (folder.isEmpty() && file_)
      folder = QFileDialog::getExistingDirectory(this, tr("Include directory"), QFileInfo(file_->path).absolutePath());
    if (folder.isEmpty()) return;
    CompileOptions options = compile_options_;
    options.include_dirs.push_back(folder.toStdString());
    applyCompileOptions(options);
  });
  connect(file_panel_->runDeclinedButton(), &QPushButton::clicked, this, [this] {
    // A copy: opening the file again replaces run_declined_ while it runs.
    if (const std::function<void()> run = run_declined_) run();
  });
  centre_stack_->addWidget(file_panel_);
  setCentralWidget(centre_stack_);

  connect(docks_->source, &SourceView::lineClicked, this, &MainWindow::onSourceLineClicked);
  connect(docks_->tree, &ScheduleTreeView::selectionChanged, this,
          [this](const Selection& s) { broadcastSelection(s, docks_->tree); });
  connect(docks_->tree, &ScheduleTreeView::contextMenuRequested, this, [this](int node, const QPoint& at) {
    if (!snapshot_ || node < 0) return;
    const TreeNodeInfo& info = snapshot_->tree[static_cast<std::size_t>(node)];
    QMenu* menu = commandMenu(docks_->tree->selectionForNode(node), qs(info.name), this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(at);
  });
  connect(docks_->dependences, &DependenceView::selectionChanged, this,
          [this](const Selection& s) { broadcastSelection(s, docks_->dependences); });
  connect(docks_->code, &CodeView::currentTargetChanged, worker_, &EngineWorker::setVisibleTarget);
  connect(docks_->code, &CodeView::selectionChanged, this, [this](const Selection& s) { broadcastSelection(s, docks_->code); });
  connect(docks_->code, &CodeView::loopContextMenuRequested, this, [this](const Selection& s, const QPoint& at) {
    QMenu* menu = commandMenu(s, {}, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(at);
  });
  connect(docks_->history, &HistoryView::stepSelected, this, [this](int step) { worker_->showStep(step); });

  connect(docks_->communication, &CommunicationView::ranksChanged, this,
          [this](int ranks) { worker_->setRanks(ranks, step_); });
  connect(docks_->pe_array, &PeArrayView::peSelected, this,
          [this](const QStringList& statements, const std::vector<std::uint32_t>& points) {
            Selection s;
            s.statements = statements;
            broadcastSelection(s, docks_->pe_array);
            plot_view_->highlightPointIndices(points);
          });
  connect(docks_->lesson, &LessonView::checkRequested, this, [this](int index, const QString& answer) {
    const Lesson* lesson = docks_->lesson->lesson();
    if (!lesson || index < 0 || index >= static_cast<int>(lesson->exercises.size())) return;
    const LessonExercise& exercise = lesson->exercises[static_cast<std::size_t>(index)];
    bool may_run = true;
    if (exercise_runs_code(exercise)) {
      const QString file = qs(lesson->file);
      may_run = run_once_lessons_.count(file) > 0;
      if (!may_run) {
        RunRequest request;
        request.file = file;
        request.action = tr("build the lesson's kernel %1 and the code of your schedule, run both and compare "
                            "their results").arg(QFileInfo(qs(lesson->kernel)).fileName());
        const RunnerOptions runner;  // what check_exercise verifies with
        QStringList compile{qs(runner.compiler)};
        for (const std::string& flag : runner.compile_flags) compile << qs(flag);
        request.commands << tr("%1 %2 (the original)").arg(compile.join(QLatin1Char(' ')), qs(lesson->kernel))
                         << tr("%1 <the generated code> (your schedule)").arg(compile.join(QLatin1Char(' ')));
        may_run = mayRun(request);
        if (may_run) run_once_lessons_.insert(file);
      }
    }
    worker_->checkExercise(index, std::shared_ptr<const LessonExercise>(lesson_, &exercise), answer, may_run);
  });
  connect(worker_, &EngineWorker::exerciseChecked, docks_->lesson, &LessonView::setOutcome);
  connect(docks_->lesson, &LessonView::solutionRequested, this, [this](int index) {
    const Lesson* lesson = docks_->lesson->lesson();
    if (!lesson || index < 0 || index >= static_cast<int>(lesson->exercises.size())) return;
    for (const std::string& line : lesson->exercises[static_cast<std::size_t>(index)].solution)
      if (const std::optional<CommandCall> call = parse_script_line(line, SourceLocation{lesson->file, 0, 0}))
        requestCommand(*call, -1);
  });
  connect(docks_->scratchpad, &ScratchpadView::evaluationRequested, worker_, &EngineWorker::evaluateScratchpad);
  connect(worker_, &EngineWorker::scratchpadEvaluated, docks_->scratchpad, &ScratchpadView::showOutcome);
  connect(docks_->lesson, &LessonView::drawAnswerRequested, this, [this](const QString& answer) {
    showScratchpad();
    docks_->scratchpad->appendStatement(tr("your answer"), answer);
  });
  connect(docks_->run, &RunView::runRequested, worker_, &EngineWorker::runStep);
  connect(docks_->run, &RunView::cancelRequested, worker_, &EngineWorker::cancelRun);
  connect(worker_, &EngineWorker::runFinished, docks_->run, &RunView::showOutcome);
  connect(docks_->run_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    if (visible) QTimer::singleShot(0, this, &MainWindow::measureIfWanted);
  });
  resetLayout();
}

void MainWindow::resetLayout() { docks_->resetLayout(lesson_ != nullptr); }

void MainWindow::applyDefaultDockSizes() { docks_->applyDefaultSizes(lesson_ != nullptr); }

void MainWindow::showScratchpad() { docks_->showScratchpad(); }

bool MainWindow::showCodeTarget(const QString& target) {
  const std::vector<std::string> known = target_names();
  if (std::find(known.begin(), known.end(), target.toStdString()) == known.end()) return false;
  docks_->code->setCurrentTarget(target);
  docks_->code_dock->show();
  docks_->code_dock->raise();
  return true;
}

void MainWindow::showRun() {
  docks_->run_dock->show();
  docks_->run_dock->raise();
  measureIfWanted();
}

// The Run dock measures the step shown after each command, while it is in view.
void MainWindow::measureIfWanted() {
  if (!snapshot_ || docks_->run_dock->visibleRegion().isEmpty() || !docks_->run->runsAfterEachCommand()) return;
  if (!docks_->run->measurement(step_) && docks_->run->runningStep() != step_) docks_->run->requestRun();
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (!sized_ && !layout_restored_) {
    docks_->tabRightColumnIfNarrow();
    applyDefaultDockSizes();
  }
  sized_ = true;
}

void MainWindow::createStatusBar() {
  legality_label_ = new QLabel;
  legality_label_->setObjectName(QStringLiteral("legalityStatus"));
  status_label_ = new QLabel;
  status_label_->setObjectName(QStringLiteral("statusSummary"));
  busy_label_ = new QLabel(tr("computing\u2026"));
  busy_label_->setObjectName(QStringLiteral("busyIndicator"));
  busy_label_->setStyleSheet(QStringLiteral("color: #808080;"));
  busy_label_->setVisible(false);
  statusBar()->addWidget(legality_label_);
  statusBar()->addWidget(status_label_, 1);
  statusBar()->addPermanentWidget(busy_label_);
  stop_build_button_ = new QPushButton(tr("Stop building"));
  stop_build_button_->setObjectName(QStringLiteral("stopBuildButton"));
  stop_build_button_->setFlat(true);
  stop_build_button_->setVisible(false);
  connect(stop_build_button_, &QPushButton::clicked, this, [this] { worker_->cancelOpen(); });
  statusBar()->addPermanentWidget(stop_build_button_);
}

void MainWindow::createMenus() {
  QMenu* file_menu = menuBar()->addMenu(tr("&File"));
  QAction* open = file_menu->addAction(tr("&Open\u2026"), this, &MainWindow::chooseFile);
  open->setShortcut(QKeySequence::Open);
  samples_menu_ = file_menu->addMenu(tr("Open &Sample"));
  fillSampleMenu();
  recent_menu_ = file_menu->addMenu(tr("Open &Recent"));
  connect(recent_menu_, &QMenu::aboutToShow, this, [this] {
    recent_menu_->clear();
    for (const QString& path : recentFiles())
      recent_menu_->addAction(QDir::toNativeSeparators(path), this, [this, path] {
        QString error;
        if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open"), error);
      });
    if (recent_menu_->isEmpty()) recent_menu_->addAction(tr("(none)"))->setEnabled(false);
  });
  file_menu->addAction(tr("Start &Page"), this, &MainWindow::showStartPage);
  file_menu->addSeparator();
  QAction* compiler_options = file_menu->addAction(tr("&Compiler Options\u2026"), this, &MainWindow::showCompilerOptions);
  compiler_options->setObjectName(QStringLiteral("compilerOptionsAction"));
  file_menu->addAction(tr("&Trust and Sandbox\u2026"), this, &MainWindow::showTrustSettings);
  QAction* save_session = file_menu->addAction(tr("Save Session\u2026"), this, &MainWindow::chooseSessionToSave);
  save_session->setShortcut(QKeySequence::Save);
  file_menu->addAction(tr("Open Session\u2026"), this, &MainWindow::chooseSessionToOpen);
  QMenu* export_menu = file_menu->addMenu(tr("&Export"));
  export_menu->addAction(tr("C++ Program\u2026"), this, &MainWindow::exportScript);
  export_menu->addAction(tr("Code for the Current Target\u2026"), this, &MainWindow::exportCode);
  QMenu* image_menu = export_menu->addMenu(tr("Image of a View"));
  const QList<QPair<QString, QWidget*>> views{{tr("Window"), this},
                                              {tr("Domain plot"), plot_view_},
                                              {tr("Source"), docks_->source},
                                              {tr("Schedule tree"), docks_->tree},
                                              {tr("Dependences"), docks_->dependences},
                                              {tr("Code"), docks_->code},
                                              {tr("History"), docks_->history}};
  for (const auto& [name, view] : views) {
    QWidget* target = view;
    const QString label = name;
    image_menu->addAction(label + QStringLiteral("\u2026"), this, [this, target, label] { exportImage(target, label); });
  }
  file_menu->addAction(tr("Save Screens&hot\u2026"), this, &MainWindow::chooseScreenshotPath);
  file_menu->addSeparator();
  QAction* quit = file_menu->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* edit_menu = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = session_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence(QStringLiteral("Ctrl+Z")));
  QAction* redo = session_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcuts({QKeySequence(QStringLiteral("Ctrl+Shift+Z")), QKeySequence(QStringLiteral("Ctrl+Y"))});
  edit_menu->addAction(undo);
  edit_menu->addAction(redo);

  view_menu_ = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock :
       {docks_->source_dock, docks_->history_dock, docks_->tree_dock, docks_->dependences_dock, docks_->communication_dock, docks_->pe_array_dock, docks_->lesson_dock,
        docks_->code_dock, docks_->run_dock})
    view_menu_->addAction(dock->toggleViewAction());
  QAction* scratchpad = view_menu_->addAction(tr("isl &Scratchpad"), this, &MainWindow::showScratchpad);
  scratchpad->setObjectName(QStringLiteral("scratchpadAction"));
  scratchpad->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+I")));
  scratchpad->setStatusTip(tr("Type sets and maps in isl notation and see them drawn"));
  view_menu_->addSeparator();
  QAction* zoom_in = view_menu_->addAction(tr("Zoom &In"), this, [this] { zoom(1); });
  zoom_in->setShortcuts({QKeySequence::ZoomIn, QKeySequence(QStringLiteral("Ctrl+="))});
  zoom_in->setObjectName(QStringLiteral("zoomInAction"));
  QAction* zoom_out = view_menu_->addAction(tr("Zoom &Out"), this, [this] { zoom(-1); });
  zoom_out->setShortcut(QKeySequence::ZoomOut);
  zoom_out->setObjectName(QStringLiteral("zoomOutAction"));
  QAction* zoom_reset = view_menu_->addAction(tr("&Reset Zoom"), this, [this] { zoom(-zoom_.steps()); });
  zoom_reset->setShortcut(QKeySequence(QStringLiteral("Ctrl+0")));
  zoom_reset->setObjectName(QStringLiteral("zoomResetAction"));
  presentation_action_ = view_menu_->addAction(tr("&Presentation Zoom"), this, &MainWindow::setPresentationZoom);
  presentation_action_->setObjectName(QStringLiteral("presentationZoomAction"));
  presentation_action_->setCheckable(true);
  presentation_action_->setShortcut(QKeySequence(Qt::Key_F5));
  presentation_action_->setStatusTip(tr("Every view's text at projector size; again to go back"));
  view_menu_->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);

  transform_menu_ = menuBar()->addMenu(tr("&Transform"));
  fillTransformMenu();
  QToolBar* toolbar = addToolBar(tr("Transform"));
  toolbar->setObjectName(QStringLiteral("transform_toolbar"));
  toolbar->addAction(auto_schedule_action_);

  QMenu* help_menu = menuBar()->addMenu(tr("&Help"));
  QMenu* lessons = help_menu->addMenu(tr("&Lessons"));
  lessons->setObjectName(QStringLiteral("lessonsMenu"));
  for (const auto& [path, title] : bundledLessons()) {
    lessons->addAction(title, this, [this, path] {
      QString error;
      if (!openLesson(path, &error)) QMessageBox::warning(this, tr("Lesson"), error);
    });
  }
  if (lessons->isEmpty()) lessons->addAction(tr("(no lessons found)"))->setEnabled(false);
  lessons->addSeparator();
  lessons->addAction(tr("Open Lesson File…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Lesson"), QString(), tr("Lessons (*.md)"));
    QString error;
    if (!path.isEmpty() && !openLesson(path, &error)) QMessageBox::warning(this, tr("Lesson"), error);
  });
  QAction* guide = help_menu->addAction(tr("User &Guide"), this, [this] { showUserGuide(); });
  guide->setShortcut(QKeySequence::HelpContents);
  guide->setObjectName(QStringLiteral("userGuideAction"));
  help_menu->addAction(tr("&About Loopscape"), this, &MainWindow::showAbout);
}

void MainWindow::showUserGuide(const QString& page, const QStringList& find) {
  const QString directory = userGuideDirectory();
  if (directory.isEmpty()) {
    QMessageBox::information(this, tr("User Guide"),
                             tr("The user guide is not installed here (docs/guide beside the samples)."));
    return;
  }
  if (!user_guide_) user_guide_ = new HelpBrowser(directory, this);
  if (!user_guide_->showPage(page, find)) user_guide_->showPage(QStringLiteral("README.md"));
  user_guide_->show();
  user_guide_->raise();
  user_guide_->activateWindow();
}

void MainWindow::fillTransformMenu() {
  transform_menu_->clear();
  transform_menu_->setToolTipsVisible(true);
  menus_->fillTransformMenu(transform_menu_, [this] {
    Selection s = selection_;
    if (s.statements.isEmpty() && snapshot_ && !snapshot_->statements.empty())
      s.statements << qs(snapshot_->statements.front().name);
    return s;
  });
  if (transform_menu_->isEmpty()) transform_menu_->addAction(tr("(no commands)"))->setEnabled(false);
  transform_menu_->addSeparator();
  if (!auto_schedule_action_) {
    auto_schedule_action_ = new QAction(tr("&Automatic Schedule"), this);
    auto_schedule_action_->setObjectName(QStringLiteral("transform_auto_schedule"));
    auto_schedule_action_->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+A")));
    const QString tip = tr("isl's scheduler (outer parallelism, tileable bands) on the exact dependences, "
                           "applied as steps of the history: shift, fuse, interchange, skew, tile, parallelize");
    auto_schedule_action_->setToolTip(tip);
    auto_schedule_action_->setStatusTip(tip);
    connect(auto_schedule_action_, &QAction::triggered, this, &MainWindow::requestAutoSchedule);
  }
  transform_menu_->addAction(auto_schedule_action_);
}

void MainWindow::requestAutoSchedule() {
  statusBar()->showMessage(tr("Automatic schedule: asking isl\u2026"));
  session_->requestAutoSchedule();
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

void MainWindow::updateStartPage() {
  QList<StartEntry> samples;
  for (const SampleInfo& s : listSamples(samplesDirectory())) samples << StartEntry{s.path, s.name, s.description};
  start_page_->setSamples(samples);
  QList<StartEntry> lessons;
  for (const auto& [path, title] : bundledLessons()) lessons << StartEntry{path, title, {}};
  start_page_->setLessons(lessons);
  QList<StartEntry> recent;
  for (const QString& path : recentFiles()) recent << StartEntry{path, QFileInfo(path).fileName(), QDir::toNativeSeparators(path)};
  start_page_->setRecent(recent);
}

void MainWindow::showStartPage() {
  updateStartPage();
  centre_stack_->setCurrentWidget(start_page_);
}

QList<QString> MainWindow::recentFiles() const {
  QStringList files = QSettings().value(kRecentKey).toStringList();
  files.erase(std::remove_if(files.begin(), files.end(), [](const QString& f) { return !QFileInfo::exists(f); }), files.end());
  return files;
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList files = settings.value(kRecentKey).toStringList();
  files.removeAll(path);
  files.prepend(path);
  while (files.size() > kMaxRecent) files.removeLast();
  settings.setValue(kRecentKey, files);
}

void MainWindow::setCompileOptions(const CompileOptions& options) {
  compile_options_ = options;
  explicit_options_ = true;
}

void MainWindow::applyCompileOptions(const CompileOptions& options) {
  if (!file_) return;
  setCompileOptions(options);
  QString error;
  const QStringList commands = session_->history();  // openFile starts a new history
  if (!openFile(file_->path, &error, commands, true)) QMessageBox::warning(this, tr("Compiler Options"), error);
}

void MainWindow::showCompilerOptions() {
  if (!file_) {
    QMessageBox::information(this, tr("Compiler Options"), tr("Open a C file first."));
    return;
  }
  CompilerOptionsDialog dialog(file_->path, compile_options_, options_note_, this);
  if (dialog.exec() == QDialog::Accepted) applyCompileOptions(dialog.options());
}

bool MainWindow::openFile(const QString& path, QString* error, const QStringList& script_lines, bool whole_history) {
  std::optional<SourceFile> loaded = loadSourceFile(path, error);
  if (!loaded) return false;
  pending_session_.reset();  // a file opened now wins over a session still replaying
  adoptFile(std::move(*loaded));
  restoring_ = !script_lines.isEmpty();
  if (is_cpp_source(file_->path.toStdString())) {
    const RunRequest request = RunConsent::programRequest(file_->path, compile_options_);
    if (!mayRun(request)) {
      const QString opened = file_->path;
      showNotRun(request, [this, opened, script_lines, whole_history] {
        QString why;
        consent_.allowOnce(opened);
        if (!openFile(opened, &why, script_lines, whole_history)) QMessageBox::warning(this, tr("Open"), why);
      });
      return true;
    }
  }
  if (file_->hasRegion() || !compile_options_.function.empty() || is_cpp_source(file_->path.toStdString())) {
    last_open_ = worker_->open(file_->path, compile_options_, script_lines, whole_history, script_name_);
    const bool cpp = is_cpp_source(file_->path.toStdString());
    stop_build_button_->setVisible(cpp);
    if (cpp) statusBar()->showMessage(tr("Building and running %1 against the engine\u2026").arg(file_->fileName()));
  } else {
    showSnapshot(nullptr, nullptr);
    legality_label_->clear();
  }
  return true;
}

void MainWindow::adoptFile(SourceFile file) {
  QString options_refusal;
  if (explicit_options_) {
    remember_options(file.path, compile_options_);
    options_note_ = tr("the options given");
  } else {
    compile_options_ = options_for(file.path, &options_note_, &options_refusal);
  }
  explicit_options_ = false;
  analysis_failed_ = false;
  suggested_include_.clear();
  file_panel_->addIncludeButton()->setVisible(false);
  file_panel_->runDeclinedButton()->setVisible(false);
  run_declined_ = nullptr;
  file_ = std::move(file);
  docks_->source->setSource(file_->text);
  docks_->source->setRegion(file_->region_first, file_->region_last);
  if (file_->hasRegion()) docks_->source->revealLine(file_->region_first);
  centre_stack_->setCurrentIndex(1);
  showFileSummary();
  clearReport();
  if (!options_refusal.isEmpty()) showReport(tr("compile_commands.json refused"), options_refusal, true);
  session_->clear();
  selection_ = {};
  snapshot_.reset();
  previous_.reset();
  addRecentFile(file_->path);
}

// A program file opened: a C++ program's source stays in view (its
// statements are located there); an exported session that opens a C file
// shows that C file, where its statements are.
void MainWindow::showProgramFile(const EngineResult& result) {
  embedded_c_ = result.embedded_c;
  c_name_ = result.c_name;
  program_options_ = result.program_options;
  if (!result.open_note.isEmpty()) statusBar()->showMessage(result.open_note, 15000);
  if (!file_ || result.located_in.isEmpty() || QFileInfo(result.located_in).absoluteFilePath() == file_->path) return;
  QString error;
  if (std::optional<SourceFile> shown = loadSourceFile(result.located_in, &error)) {
    docks_->source->setSource(shown->text);
    docks_->source->setRegion(shown->region_first, shown->region_last);
    if (shown->hasRegion()) docks_->source->revealLine(shown->region_first);
  }
}

void MainWindow::showFileSummary() {
  const SourceFile& file = *file_;
  setWindowTitle(tr("%1 \u2014 Loopscape").arg(file.fileName()));
  setWindowFilePath(file.path);
  file_panel_->showFile(file.fileName(), file.description, regionSummary(file));
  status_label_->setText(tr("%1 \u00b7 %2 lines \u00b7 %3")
                             .arg(QDir::toNativeSeparators(file.path))
                             .arg(file.lineCount())
                             .arg(regionSummary(file)));
}

void MainWindow::onResult(const EngineResult& result) {
  if (result.ran_program) {
    if (const QString notice = qs(take_sandbox_notice()); !notice.isEmpty())
      QMetaObject::invokeMethod(this, [this, notice] { showReport(tr("Programs run without a sandbox"), notice, true); },
                                Qt::QueuedConnection);
  }
  if (result.kind == EngineResult::Kind::Session) {
    onSessionResult(result);
    return;
  }
  if (result.kind == EngineResult::Kind::Open) {
    if (result.generation != last_open_) return;  // a newer open replaced (or cancelled) it
    stop_build_button_->setVisible(false);
  }
  if (!result.error.isEmpty()) {
    const QString message = result.quota ? tr("isl stopped at its operation quota: %1").arg(result.error) : result.error;
    statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0), 15000);  // a compiler's whole output is in the report
    legality_label_->setText(QStringLiteral("<span style='color:#D55E00'>\u2716</span>"));
    if (result.error_line > 0 && result.kind == EngineResult::Kind::Open) {
      QString text = result.error;
      const QString prefix = QStringLiteral(":%1:%2: ").arg(result.error_line).arg(result.error_column);
      const int at = int(text.indexOf(prefix));
      if (at >= 0) text = text.mid(at + prefix.size());
      text = text.section(QLatin1Char('\n'), 0, 0);  // a compiler's whole diagnostics are in the report
      docks_->source->setErrors({SourceView::ErrorMark{result.error_line, result.error_column, text}});
    }
    showReport(result.quota ? tr("The engine stopped") : tr("The file cannot be analysed"), message, true);
    if (result.kind == EngineResult::Kind::Open) {
      analysis_failed_ = true;
      const QString header = missing_header(result.error);
      if (!header.isEmpty() && file_) {
        suggested_include_ = find_header_near(file_->path, header);
        file_panel_->addIncludeButton()->setText(suggested_include_.isEmpty()
                                         ? tr("Add an include directory for %1\u2026").arg(header)
                                         : tr("Add %1 to the include directories (it holds %2)")
                                               .arg(QDir::toNativeSeparators(suggested_include_), header));
        file_panel_->addIncludeButton()->setVisible(true);
      }
    }
    session_->takeAutoSchedule(result.generation);
    return;
  }
  if (session_->takeAutoSchedule(result.generation) && !result.note.isEmpty())
    statusBar()->showMessage(result.note, 15000);
  if (result.kind == EngineResult::Kind::Open) {
    showProgramFile(result);
    docks_->run->clear();
  }
  session_->follow(result);
  if (result.refused) {
    // The repair comes first: the report's witnesses can run to many lines.
    const qsizetype hint = result.report.indexOf(QStringLiteral("\n  hint: "));
    const QString repair = hint < 0 ? QString() : result.report.mid(hint + 9).section(QLatin1Char('\n'), 0, 0);
    showReport(tr("Refused \u2014 the session is unchanged"), result.report, true,
               repair.isEmpty() ? QString() : tr("Hint: %1").arg(repair));
    statusBar()->showMessage(tr("Refused: %1").arg(result.report.section(QLatin1Char('\n'), 0, 0)), 15000);
    if (!result.witness_source.isEmpty()) {
      Selection s;
      s.statements << result.witness_source.section(QLatin1Char('['), 0, 0);
      const QString sink = result.witness_sink.section(QLatin1Char('['), 0, 0);
      if (!sink.isEmpty() && !s.statements.contains(sink)) s.statements << sink;
      select(s);
      plot_view_->clearHighlight();
      plot_view_->highlightPoints(s.statements.first(), {result.witness_source_point});
      if (!sink.isEmpty()) plot_view_->selectPoint(sink, result.witness_sink_point);
    }
  } else if (result.changed && result.kind != EngineResult::Kind::Open) {
    clearReport();
  }
  if (result.snapshot) {
    shown_generation_ = result.generation;
    step_ = result.step;
    menus_->setAvailability(result.availability);
    showSnapshot(result.snapshot, result.previous);
    docks_->run->setSteps(QStringList{tr("original schedule")} + session_->history(), step_);
    measureIfWanted();
  }
  docks_->history->setHistory(session_->history(), step_, session_->redoList());
  if (result.changed) autosaveNow();
}

void MainWindow::showSnapshot(std::shared_ptr<const Snapshot> snapshot, std::shared_ptr<const Snapshot> previous) {
  snapshot_ = std::move(snapshot);
  menus_->setSnapshot(snapshot_);
  previous_ = std::move(previous);
  docks_->tree->setSnapshot(snapshot_);
  docks_->dependences->setSnapshot(snapshot_);
  docks_->communication->setSnapshot(snapshot_);
  docks_->pe_array->setSnapshot(snapshot_);
  // The first space-time transform brings its PE array to the front.
  if (snapshot_ && snapshot_->systolic && !(previous_ && previous_->systolic)) docks_->pe_array_dock->raise();
  docks_->code->setSnapshot(snapshot_, previous_);
  QList<SourceView::LineMark> marks;
  if (snapshot_)
    for (std::size_t k = 0; k < snapshot_->statements.size(); ++k)
      if (snapshot_->statements[k].line > 0) marks << SourceView::LineMark{int(snapshot_->statements[k].line), statementColor(int(k))};
  docks_->source->setStatementMarks(marks);
  docks_->source->setErrors({});
  if (!snapshot_) {
    plot_view_->setPlotData(nullptr);
    file_panel_->setPlotMessage(run_declined_ ? tr("Nothing to plot yet: the program has not run (it was opened "
                                                   "without running).")
                                              : tr("Nothing to plot: the file has no #pragma scop region."));
    return;
  }
  const Snapshot& snap = *snapshot_;
  if (snap.point_ranks.empty() && snap.pe_activity && !snap.point_firing.empty()) {
    // Colour by PE: the PE's place in the grid, row-major.
    const PeActivity& a = *snap.pe_activity;
    std::vector<int> pes(snap.point_firing.size(), -1);
    for (std::size_t k = 0; k < pes.size(); ++k) {
      if (snap.point_firing[k] < 0) continue;
      const std::vector<long>& pe = a.firings[static_cast<std::size_t>(snap.point_firing[k])].pe;
      long index = 0;
      for (std::size_t q = 0; q < pe.size(); ++q) index = index * (a.pe_upper[q] - a.pe_lower[q] + 1) + (pe[q] - a.pe_lower[q]);
      pes[k] = static_cast<int>(index);
    }
    plot_view_->setPlotData(snap.plot, std::move(pes), true);
  } else {
    plot_view_->setPlotData(snap.plot, snap.point_ranks);
  }
  file_panel_->setPlotMessage(qs(snap.plot_error));
  legality_label_->setText(snap.legal ? QStringLiteral("<span style='color:#009E73'><b>\u2714 legal</b></span>")
                                      : QStringLiteral("<span style='color:#D55E00'><b>\u2716 illegal</b></span>"));
  legality_label_->setToolTip(snap.legal ? tr("Every dependence is respected") : qs(snap.legality));
  showStatus();
  broadcastSelection(selection_, nullptr);
}

void MainWindow::showStatus() {
  if (!snapshot_) return;
  const Snapshot& snap = *snapshot_;
  QString timing = tr("computed in %1 ms").arg(snap.milliseconds, 0, 'f', 0);
  if (snap.code_pending())
    timing += tr(", generating the code\u2026");
  else if (snap.code_milliseconds > 0)
    timing += tr(", its code in %1 ms").arg(snap.code_milliseconds, 0, 'f', 0);
  status_label_->setText(tr("step %1 of %2 \u00b7 %3 statements \u00b7 %4 dependences \u00b7 %5 tree nodes \u00b7 %6")
                             .arg(step_)
                             .arg(session_->history().size())
                             .arg(snap.statements.size())
                             .arg(snap.dependences.size())
                             .arg(snap.tree.size())
                             .arg(timing));
}

void MainWindow::onCodeReady(quint64 generation, std::shared_ptr<const Snapshot> snapshot) {
  if (generation != shown_generation_ || !snapshot) return;
  snapshot_ = std::move(snapshot);
  docks_->code->updateCode(snapshot_);
  showStatus();
}

void MainWindow::showReport(const QString& title, const QString& text, bool error, const QString& lead) {
  file_panel_->showReport(title, text, error, lead);
}

void MainWindow::clearReport() { file_panel_->clearReport(); }

QString MainWindow::lastReport() const { return file_panel_->lastReport(); }

void MainWindow::select(const Selection& selection) { broadcastSelection(selection, nullptr); }

void MainWindow::broadcastSelection(const Selection& selection, QObject* origin) {
  selection_ = selection;
  if (origin != docks_->tree) {
    Selection for_tree = selection;
    if (origin != nullptr) for_tree.tree_node = -1;
    docks_->tree->setSelection(for_tree);
  }
  if (origin != docks_->dependences) docks_->dependences->setSelection(selection);
  if (origin != docks_->code) docks_->code->setSelection(selection);
  if (origin != plot_view_) {
    if (selection.statements.size() == 1)
      plot_view_->highlightStatement(selection.statements.first());
    else if (selection.statements.isEmpty())
      plot_view_->clearHighlight();
    else
      plot_view_->highlightStatement(selection.statements.first());
  }
  QList<SourceView::LineMark> lines;
  if (snapshot_) {
    for (const QString& name : selection.statements) {
      const int k = snapshot_->statementIndex(name.toStdString());
      if (k < 0) continue;
      const StatementInfo& s = snapshot_->statements[static_cast<std::size_t>(k)];
      const QColor colour = statementColor(k);
      if (!selection.loop.isEmpty()) {
        for (std::size_t d = 0; d < s.loops.size(); ++d)
          if (qs(s.loops[d]) == selection.loop && d < s.loop_lines.size() && s.loop_lines[d] > 0)
            lines << SourceView::LineMark{int(s.loop_lines[d]), colour};
      }
      if (s.line > 0) lines << SourceView::LineMark{int(s.line), colour};
    }
  }
  docks_->source->setHighlightedLines(lines);
}

void MainWindow::onSourceLineClicked(int line) {
  if (!snapshot_) return;
  Selection s;
  for (const StatementInfo& st : snapshot_->statements) {
    if (int(st.line) == line) s.statements << qs(st.name);
    for (std::size_t d = 0; d < st.loop_lines.size(); ++d)
      if (int(st.loop_lines[d]) == line) {
        s.statements << qs(st.name);
        s.loop = qs(st.loops[d]);
      }
  }
  s.statements.removeDuplicates();
  broadcastSelection(s, docks_->source);
}

QMenu* MainWindow::commandMenu(const Selection& selection, const QString& node_name, QWidget* parent) {
  return menus_->commandMenu(selection, node_name, parent);
}

QMenu* MainWindow::statementCommandMenu(const QStringList& statements, QWidget* parent) {
  return menus_->statementCommandMenu(statements, parent);
}

void MainWindow::runCommand(const QString& command, const Selection& selection, const QString& node_name) {
  menus_->runCommand(command, selection, node_name);
}

QList<QPair<QString, QString>> MainWindow::bundledLessons() const {
  QList<QPair<QString, QString>> out;
  const QDir dir(QDir(samplesDirectory()).filePath(QStringLiteral("../resources/lessons")));
  for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
    QString title = f.completeBaseName();
    try {
      title = qs(read_lesson(f.absoluteFilePath().toStdString()).title);
    } catch (const std::exception&) {
      // A broken lesson keeps its file name here; opening it says what is wrong.
    }
    out << qMakePair(f.absoluteFilePath(), title);
  }
  return out;
}

bool MainWindow::openLesson(const QString& path, QString* error, const QStringList& script_lines) {
  std::shared_ptr<const Lesson> lesson;
  try {
    lesson = std::make_shared<const Lesson>(read_lesson(path.toStdString()));
  } catch (const InputError& e) {
    if (error) *error = qs(e.what());
    return false;
  }
  setCompileOptions(lesson->compile);
  if (!openFile(qs(lesson->kernel), error, script_lines)) return false;
  lesson_ = lesson;
  docks_->lesson->setLesson(lesson_);
  docks_->lesson_dock->show();
  applyDefaultDockSizes();
  return true;
}

void MainWindow::requestCommand(const CommandCall& call, int merge_key) {
  session_->apply(call, merge_key);
}

bool MainWindow::waitForEngine(int timeout_ms) { return worker_->waitForIdle(timeout_ms); }

QImage MainWindow::renderImage(const QSize& size) {
  resize(size);
  if (!isVisible()) show();
  QCoreApplication::processEvents();
  if (!layout_restored_) applyDefaultDockSizes();
  waitForEngine();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  if (file_ && file_->hasRegion() && selection_.isEmpty()) docks_->source->revealLine(file_->region_first);
  docks_->tree->fitWidth();
  QCoreApplication::processEvents();
  return grab().toImage();
}

void MainWindow::chooseFile() {
  const QString start = file_ ? QFileInfo(file_->path).absolutePath() : samplesDirectory();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open program"), start,
      tr("Programs (*.c *.h *.cpp *.cc *.cxx);;C sources (*.c *.h);;C++ programs (*.cpp *.cc *.cxx);;All files (*)"));
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

std::optional<SessionData> MainWindow::sessionData() const {
  if (!file_) return std::nullopt;
  SessionData session;
  session.source = file_->path;
  session.options = compile_options_;
  session.commands = session_->history();
  session.view.step = step_ == session_->history().size() ? -1 : step_;
  session.view.zoom_steps = zoom_.savedSteps();
  session.view.code_target = docks_->code->currentTarget();
  if (lesson_) session.lesson = QFileInfo(qs(lesson_->file)).absoluteFilePath();
  return session;
}

bool MainWindow::saveSession(const QString& path, QString* error) const {
  const std::optional<SessionData> session = sessionData();
  if (!session) {
    if (error) *error = tr("no file is open");
    return false;
  }
  return writeSessionFile(path, *session, error);
}

bool MainWindow::openSession(const QString& path, QString* error) {
  session_error_.clear();
  auto refuse = [&](const QString& message) {
    session_error_ = message;
    if (error) *error = message;
    return false;
  };
  QString why;
  std::optional<SessionData> session = readSessionFile(path, &why);
  if (!session) return refuse(why);
  std::optional<SourceFile> file = loadSourceFile(session->source, &why);
  if (!file) return refuse(tr("%1: the session's C file: %2").arg(path, why));
  if (!file->hasRegion() && session->options.function.empty() && !is_cpp_source(file->path.toStdString()))
    return refuse(tr("%1: the session's C file %2 has no #pragma scop region").arg(path, file->path));
  if (is_cpp_source(file->path.toStdString())) {
    RunRequest request = RunConsent::programRequest(file->path, session->options);
    request.action = tr("build and run the C++ program of the session %1").arg(QFileInfo(path).fileName());
    if (!mayRun(request)) {
      adoptFile(std::move(*file));
      showNotRun(request, [this, path] {
        QString again;
        consent_.allowOnce(file_ ? file_->path : QString());
        if (!openSession(path, &again)) QMessageBox::warning(this, tr("Open Session"), again);
      });
      return true;
    }
  }
  const quint64 generation = worker_->openSession(file->path, session->options, session->commands, session->view.step);
  pending_session_ = PendingSession{generation, path, std::move(*session), std::move(*file)};
  statusBar()->showMessage(tr("Loading session %1\u2026").arg(QDir::toNativeSeparators(path)));
  return true;
}

// The replay's answer: adopt the session, or say why not and keep what is open.
void MainWindow::onSessionResult(const EngineResult& result) {
  if (!pending_session_ || pending_session_->generation != result.generation) return;  // superseded
  PendingSession pending = std::move(*pending_session_);
  pending_session_.reset();
  if (!result.error.isEmpty()) {
    const int k = result.failed_step;
    const SessionData& data = pending.data;
    if (k >= 0 && k < data.commands.size())
      session_error_ = tr("%1: step %2 of %3, \"%4\", no longer applies: %5")
                           .arg(data.command_locations.value(k, pending.path))
                           .arg(k + 1)
                           .arg(data.commands.size())
                           .arg(data.commands[k], result.error.trimmed());
    else
      session_error_ = tr("%1: the session's C file %2 cannot be analysed: %3")
                           .arg(pending.path, data.source, result.error.trimmed());
    if (pending.path == recovered_path_) session_error_ += tr("\nThe autosaved session is kept in %1.").arg(pending.path);
    showReport(tr("Session not opened \u2014 the open session is unchanged"), session_error_, true);
    statusBar()->showMessage(session_error_.section(QLatin1Char('\n'), 0, 0), 15000);
    if (!file_) {
      // The report panel sits under a file's views: from the start page, say it in a box (not modal to the loop).
      auto* box = new QMessageBox(QMessageBox::Warning, tr("Session not opened"), session_error_, QMessageBox::Ok, this);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    }
    return;
  }
  compile_options_ = pending.data.options;
  explicit_options_ = true;
  adoptFile(std::move(pending.file));
  EngineResult opened = result;
  opened.kind = EngineResult::Kind::Open;
  last_open_ = result.generation;
  onResult(opened);
  const SessionView& view = pending.data.view;
  if (view.zoom_steps != zoom_.steps()) zoom(view.zoom_steps - zoom_.steps());
  if (!view.code_target.isEmpty()) docks_->code->setCurrentTarget(view.code_target);
  statusBar()->showMessage(tr("Session %1: %n step(s)", nullptr, int(session_->history().size())).arg(QDir::toNativeSeparators(pending.path)), 8000);
  if (!pending.data.lesson.isEmpty()) showLessonOf(pending.data.lesson);
  if (pending.path == recovered_path_) QFile::remove(pending.path);  // this window's autosave holds it now
}

bool MainWindow::restoreAutosave(const QString& orphan, QString* error) {
  const QString claimed = session_->autosave() ? session_->autosave()->claim(orphan) : orphan;
  if (claimed.isEmpty()) {
    session_error_ = tr("cannot move the autosave %1 aside to restore it").arg(orphan);
    if (error) *error = session_error_;
    return false;
  }
  recovered_path_ = claimed;
  if (openSession(claimed, error)) return true;
  session_error_ += tr("\nThe autosaved session is kept in %1.").arg(claimed);
  if (error) *error = session_error_;
  return false;
}

// A restored lesson session: the lesson's text and exercises come back beside
// the session's kernel; a lesson that cannot be read any more only says so.
void MainWindow::showLessonOf(const QString& path) {
  try {
    lesson_ = std::make_shared<const Lesson>(read_lesson(path.toStdString()));
  } catch (const std::exception& e) {
    statusBar()->showMessage(tr("The session is open without its lesson: %1").arg(qs(e.what())), 15000);
    return;
  }
  docks_->lesson->setLesson(lesson_);
  docks_->lesson_dock->show();
  applyDefaultDockSizes();
}

void MainWindow::enableAutosave(const QString& directory, int interval_ms) {
  session_->enableAutosave(directory, interval_ms, [this] { return sessionData(); });
}

void MainWindow::autosaveNow() { session_->autosaveNow(); }

void MainWindow::chooseSessionToSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save session"), QStringLiteral("session.loopscape.json"),
                                                    tr("Loopscape sessions (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!saveSession(path, &error)) QMessageBox::warning(this, tr("Save session"), error);
}

void MainWindow::chooseSessionToOpen() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QString(), tr("Loopscape sessions (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openSession(path, &error)) QMessageBox::warning(this, tr("Open session"), error);
}

QString MainWindow::exportCppScript() const {
  if (!file_) return {};
  ExportInput in;
  set_export_source(in, file_->path.toStdString(), compile_options_, c_name_.toStdString(), program_options_,
                    embedded_c_.toStdString());
  in.target = docks_->code->currentTarget().isEmpty() ? "openmp" : docks_->code->currentTarget().toStdString();
  in.calls = parse_script(session_->history().join(QLatin1Char('\n')).toStdString(), "session");
  return qs(export_cpp(in));
}

void MainWindow::exportScript() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export C++ program"), QStringLiteral("session.cpp"),
                                                    tr("C++ sources (*.cpp)"));
  if (path.isEmpty()) return;
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(exportCppScript().toUtf8()) < 0 || !out.commit())
    QMessageBox::warning(this, tr("Export"), tr("Cannot write %1").arg(path));
}

void MainWindow::exportCode() {
  const QString target = docks_->code->currentTarget();
  if (target.isEmpty()) return;
  if (const CodeInfo* code = snapshot_ ? snapshot_->findCode(target.toStdString()) : nullptr; code && code->pending) {
    statusBar()->showMessage(tr("The %1 code is still being generated: export it in a moment").arg(target), 8000);
    return;
  }
  const QString suggested = QStringLiteral("%1.%2.%3")
                                .arg(file_ ? QFileInfo(file_->path).completeBaseName() : QStringLiteral("code"), target,
                                     QString::fromStdString(suffixOf(target)));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export code"), suggested);
  if (path.isEmpty()) return;
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(docks_->code->code(target).toUtf8()) < 0 || !out.commit())
    QMessageBox::warning(this, tr("Export"), tr("Cannot write %1").arg(path));
}

void MainWindow::exportImage(QWidget* view, const QString& name) {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export image of %1").arg(name),
                                                    name.toLower().replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".png"),
                                                    tr("PNG image (*.png);;SVG image (*.svg)"));
  if (path.isEmpty()) return;
  bool ok = false;
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setTitle(name);
    auto* graphics = qobject_cast<QGraphicsView*>(view);
    const QSize size = graphics && graphics->scene() ? graphics->scene()->sceneRect().size().toSize() : view->size();
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    QPainter painter(&svg);
    if (graphics && graphics->scene())
      graphics->scene()->render(&painter, QRectF(QPointF(0, 0), size), graphics->scene()->sceneRect());
    else
      view->render(&painter);
    ok = painter.end();
  } else {
    ok = view->grab().save(path);
  }
  if (!ok) QMessageBox::warning(this, tr("Export"), tr("Cannot write %1").arg(path));
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
  zoom_.zoomBy(steps);
  applyZoom();
}

void MainWindow::setPresentationZoom(bool on) {
  if (zoom_.setPresenting(on)) applyZoom();
  if (presentation_action_->isChecked() != on) presentation_action_->setChecked(on);
}

void MainWindow::applyZoom() {
  const double factor = zoom_.factor();
  plot_view_->setPresentationZoom(factor);
  docks_->scratchpad->setPresentationZoom(factor);
  zoom_.applyTo({docks_->source, docks_->tree, docks_->dependences, docks_->code, docks_->history,
                 file_panel_->report(), docks_->lesson, docks_->scratchpad, docks_->run});
  docks_->tree->setPresentationZoom(factor);
  statusBar()->showMessage(tr("Zoom %1%").arg(qRound(factor * 100)), 1500);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue(kLayoutKey, saveState());
  settings.setValue(kGeometryKey, saveGeometry());
  QMainWindow::closeEvent(event);
}

bool MainWindow::mayRun(const RunRequest& request) { return consent_.mayRun(request, this); }

void MainWindow::showNotRun(const RunRequest& request, std::function<void()> run) {
  stop_build_button_->setVisible(false);
  run_declined_ = [this, request, run] {
    if (!mayRun(request)) return;
    consent_.allowOnce(request.file);
    run();
  };
  showSnapshot(nullptr, nullptr);
  file_panel_->setRegion(tr("A C++ program, opened without running: its loops come from building and running it."));
  legality_label_->clear();
  // Lines broken by hand: the report panel keeps a compiler's layout.
  showReport(tr("Opened without running"),
             tr("%1 is shown as text only: its schedule tree, plots, dependences\n"
                "and code come from running it, which you declined.\n"
                "Nothing from %2 has run.\n\n"
                "To see them, build and run it (the button below), or trust its\n"
                "folder in File > Trust and Sandbox.")
                 .arg(QFileInfo(request.file).fileName(), QDir::toNativeSeparators(QFileInfo(request.file).absolutePath())),
             false);
  status_label_->setText(tr("%1 \u00b7 opened without running").arg(QDir::toNativeSeparators(request.file)));
  file_panel_->runDeclinedButton()->setVisible(true);
}

void MainWindow::showTrustSettings() {
  TrustSettingsDialog dialog(this);
  dialog.exec();
}

}  // namespace loopscape
