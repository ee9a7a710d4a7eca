// SPDX-License-Identifier: Apache-2.0
#include "main_window.h"
#include "qt_text.h"

#include <QCoreApplication>
#include <QDir>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include "code_view.h"
#include "communication_view.h"
#include "compiler_options.h"
#include "cpp_program/program_file.h"
#include "dependence_view.h"
#include "domain_plot.h"
#include "file_panel.h"
#include "history_view.h"
#include "lesson_controller.h"
#include "lessons/course.h"
#include "pe_array_view.h"
#include "recent_files.h"
#include "lesson_view.h"
#include "run_view.h"
#include "runner/sandbox.h"
#include "samples.h"
#include "sandbox_preferences.h"
#include "schedule_tree_view.h"
#include "scratchpad_view.h"
#include "selection_links.h"
#include "session/script.h"
#include "source_view.h"
#include "start_page.h"
#include "start_page_entries.h"
#include "statement_colors.h"
#include "trust_settings_dialog.h"
#include "variant_compare_view.h"
#include "window_docks.h"
#include "window_exports.h"
#include "window_menus.h"
#include "window_status.h"

namespace loopscape {

namespace {


void showSourceOf(SourceView* view, const SourceFile& file) {
  view->setSource(file.text);
  view->setRegion(file.region_first, file.region_last);
  if (file.hasRegion()) view->revealLine(file.region_first);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowTitle(QStringLiteral("Loopscape"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
  applySavedSandboxSettings();
  worker_ = new EngineWorker(this);
  session_ = new SessionController(worker_, this);
  document_ = new DocumentController(this, worker_, session_);
  menus_ = new CommandMenus(worker_, session_, this);
  connect(session_, &SessionController::autosaveFailed, this,
          [this](const QString& error) { statusBar()->showMessage(tr("Autosave: %1").arg(error), 15000); });
  createViews();
  status_ = new WindowStatus(statusBar(), worker_);
  connectDocument();
  exports_ = new WindowExports(this, docks_,
                               {[this] { return exportCppScript(); },
                                [this] { return currentFile() ? QFileInfo(currentFile()->path).completeBaseName() : QString(); },
                                [this] { return snapshot_; }});
  window_menus_ = new WindowMenus(this, docks_, menus_, exports_);
  connect(menus_, &CommandMenus::helpRequested, window_menus_, &WindowMenus::showUserGuide);
  connect(worker_, &EngineWorker::resultReady, this, &MainWindow::onResult);
  connect(worker_, &EngineWorker::codeReady, this, &MainWindow::onCodeReady);
  connect(worker_, &EngineWorker::availabilityReady, this,
          [this](quint64 generation, std::shared_ptr<const CommandAvailability> availability) {
            if (generation == shown_generation_) menus_->setAvailability(std::move(availability));
          });
  resize(1600, 1000);
  layout_restored_ = docks_->restoreSavedLayout();
  fillStartPage(*start_page_, course_);
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
  centre_stack_->addWidget(file_panel_);
  setCentralWidget(centre_stack_);
  links_ = new SelectionLinks(this, docks_, file_panel_->plot(), [this]() -> const std::shared_ptr<const Snapshot>& {
    return snapshot_;
  });
  lessons_ = new LessonController(
      this, docks_, file_panel_->plot(), worker_, session_,
      [this](const QString& kernel, const CompileOptions& options, const QStringList& lines, QString* error) {
        setCompileOptions(options);
        return openFile(kernel, error, lines);
      },
      [this](const RunRequest& request) { return document_->mayRun(request); });
  connectViews();
  resetLayout();
}

// What the views ask of the window: command menus, the engine's parameters,
// steps and runs.
void MainWindow::connectViews() {
  menus_->offerIn(docks_, file_panel_->plot());
  connect(file_panel_->plot(), &DomainPlot::parametersChanged, this, [this](const QMap<QString, qint64>& values) {
    std::map<std::string, long> parameters;
    for (auto it = values.begin(); it != values.end(); ++it) parameters[it.key().toStdString()] = long(it.value());
    worker_->setPlotParameters(parameters, step_);
  });
  connect(docks_->code, &CodeView::currentTargetChanged, worker_, &EngineWorker::setVisibleTarget);
  connect(docks_->history, &HistoryView::stepSelected, worker_, &EngineWorker::showStep);
  connect(docks_->history, &HistoryView::variantSelected, this, &MainWindow::compareVariant);
  connect(docks_->communication, &CommunicationView::ranksChanged, this,
          [this](int ranks) { worker_->setRanks(ranks, step_); });
  connect(docks_->scratchpad, &ScratchpadView::evaluationRequested, worker_, &EngineWorker::evaluateScratchpad);
  connect(worker_, &EngineWorker::scratchpadEvaluated, docks_->scratchpad, &ScratchpadView::showOutcome);
  connect(docks_->run, &RunView::runRequested, worker_, &EngineWorker::runStep);
  connect(docks_->run, &RunView::cancelRequested, worker_, &EngineWorker::cancelRun);
  connect(worker_, &EngineWorker::runFinished, docks_->run, &RunView::showOutcome);
  connect(docks_->run, &RunView::tuneRequested, worker_, &EngineWorker::tune);
  connect(worker_, &EngineWorker::tuningProgress, docks_->run, &RunView::showTuningProgress);
  connect(docks_->run, &RunView::tuneKnobsRequested, worker_, &EngineWorker::tuneKnobs);
  connect(worker_, &EngineWorker::tuningFinished, this, &MainWindow::writeTunedScript);
  connect(worker_, &EngineWorker::tuningFinished, docks_->run, &RunView::showTuningOutcome);
  connect(docks_->run, &RunView::applyCandidateRequested, this, [this](const QStringList& steps, const QString& label) {
    statusBar()->showMessage(tr("Applying %1\u2026").arg(label));
    session_->requestSteps(parse_script(steps.join(QLatin1Char('\n')).toStdString(), "tuned candidate"),
                           tr("Tuned candidate (%1)").arg(label));
  });
  connect(docks_->run_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    if (visible) QTimer::singleShot(0, this, &MainWindow::measureIfWanted);
  });
}

// As `loopscape-cli tune` does: the script keeps every value, the fastest first.
void MainWindow::writeTunedScript(const TuningOutcome& outcome) {
  if (outcome.script_path.isEmpty() || outcome.tuned_script.isEmpty() || outcome.cancelled) return;
  QSaveFile file(outcome.script_path);
  if (file.open(QIODevice::WriteOnly | QIODevice::Text) && file.write(outcome.tuned_script.toUtf8()) >= 0 &&
      file.commit())
    statusBar()->showMessage(tr("Tuned values written to %1").arg(QDir::toNativeSeparators(outcome.script_path)));
  else
    statusBar()->showMessage(tr("Could not write the tuned values to %1: %2")
                                 .arg(QDir::toNativeSeparators(outcome.script_path), file.errorString()));
}

void MainWindow::resetLayout() { docks_->resetLayout(lessons_->lesson() != nullptr); }

void MainWindow::applyDefaultDockSizes() { docks_->applyDefaultSizes(lessons_->lesson() != nullptr); }

void MainWindow::showScratchpad() { docks_->showScratchpad(); }

bool MainWindow::showCodeTarget(const QString& target) { return docks_->showCodeTarget(target); }

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
  // A message shown before the window was (a session opened from the command
  // line) leaves the bar's own labels visible under it: shown again, it hides them.
  if (const QString message = statusBar()->currentMessage(); !message.isEmpty()) {
    statusBar()->clearMessage();  // the same message again would change nothing
    statusBar()->showMessage(message, 8000);
  }
}

void MainWindow::requestAutoSchedule() {
  statusBar()->showMessage(tr("Automatic schedule: asking isl\u2026"));
  session_->requestAutoSchedule();
}

void MainWindow::requestTuning() {
  docks_->run_dock->show();
  docks_->run_dock->raise();
  docks_->run->requestTune();
}

void MainWindow::compareVariant(int variant) {
  if (!variant_dialog_) {
    variant_dialog_ = new QDialog(this);
    variant_dialog_->setObjectName(QStringLiteral("variantCompareDialog"));
    variant_dialog_->setWindowTitle(tr("Compare variants"));
    variant_dialog_->resize(1200, 760);
    variant_view_ = new VariantCompareView;
    auto* layout = new QVBoxLayout(variant_dialog_);
    layout->addWidget(variant_view_);
    connect(worker_, &EngineWorker::variantCompared, variant_view_, &VariantCompareView::showComparison);
    connect(variant_view_, &VariantCompareView::switchRequested, this, [this](int k) {
      variant_dialog_->close();
      statusBar()->showMessage(tr("Switched to variant %1; the line left is a variant now").arg(k + 1), 10000);
      worker_->switchVariant(k);
    });
  }
  variant_view_->showWaiting(variant);
  variant_dialog_->show();
  variant_dialog_->raise();
  worker_->compareVariant(variant, docks_->run->parameters(), docks_->run->repetitions());
}

void MainWindow::showStartPage() {
  fillStartPage(*start_page_, course_);
  centre_stack_->setCurrentWidget(start_page_);
}

void MainWindow::connectDocument() {
  connect(document_, &DocumentController::fileAdopted, this, &MainWindow::showAdoptedFile);
  connect(document_, &DocumentController::opening, this,
          [this](bool building) { status_->setBuilding(building ? currentFile()->fileName() : QString()); });
  connect(document_, &DocumentController::nothingToAnalyse, this, [this] {
    showSnapshot(nullptr, nullptr);
    status_->clearLegality();
  });
  connect(document_, &DocumentController::openedNotRun, this, &MainWindow::showNotRun);
  connect(document_, &DocumentController::sourceShown, this,
          [this](const SourceFile& file) { showSourceOf(docks_->source, file); });
  connect(document_, &DocumentController::sessionLoading, this, [this](const QString& path) {
    statusBar()->showMessage(tr("Loading session %1\u2026").arg(QDir::toNativeSeparators(path)));
  });
  connect(document_, &DocumentController::sessionLoaded, this, &MainWindow::showSessionLoaded);
  connect(document_, &DocumentController::sessionRefused, this, &MainWindow::showSessionRefused);
  connect(file_panel_->addIncludeButton(), &QPushButton::clicked, document_, &DocumentController::addIncludeDirectory);
  connect(file_panel_->runDeclinedButton(), &QPushButton::clicked, document_, &DocumentController::runAfterAll);
}

void MainWindow::showAdoptedFile(const QString& options_refusal) {
  const SourceFile& file = *currentFile();
  file_panel_->addIncludeButton()->setVisible(false);
  file_panel_->runDeclinedButton()->setVisible(false);
  showSourceOf(docks_->source, file);
  centre_stack_->setCurrentWidget(file_panel_);
  showFileSummary();
  file_panel_->clearReport();
  if (!options_refusal.isEmpty()) file_panel_->showReport(tr("compile_commands.json refused"), options_refusal, true);
  links_->clear();
  snapshot_.reset();
  previous_.reset();
  addRecentFile(file.path);
}

void MainWindow::showFileSummary() {
  const SourceFile& file = *currentFile();
  setWindowTitle(tr("%1 \u2014 Loopscape").arg(file.fileName()));
  setWindowFilePath(file.path);
  file_panel_->showFile(file.fileName(), file.description, file.regionSummary());
  status_->setSummary(tr("%1 \u00b7 %2 lines \u00b7 %3")
                             .arg(QDir::toNativeSeparators(file.path))
                             .arg(file.lineCount())
                             .arg(file.regionSummary()));
}

void MainWindow::onResult(const EngineResult& result) {
  if (result.ran_program) {
    if (const QString notice = qs(take_sandbox_notice()); !notice.isEmpty())
      QMetaObject::invokeMethod(this, [this, notice] { file_panel_->showReport(tr("Programs run without a sandbox"), notice, true); },
                                Qt::QueuedConnection);
  }
  if (result.kind == EngineResult::Kind::Session) return document_->sessionReplayed(result);
  if (result.kind == EngineResult::Kind::Open) {
    if (!document_->isLatestOpen(result.generation)) return;  // a newer open replaced (or cancelled) it
    status_->setBuilding({});
  }
  const bool auto_schedule = session_->takeAutoSchedule(result.generation);
  if (!result.error.isEmpty()) return showOpenError(result);
  if (auto_schedule && !result.note.isEmpty()) statusBar()->showMessage(result.note, 15000);
  if (result.kind == EngineResult::Kind::Open) {
    document_->programOpened(result);
    if (!result.open_note.isEmpty()) statusBar()->showMessage(result.open_note, 15000);
    docks_->run->clear();
  }
  session_->follow(result);
  if (result.refused)
    showRefusal(result);
  else if (result.changed && result.kind != EngineResult::Kind::Open)
    file_panel_->clearReport();
  if (result.snapshot) {
    shown_generation_ = result.generation;
    step_ = result.step;
    menus_->setAvailability(result.availability);
    showSnapshot(result.snapshot, result.previous);
    docks_->run->setSteps(QStringList{tr("original schedule")} + session_->history(), step_);
    measureIfWanted();
  }
  docks_->history->setHistory(session_->history(), step_, session_->redoList(), session_->variants(),
                              session_->variantShared());
  if (result.changed) autosaveNow();
}

// The engine stopped (isl's quota) or the file cannot be analysed: the report
// says why, the source marks where, and a missing header offers its folder.
void MainWindow::showOpenError(const EngineResult& result) {
  const QString message = result.quota ? tr("isl stopped at its operation quota: %1").arg(result.error) : result.error;
  statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0), 15000);  // a compiler's whole output is in the report
  status_->showFailed();
  if (result.error_line > 0 && result.kind == EngineResult::Kind::Open) {
    QString text = result.error;
    const QString prefix = QStringLiteral(":%1:%2: ").arg(result.error_line).arg(result.error_column);
    const int at = int(text.indexOf(prefix));
    if (at >= 0) text = text.mid(at + prefix.size());
    text = text.section(QLatin1Char('\n'), 0, 0);  // a compiler's whole diagnostics are in the report
    docks_->source->setErrors({SourceView::ErrorMark{result.error_line, result.error_column, text}});
  }
  file_panel_->showReport(result.quota ? tr("The engine stopped") : tr("The file cannot be analysed"), message, true);
  if (result.kind != EngineResult::Kind::Open) return;
  const QString header = document_->openFailed(result);
  if (header.isEmpty() || !currentFile()) return;
  file_panel_->offerIncludeDirectory(header, document_->suggestedIncludeDirectory());
}

// A refused command: the repair first (the witnesses can run to many lines),
// the violated dependence's pair of iterations selected on the plot.
void MainWindow::showRefusal(const EngineResult& result) {
  last_refusal_illegal_ = result.refused_illegal;
  const qsizetype hint = result.report.indexOf(QStringLiteral("\n  hint: "));
  const QString repair = hint < 0 ? QString() : result.report.mid(hint + 9).section(QLatin1Char('\n'), 0, 0);
  file_panel_->showReport(tr("Refused \u2014 the session is unchanged"), result.report, true,
             repair.isEmpty() ? QString() : tr("Hint: %1").arg(repair));
  statusBar()->showMessage(tr("Refused: %1").arg(result.report.section(QLatin1Char('\n'), 0, 0)), 15000);
  if (result.witness_source.isEmpty()) return;
  Selection s;
  s.statements << result.witness_source.section(QLatin1Char('['), 0, 0);
  const QString sink = result.witness_sink.section(QLatin1Char('['), 0, 0);
  if (!sink.isEmpty() && !s.statements.contains(sink)) s.statements << sink;
  select(s);
  DomainPlot* plot = file_panel_->plot();
  plot->clearHighlight();
  plot->highlightPoints(s.statements.first(), {result.witness_source_point});
  if (!sink.isEmpty()) plot->selectPoint(sink, result.witness_sink_point);
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
  file_panel_->showPlot(snapshot_.get(), document_->openedWithoutRunning() ? tr("Nothing to plot yet: the program has not run (it was "
                                                           "opened without running).")
                                                      : tr("Nothing to plot: the file has no #pragma scop region."));
  if (!snapshot_) return;
  status_->showLegality(snapshot_->legal, qs(snapshot_->legality));
  showStatus();
  links_->broadcast(links_->selection());
}

void MainWindow::showStatus() {
  if (snapshot_) status_->showStep(*snapshot_, step_, int(session_->history().size()));
}

void MainWindow::onCodeReady(quint64 generation, std::shared_ptr<const Snapshot> snapshot) {
  if (generation != shown_generation_ || !snapshot) return;
  snapshot_ = std::move(snapshot);
  docks_->code->updateCode(snapshot_);
  showStatus();
}

QString MainWindow::lastReport() const { return file_panel_->lastReport(); }

void MainWindow::select(const Selection& selection) { links_->broadcast(selection); }

const Selection& MainWindow::selection() const { return links_->selection(); }

DomainPlot* MainWindow::plot() const { return file_panel_->plot(); }

QMenu* MainWindow::commandMenu(const Selection& selection, const QString& node_name, QWidget* parent) {
  return menus_->commandMenu(selection, node_name, parent);
}

QMenu* MainWindow::statementCommandMenu(const QStringList& statements, QWidget* parent) {
  return menus_->statementCommandMenu(statements, parent);
}

void MainWindow::runCommand(const QString& command, const Selection& selection, const QString& node_name) {
  menus_->runCommand(command, selection, node_name);
}

bool MainWindow::openLesson(const QString& path, QString* error, const QStringList& script_lines) {
  try {
    if (is_course_file(path.toStdString())) {
      QString why;
      LessonController::courseLessons(path, &why);
      if (!why.isEmpty()) {
        if (error) *error = why;
        return false;
      }
      course_ = path;
      showStartPage();
      statusBar()->showMessage(tr("Course %1: its lessons are on the start page").arg(QFileInfo(path).fileName()), 10000);
      return true;
    }
  } catch (const InputError&) {
    // Not readable: the lesson's open says why.
  }
  return lessons_->open(path, error, script_lines);
}

void MainWindow::requestCommand(const CommandCall& call, int merge_key) { session_->apply(call, merge_key); }

bool MainWindow::waitForEngine(int timeout_ms) { return worker_->waitForIdle(timeout_ms); }

QImage MainWindow::renderImage(const QSize& size) {
  resize(size);
  if (!isVisible()) show();
  QCoreApplication::processEvents();
  if (!layout_restored_) applyDefaultDockSizes();
  waitForEngine();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  const std::optional<SourceFile>& file = currentFile();
  if (file && file->hasRegion() && links_->selection().isEmpty()) docks_->source->revealLine(file->region_first);
  docks_->tree->fitWidth();
  QCoreApplication::processEvents();
  return grab().toImage();
}

void MainWindow::chooseFile() {
  const QString start = currentFile() ? QFileInfo(currentFile()->path).absolutePath() : samplesDirectory();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open program"), start,
      tr("Programs (*.c *.h *.cpp *.cc *.cxx);;C sources (*.c *.h);;C++ programs (*.cpp *.cc *.cxx);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open"), error);
}

std::optional<SessionData> MainWindow::sessionData() const {
  SessionView view;
  view.step = step_ == session_->history().size() ? -1 : step_;
  view.zoom_steps = zoom_.savedSteps();
  view.code_target = docks_->code->currentTarget();
  const QString lesson = lessons_->lesson() ? QFileInfo(qs(lessons_->lesson()->file)).absoluteFilePath() : QString();
  std::optional<SessionData> data = document_->sessionData(view, lesson);
  if (data && lessons_->lesson()) {
    data->exercise = docks_->lesson->exercise() + 1;
    data->answer = docks_->lesson->answer();
  }
  return data;
}

void MainWindow::showLessonExercise(int index, const QString& answer) {
  docks_->lesson->setExercise(index);
  if (!answer.isEmpty()) docks_->lesson->setAnswer(answer);
}

bool MainWindow::saveSession(const QString& path, QString* error) const {
  const std::optional<SessionData> session = sessionData();
  if (!session) {
    if (error) *error = tr("no file is open");
    return false;
  }
  return writeSessionFile(path, *session, error);
}

// The replay succeeded: it is shown as an open, with its view and lesson.
void MainWindow::showSessionLoaded(const EngineResult& opened, const SessionData& data, const QString& path) {
  onResult(opened);
  const SessionView& view = data.view;
  if (view.zoom_steps != zoom_.steps()) zoomBy(view.zoom_steps - zoom_.steps());
  if (!view.code_target.isEmpty()) docks_->code->setCurrentTarget(view.code_target);
  // The variants that no longer replay are named with the session's own message.
  const QString opened_text =
      tr("Session %1: %n step(s)", nullptr, int(session_->history().size())).arg(QDir::toNativeSeparators(path));
  statusBar()->showMessage(opened.note.isEmpty() ? opened_text : opened_text + QStringLiteral("; ") + opened.note,
                           opened.note.isEmpty() ? 8000 : 30000);
  if (!data.lesson.isEmpty()) {
    if (const QString why = lessons_->show(data.lesson); !why.isEmpty())
      statusBar()->showMessage(tr("The session is open without its lesson: %1").arg(why), 15000);
    else if (data.exercise > 0)
      showLessonExercise(data.exercise - 1, data.answer);
  }
}

// The replay failed: what is open stays, the report says why.
void MainWindow::showSessionRefused(const QString& error) {
  file_panel_->showReport(tr("Session not opened \u2014 the open session is unchanged"), error, true);
  statusBar()->showMessage(error.section(QLatin1Char('\n'), 0, 0), 15000);
  if (currentFile()) return;
  // The report panel sits under a file's views: from the start page, say it in a box (not modal to the loop).
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Session not opened"), error, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
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

QString MainWindow::exportCppScript() const { return document_->cppProgram(docks_->code->currentTarget()); }

void MainWindow::zoomBy(int steps) {
  zoom_.zoomBy(steps);
  applyZoom();
}

void MainWindow::setPresentationZoom(bool on) {
  if (zoom_.setPresenting(on)) applyZoom();
  if (window_menus_->presentationAction()->isChecked() != on) window_menus_->presentationAction()->setChecked(on);
}

void MainWindow::applyZoom() {
  file_panel_->plot()->setPresentationZoom(zoom_.factor());
  docks_->applyZoom(zoom_, {file_panel_->report()});
  statusBar()->showMessage(tr("Zoom %1%").arg(qRound(zoom_.factor() * 100)), 1500);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  docks_->saveLayout();
  QMainWindow::closeEvent(event);
}

void MainWindow::showNotRun(const RunRequest& request) {
  status_->setBuilding({});
  showSnapshot(nullptr, nullptr);
  status_->clearLegality();
  file_panel_->showOpenedWithoutRunning(request.file);
  status_->setSummary(tr("%1 \u00b7 opened without running").arg(QDir::toNativeSeparators(request.file)));
}

void MainWindow::showTrustSettings() {
  TrustSettingsDialog dialog(this);
  dialog.exec();
}

}  // namespace loopscape
