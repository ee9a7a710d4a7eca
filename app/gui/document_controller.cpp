// SPDX-License-Identifier: Apache-2.0
#include "document_controller.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include "compiler_options.h"
#include "compiler_options_dialog.h"
#include "cpp_program/cpp_export.h"
#include "cpp_program/program_file.h"
#include "engine_worker.h"
#include "session/script.h"
#include "session_controller.h"
#include "autosave.h"

namespace loopscape {

namespace {
bool isCpp(const QString& path) { return is_cpp_source(path.toStdString()); }
}  // namespace

DocumentController::DocumentController(QWidget* window, EngineWorker* worker, SessionController* session)
    : QObject(window), window_(window), worker_(worker), session_(session) {}

void DocumentController::setCompileOptions(const CompileOptions& options) {
  compile_options_ = options;
  explicit_options_ = true;
}

void DocumentController::applyCompileOptions(const CompileOptions& options) {
  if (!file_) return;
  setCompileOptions(options);
  QString error;
  const QStringList commands = session_->history();  // openFile starts a new history
  if (!openFile(file_->path, &error, commands, true)) QMessageBox::warning(window_, tr("Compiler Options"), error);
}

void DocumentController::showCompilerOptions() {
  if (!file_) {
    QMessageBox::information(window_, tr("Compiler Options"), tr("Open a C file first."));
    return;
  }
  CompilerOptionsDialog dialog(file_->path, compile_options_, options_note_, window_);
  if (dialog.exec() == QDialog::Accepted) applyCompileOptions(dialog.options());
}

void DocumentController::addIncludeDirectory() {
  QString folder = suggested_include_;
  if (folder.isEmpty() && file_)
    folder = QFileDialog::getExistingDirectory(window_, tr("Include directory"), QFileInfo(file_->path).absolutePath());
  if (folder.isEmpty()) return;
  CompileOptions options = compile_options_;
  options.include_dirs.push_back(folder.toStdString());
  applyCompileOptions(options);
}

bool DocumentController::openFile(const QString& path, QString* error, const QStringList& script_lines,
                                  bool whole_history) {
  std::optional<SourceFile> loaded = loadSourceFile(path, error);
  if (!loaded) return false;
  pending_session_.reset();  // a file opened now wins over a session still replaying
  adopt(std::move(*loaded));
  const bool cpp = isCpp(file_->path);
  if (cpp) {
    const RunRequest request = RunConsent::programRequest(file_->path, compile_options_);
    if (!mayRun(request)) {
      declined(request, [this, opened = file_->path, script_lines, whole_history] {
        QString why;
        if (!openFile(opened, &why, script_lines, whole_history)) QMessageBox::warning(window_, tr("Open"), why);
      });
      return true;
    }
  }
  if (file_->hasRegion() || !compile_options_.function.empty() || cpp) {
    last_open_ = worker_->open(file_->path, compile_options_, script_lines, whole_history, script_name_);
    Q_EMIT opening(cpp);
  } else {
    Q_EMIT nothingToAnalyse();
  }
  return true;
}

void DocumentController::adopt(SourceFile file) {
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
  run_declined_ = nullptr;
  file_ = std::move(file);
  session_->clear();
  Q_EMIT fileAdopted(options_refusal);
}

bool DocumentController::mayRun(const RunRequest& request) { return consent_.mayRun(request, window_); }

// Opened without running: running it after all asks again (or finds the folder trusted since).
void DocumentController::declined(const RunRequest& request, std::function<void()> run) {
  run_declined_ = [this, request, run] {
    if (!mayRun(request)) return;
    consent_.allowOnce(request.file);
    run();
  };
  Q_EMIT openedNotRun(request);
}

void DocumentController::runAfterAll() {
  // A copy: opening the file again replaces run_declined_ while it runs.
  if (const std::function<void()> run = run_declined_) run();
}

QString DocumentController::openFailed(const EngineResult& result) {
  analysis_failed_ = true;
  const QString header = missing_header(result.error);
  if (!header.isEmpty() && file_) suggested_include_ = find_header_near(file_->path, header);
  return header;
}

// A C++ program's source stays in view (its statements are located there); an
// exported session that opens a C file shows that C file, where its statements are.
void DocumentController::programOpened(const EngineResult& result) {
  embedded_c_ = result.embedded_c;
  c_name_ = result.c_name;
  program_options_ = result.program_options;
  if (!file_ || result.located_in.isEmpty() || QFileInfo(result.located_in).absoluteFilePath() == file_->path) return;
  QString error;
  if (std::optional<SourceFile> shown = loadSourceFile(result.located_in, &error)) Q_EMIT sourceShown(*shown);
}

std::optional<SessionData> DocumentController::sessionData(const SessionView& view, const QString& lesson) const {
  if (!file_) return std::nullopt;
  SessionData session;
  session.source = file_->path;
  session.options = compile_options_;
  session.commands = session_->history();
  session.variants = session_->variants();
  session.view = view;
  session.lesson = lesson;
  return session;
}

bool DocumentController::openSession(const QString& path, QString* error) {
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
  if (!file->hasRegion() && session->options.function.empty() && !isCpp(file->path))
    return refuse(tr("%1: the session's C file %2 has no #pragma scop region").arg(path, file->path));
  if (isCpp(file->path)) {
    RunRequest request = RunConsent::programRequest(file->path, session->options);
    request.action = tr("build and run the C++ program of the session %1").arg(QFileInfo(path).fileName());
    if (!mayRun(request)) {
      adopt(std::move(*file));
      declined(request, [this, path] {
        QString again;
        if (!openSession(path, &again)) QMessageBox::warning(window_, tr("Open Session"), again);
      });
      return true;
    }
  }
  const quint64 generation =
      worker_->openSession(file->path, session->options, session->commands, session->view.step, session->variants);
  pending_session_ = PendingSession{generation, path, std::move(*session), std::move(*file)};
  Q_EMIT sessionLoading(path);
  return true;
}

void DocumentController::sessionReplayed(const EngineResult& result) {
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
    Q_EMIT sessionRefused(session_error_);
    return;
  }
  setCompileOptions(pending.data.options);
  adopt(std::move(pending.file));
  EngineResult opened = result;
  opened.kind = EngineResult::Kind::Open;
  last_open_ = result.generation;
  Q_EMIT sessionLoaded(opened, pending.data, pending.path);
  if (pending.path == recovered_path_) QFile::remove(pending.path);  // this window's autosave holds it now
}

bool DocumentController::restoreAutosave(const QString& orphan, QString* error) {
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

QString DocumentController::cppProgram(const QString& target) const {
  if (!file_) return {};
  ExportInput in;
  set_export_source(in, file_->path.toStdString(), compile_options_, c_name_.toStdString(), program_options_,
                    embedded_c_.toStdString());
  in.target = target.isEmpty() ? "openmp" : target.toStdString();
  in.calls = parse_script(session_->history().join(QLatin1Char('\n')).toStdString(), "session");
  for (const QStringList& v : session_->variants())
    in.variants.push_back(parse_script(v.join(QLatin1Char('\n')).toStdString(), "session variant"));
  return QString::fromStdString(export_cpp(in));
}

}  // namespace loopscape
