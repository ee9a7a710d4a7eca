// SPDX-License-Identifier: Apache-2.0
#pragma once
// What is open, apart from how it is shown: the file and the compiler options
// it is analysed with, a C++ program's carried C, the engine request for it,
// and sessions saved, replayed or restored from an autosave. Code that came
// with a file runs only with the user's consent (RunConsent). The window
// listens to the signals and shows what they say.
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include "model/program.h"
#include "run_consent.h"
#include "session_file.h"
#include "source_file.h"

class QWidget;

namespace loopscape {

class EngineWorker;
class SessionController;
struct EngineResult;

class DocumentController : public QObject {
  Q_OBJECT

 public:
  DocumentController(QWidget* window, EngineWorker* worker, SessionController* session);

  // Reads the file, makes it the open one and asks the engine for its views
  // (then applies `script_lines`); when it cannot be read, keeps the current
  // one and sets `error`. A C++ program's own commands come first, unless
  // `whole_history` (the lines are then the whole history).
  bool openFile(const QString& path, QString* error = nullptr, const QStringList& script_lines = {},
                bool whole_history = false);
  // The options the next openFile() analyses its file with (remembered for
  // that file). Without them, a file opens with the options last used for it,
  // else its compile_commands.json entry.
  void setCompileOptions(const CompileOptions& options);
  // Analyses the open file again with `options`, keeping the session's commands.
  void applyCompileOptions(const CompileOptions& options);
  // File › Compiler Options…
  void showCompilerOptions();
  // The file the next openFile()'s script lines come from, for messages.
  void setScriptName(const QString& name) { script_name_ = name; }

  const std::optional<SourceFile>& file() const { return file_; }
  const CompileOptions& compileOptions() const { return compile_options_; }
  // Whether `generation` answers the newest open (older ones are dropped).
  bool isLatestOpen(quint64 generation) const { return generation == last_open_; }
  // The engine's answer to an open: what it failed on (returns the missing
  // header it names, "" when none), or what the program carries.
  QString openFailed(const EngineResult& result);
  void programOpened(const EngineResult& result);
  bool analysisFailed() const { return analysis_failed_; }
  // After a missing header: the folder that holds it, when one was found near the file.
  QString suggestedIncludeDirectory() const { return suggested_include_; }
  // Adds an include folder (the suggested one, else one the user picks) and analyses again.
  void addIncludeDirectory();

  // Whether a C++ program was opened without running, and running it now
  // (asking again unless its folder is trusted).
  bool openedWithoutRunning() const { return static_cast<bool>(run_declined_); }
  void runAfterAll();
  RunConsent& consent() { return consent_; }
  bool mayRun(const RunRequest& request);

  // The open session as saved (nothing when no file is open); `view` and
  // `lesson` are what the window shows.
  std::optional<SessionData> sessionData(const SessionView& view, const QString& lesson) const;
  // Reads a session file and replays it on the engine thread in a fresh state.
  // A file that cannot be read, is not valid JSON or has a malformed field or
  // command is refused at once (false, `error` says PATH:LINE:COLUMN and
  // what); a command that no longer applies is refused when the replay
  // reaches it (sessionRefused). Either way the open session is kept as it
  // was: the window changes only when the whole session has loaded.
  bool openSession(const QString& path, QString* error = nullptr);
  // The replay's answer: sessionLoaded, or sessionRefused.
  void sessionReplayed(const EngineResult& result);
  // Restores an autosave left by an unclean exit: moved aside first, replayed
  // like a session file, deleted once it has loaded; kept where
  // sessionError() says when it fails.
  bool restoreAutosave(const QString& orphan, QString* error = nullptr);
  QString sessionError() const { return session_error_; }

  // The session as a C++ program against the engine, for `target`.
  QString cppProgram(const QString& target) const;

 Q_SIGNALS:
  // `file()` is the open file now, with an empty history; `options_refusal`
  // says why its compile_commands.json entry was not used ("" when it was).
  void fileAdopted(const QString& options_refusal);
  // The engine was asked; `building` for a C++ program, which builds and runs first.
  void opening(bool building);
  // A file without a region: there is nothing to analyse.
  void nothingToAnalyse();
  // A C++ program opened as text only: the user declined to run it.
  void openedNotRun(const RunRequest& request);
  // A C++ program's views come from another file (an exported session's C file).
  void sourceShown(const SourceFile& file);
  void sessionLoading(const QString& path);
  // The session replayed: `opened` is its answer as for an open.
  void sessionLoaded(const EngineResult& opened, const SessionData& data, const QString& path);
  void sessionRefused(const QString& error);

 private:
  void adopt(SourceFile file);
  void declined(const RunRequest& request, std::function<void()> run);

  QWidget* window_;
  EngineWorker* worker_;
  SessionController* session_;
  RunConsent consent_;
  std::optional<SourceFile> file_;
  CompileOptions compile_options_;
  bool explicit_options_ = false;
  QString options_note_;
  QString script_name_ = QStringLiteral("script");
  quint64 last_open_ = 0;
  bool analysis_failed_ = false;
  QString suggested_include_;
  // The open program when a C++ program defines it: the C it carries (what the
  // C++ export embeds) and that C's file name. Empty for C files.
  QString embedded_c_;
  QString c_name_;
  CompileOptions program_options_;
  std::function<void()> run_declined_;  // opens again what was opened without running, with consent
  // A session being replayed: adopted when the replay succeeds.
  struct PendingSession {
    quint64 generation = 0;
    QString path;
    SessionData data;
    SourceFile file;
  };
  std::optional<PendingSession> pending_session_;
  QString session_error_;
  QString recovered_path_;  // the autosave being restored, deleted once it has loaded
};

}  // namespace loopscape
