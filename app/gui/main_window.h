// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loopscape's main window: the source and history on the left, the domain
// plot in the middle, schedule tree and dependences on the right, generated
// code below (design/UI.md). Every view shows the Snapshot the engine worker
// made off the GUI thread; a selection in one view highlights the same
// statements and loops in the others; commands come from right-clicks and the
// Transform menu and go through the SessionController, whose undo stack
// mirrors the session's history. What is open (file, options, sessions) is
// the DocumentController's; the window lays out the parts and shows the
// engine's answers (docs/design/layers-and-targets.md, "The window").
#include <QImage>
#include <QMainWindow>
#include <functional>
#include <memory>
#include <optional>

#include "command_menus.h"
#include "document_controller.h"
#include "engine_worker.h"
#include "run_consent.h"
#include "selection.h"
#include "session_controller.h"
#include "session_file.h"
#include "source_file.h"
#include "trust.h"
#include "view_zoom.h"

class QDialog;
class QStackedWidget;
class QUndoStack;

namespace loopscape {

class Autosave;
class DomainPlot;
class FilePanel;
class LessonController;
class SelectionLinks;
class StartPage;
class VariantCompareView;
class WindowDocks;
class WindowExports;
class WindowMenus;
class WindowStatus;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Shows the file and asks the engine for its views (then applies
  // `script_lines`); on failure to read it keeps the current one and sets `error`.
  // A C++ program's own commands come first, unless `whole_history` (the
  // lines are then the whole history, as when reopening with other options).
  bool openFile(const QString& path, QString* error = nullptr, const QStringList& script_lines = {},
                bool whole_history = false) {
    return document_->openFile(path, error, script_lines, whole_history);
  }
  // The options the next openFile() analyses its file with, as given on the
  // command line (they are remembered for that file). Without them, a file
  // opens with the options last used for it, else its compile_commands.json entry.
  void setCompileOptions(const CompileOptions& options) { document_->setCompileOptions(options); }
  // The file the next openFile()'s script lines come from, for messages
  // (`loopscape --script FILE`); "script" when none is set.
  void setScriptName(const QString& name) { document_->setScriptName(name); }
  const CompileOptions& compileOptions() const { return document_->compileOptions(); }
  // Analyses the open file again with `options`, keeping the session's commands.
  void applyCompileOptions(const CompileOptions& options) { document_->applyCompileOptions(options); }
  // File > Compiler Options...
  void showCompilerOptions() { document_->showCompilerOptions(); }
  // The last open could not analyse the file (its report says why).
  bool analysisFailed() const { return document_->analysisFailed(); }
  // After a missing header: the folder that holds it, when one was found near the file.
  QString suggestedIncludeDirectory() const { return document_->suggestedIncludeDirectory(); }
  // The session's commands, as script lines.
  const QStringList& history() const { return session_->history(); }
  // The session's other lines of work (History › Variants), as script lines.
  const QList<QStringList>& variants() const { return session_->variants(); }
  const std::optional<SourceFile>& currentFile() const { return document_->file(); }
  void showStartPage();
  // Opens a lesson (lessons/lesson.h): its kernel in the views, its text and
  // exercises in the Lesson dock; on failure sets `error` (file:line: why).
  // A lesson, or a course file (lessons/course.h): its lessons on the start page, by part.
  bool openLesson(const QString& path, QString* error = nullptr, const QStringList& script_lines = {});
  // The open lesson's exercise `index` (0-based), with `answer` typed in its box.
  void showLessonExercise(int index, const QString& answer = {});
  // Shows the isl scratchpad dock (View › isl Scratchpad) with the cursor in its editor.
  void showScratchpad();
  // Shows the Run dock; it measures the current step when it has no measurement yet.
  void showRun();
  // Brings the Code dock's tab of `target` forward; false for an unknown target.
  bool showCodeTarget(const QString& target);

  // The window laid out at `size` and rendered into an image, as on screen,
  // once the engine has answered every request.
  QImage renderImage(const QSize& size);
  // Runs the event loop until the engine is idle.
  bool waitForEngine(int timeout_ms = 60000);

  const std::shared_ptr<const Snapshot>& snapshot() const { return snapshot_; }
  const Selection& selection() const;
  void select(const Selection& selection);
  QUndoStack* undoStack() const { return session_->undoStack(); }
  EngineWorker* worker() const { return worker_; }

  // The commands a right-click on `selection` offers, as a menu whose actions
  // open the command's form (context menus and the Transform menu use it).
  // Statement commands that cannot apply there (Command::unavailable) wait,
  // disabled with their reason as tooltip, in a "Not available here" submenu.
  QMenu* commandMenu(const Selection& selection, const QString& node_name = {}, QWidget* parent = nullptr);
  // What a right-click on the domain plot offers: for one statement one
  // submenu per loop of it (that loop preselected), then its commands; for
  // several (empty plot space), one such menu per statement as a submenu.
  QMenu* statementCommandMenu(const QStringList& statements, QWidget* parent = nullptr);
  // Opens the form for `command` on the selection; applies it when accepted.
  void runCommand(const QString& command, const Selection& selection, const QString& node_name = {});
  // Applies a call through the worker. `merge_key` >= 0 makes it one value of
  // a spin box drag: it replaces the last call with the same key when that is
  // still the last step, and the drag is one undo step.
  void requestCommand(const CommandCall& call, int merge_key = -1);
  // Transform > Automatic Schedule: isl's schedule as steps, each one undo step.
  void requestAutoSchedule();
  // Transform > Tune Automatic Schedule: the Run dock measures the candidates.
  void requestTuning();
  // History › a variant: it and the current line side by side (a window of
  // their own), with a button to switch to it.
  void compareVariant(int variant);
  VariantCompareView* variantCompareView() const { return variant_view_; }
  // Tests: forms accept at once with their default arguments (after the preview).
  void setFormsAutoAccept(bool on) { menus_->setFormsAutoAccept(on); }
  // Who answers when code from an untrusted folder would run (default: the
  // RunConsentDialog); tests answer for the user.
  using TrustPrompt = std::function<TrustAnswer(const RunRequest&)>;
  void setTrustPrompt(TrustPrompt prompt) { document_->consent().setPrompt(std::move(prompt)); }
  // File > Trust and Sandbox...
  void showTrustSettings();
  QString lastReport() const;
  // Whether the last refusal was of an illegal command (else of its arguments or a malformed line).
  bool lastRefusalIllegal() const { return last_refusal_illegal_; }
  // Presentation zoom (View menu, F5): every view's text at projector size;
  // off restores the zoom from before.
  void setPresentationZoom(bool on);
  bool presentationZoom() const { return zoom_.presenting(); }
  double zoomFactor() const { return zoom_.factor(); }
  bool saveSession(const QString& path, QString* error = nullptr) const;
  // The open session as saved (nothing when no file is open).
  std::optional<SessionData> sessionData() const;
  // Reads a session file and replays it on the engine thread in a fresh state.
  // A file that cannot be read, is not valid JSON or has a malformed field or
  // command is refused at once (false, `error` says PATH:LINE:COLUMN and what);
  // a command that no longer applies is refused when the replay reaches it
  // (sessionError(), the report panel). Either way the open session is kept
  // as it was: the window changes only when the whole session has loaded.
  bool openSession(const QString& path, QString* error = nullptr) { return document_->openSession(path, error); }
  // Why the last openSession() was refused (empty when it loaded or is loading).
  QString sessionError() const { return document_->sessionError(); }

  // Keeps the session in `directory` (Autosave) after every change and every
  // `interval_ms`; a clean quit removes it.
  void enableAutosave(const QString& directory, int interval_ms = 60000);
  Autosave* autosave() const { return session_->autosave(); }
  // Restores an autosave left by an unclean exit (Autosave::orphans()): it is
  // moved aside first (Autosave::claim), replayed like a session file and
  // deleted once the replay has succeeded; when it fails, it stays where
  // sessionError() says.
  bool restoreAutosave(const QString& orphan, QString* error = nullptr) {
    return document_->restoreAutosave(orphan, error);
  }
  // Writes the autosave now (when enabled and a file is open).
  void autosaveNow();
  QString exportCppScript() const;
  DomainPlot* plot() const;

  // What the menus do (window_menus.h).
  void chooseFile();
  void chooseSessionToSave();
  void chooseSessionToOpen();
  void zoomBy(int steps);
  void resetZoom() { zoomBy(-zoom_.steps()); }
  void resetLayout();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void createViews();
  void connectViews();
  void connectDocument();
  // A file became the open one: its source and title, an empty history.
  void showAdoptedFile(const QString& options_refusal);
  void showFileSummary();
  // Opened without running: say what is missing, and offer to run it after all.
  void showNotRun(const RunRequest& request);
  void showSessionLoaded(const EngineResult& opened, const SessionData& data, const QString& path);
  void showSessionRefused(const QString& error);
  void showOpenError(const EngineResult& result);
  void showRefusal(const EngineResult& result);
  void measureIfWanted();
  void writeTunedScript(const TuningOutcome& outcome);
  void applyDefaultDockSizes();
  void applyZoom();
  void onResult(const EngineResult& result);
  // One more target's code for the snapshot shown (the views came first).
  void onCodeReady(quint64 generation, std::shared_ptr<const Snapshot> snapshot);
  void showStatus();  // the status bar's step, sizes and timings
  void showSnapshot(std::shared_ptr<const Snapshot> snapshot, std::shared_ptr<const Snapshot> previous);

  EngineWorker* worker_ = nullptr;
  SessionController* session_ = nullptr;    // the commands sent, the history and the undo stack
  DocumentController* document_ = nullptr;  // the file open, its options, sessions and consent
  CommandMenus* menus_ = nullptr;           // the menus and forms that offer commands
  WindowDocks* docks_ = nullptr;            // the docks and their views
  FilePanel* file_panel_ = nullptr;         // the file, its plot and the report panel
  SelectionLinks* links_ = nullptr;         // the selection every view shows
  LessonController* lessons_ = nullptr;     // the lesson open and its dock
  QString course_;  // the course file the start page lists ("" for the bundled one)
  WindowExports* exports_ = nullptr;        // File › Export
  WindowMenus* window_menus_ = nullptr;     // the menu bar
  WindowStatus* status_ = nullptr;          // the status bar
  ViewZoom zoom_;                           // the views' zoom
  std::shared_ptr<const Snapshot> snapshot_;
  quint64 shown_generation_ = 0;  // the request whose snapshot is shown
  std::shared_ptr<const Snapshot> previous_;
  int step_ = 0;
  bool layout_restored_ = false;
  bool last_refusal_illegal_ = false;
  bool sized_ = false;
  QStackedWidget* centre_stack_ = nullptr;
  StartPage* start_page_ = nullptr;
  QDialog* variant_dialog_ = nullptr;
  VariantCompareView* variant_view_ = nullptr;
};

}  // namespace loopscape
