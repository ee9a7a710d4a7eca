// SPDX-License-Identifier: Apache-2.0
// loopscape [FILE.c|FILE.cpp] [-I DIR] [-D NAME[=V]] [--function F] [--script FILE]
// [--code-target T] [--screenshot OUT.png]: opens the main window on a C file or a C++ program
// (built against the engine and run: cpp_program/program_file.h) (without one: the
// start page with the bundled samples and recent files), analysed with the
// compiler options given (else those last used for the file, else its
// compile_commands.json entry); --script applies a schedule script; with
// --screenshot, renders the window at 1600x1000 without a display once the
// engine has answered, writes the PNG and exits (2 when the file or the script
// cannot be read, 3 when a command of the script is refused).
// Every other start keeps an autosave (autosave.h) and offers back the session
// of a window that did not quit cleanly (--restore / --no-restore answer for the user).
// Code from an untrusted folder runs only when the user says so (--run-untrusted
// says so on the command line; without a display it is not run otherwise).
#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <cstdio>
#include <cstring>

#include "autosave.h"
#include "codegen/registry/registry.h"
#include "main_window.h"
#include "runner/sandbox.h"
#include "samples.h"
#include "support/text.h"

#ifndef LOOPSCAPE_VERSION
#define LOOPSCAPE_VERSION "0.0.0"
#endif

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitRefused = 3;  // a command of --script is illegal
const QSize kScreenshotSize(1600, 1000);

// --screenshot, --help and --version need no display: pick the offscreen
// platform before Qt starts, unless the caller chose a platform.
void preferOffscreenWhenNoWindowIsShown(int argc, char** argv) {
  if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) return;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (std::strcmp(arg, "--screenshot") == 0 || std::strncmp(arg, "--screenshot=", 13) == 0 ||
        std::strcmp(arg, "-h") == 0 || std::strcmp(arg, "--help") == 0 ||
        std::strcmp(arg, "--help-all") == 0 || std::strcmp(arg, "-v") == 0 ||
        std::strcmp(arg, "--version") == 0) {
      qputenv("QT_QPA_PLATFORM", "offscreen");
      return;
    }
  }
}

// Qt's offscreen platform warns on every dock layout that it cannot pass size
// hints on, which says nothing to the user of --screenshot.
QtMessageHandler qt_messages = nullptr;
void dropOffscreenSizeHintNoise(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  if (message.contains(QLatin1String("does not support propagateSizeHints"))) return;
  if (qt_messages)
    qt_messages(type, context, message);
  else
    std::fprintf(stderr, "%s\n", qPrintable(message));
}

void fail(const QString& message) {
  std::fprintf(stderr, "loopscape: %s\n", qPrintable(message));
}

}  // namespace

// "-IDIR" and "-DNAME=V" as a compiler takes them: split into "-I" "DIR" for the parser.
QStringList compilerStyleArguments(const QStringList& arguments) {
  QStringList out;
  for (const QString& a : arguments) {
    if ((a.startsWith(QStringLiteral("-I")) || a.startsWith(QStringLiteral("-D"))) && a.size() > 2) {
      out << a.left(2) << a.mid(2);
    } else {
      out << a;
    }
  }
  return out;
}

int main(int argc, char** argv) {
  preferOffscreenWhenNoWindowIsShown(argc, argv);
  qt_messages = qInstallMessageHandler(dropOffscreenSizeHintNoise);
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("Loopscape"));
  QApplication::setApplicationVersion(QStringLiteral(LOOPSCAPE_VERSION));
  QApplication::setOrganizationName(QStringLiteral("Loopscape"));
  QApplication::setDesktopFileName(QStringLiteral("loopscape"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/loopscape.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Explore polyhedral loop schedules of a C loop nest (#pragma scop region)."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("file"),
                               QStringLiteral("C file, C++ program (.cpp) or saved session (.json) to open (default: the "
                                              "start page; with --screenshot, samples/matmul.c)."),
                               QStringLiteral("[FILE.c|FILE.cpp|SESSION.json]"));
  const QCommandLineOption script(QStringLiteral("script"),
                                  QStringLiteral("Apply the schedule script <file> (one command per line)."),
                                  QStringLiteral("file"));
  const QCommandLineOption code_target(
      QStringLiteral("code-target"),
      QStringLiteral("Show the Code dock's tab of <target> (%1, or omp-directives: your file with OpenMP 6.0 directives).")
          .arg(QString::fromStdString(loopscape::join(loopscape::target_names_in_display_order()))),
      QStringLiteral("target"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QStringLiteral("Render the window at 1600x1000 offscreen into <png> and exit."),
      QStringLiteral("png"));
  const QCommandLineOption screenshot_size(
      QStringLiteral("screenshot-size"),
      QStringLiteral("Window size for --screenshot, e.g. 1366x768 (default 1600x1000)."), QStringLiteral("WxH"));
  const QCommandLineOption include(QStringList{QStringLiteral("I"), QStringLiteral("include")},
                                   QStringLiteral("Add <dir> to the include directories (also -IDIR)."),
                                   QStringLiteral("dir"));
  const QCommandLineOption define(QStringList{QStringLiteral("D"), QStringLiteral("define")},
                                  QStringLiteral("Define a macro, NAME or NAME=VALUE (also -DNAME=VALUE)."),
                                  QStringLiteral("name[=value]"));
  const QCommandLineOption function(QStringLiteral("function"),
                                    QStringLiteral("Analyse the whole body of function <name> instead of a "
                                                   "#pragma scop region."),
                                    QStringLiteral("name"));
  const QCommandLineOption lesson(QStringLiteral("lesson"),
                                  QStringLiteral("Open the lesson <file> (Markdown with a front matter; docs/guide/lessons.md) "
                                                 "with its kernel."),
                                  QStringLiteral("file"));
  const QCommandLineOption exercise(QStringLiteral("exercise"),
                                    QStringLiteral("With --lesson: show exercise N (from 1) first."),
                                    QStringLiteral("N"));
  const QCommandLineOption restore(QStringLiteral("restore"),
                                   QStringLiteral("Restore the session autosaved by a window that did not quit "
                                                  "cleanly (a crash, a kill), without asking."));
  const QCommandLineOption no_restore(QStringLiteral("no-restore"),
                                      QStringLiteral("Start without restoring an autosaved session and without "
                                                     "asking; it is kept for a later start."));
  const QCommandLineOption trust(QStringLiteral("run-untrusted"),
                                 QStringLiteral("Build and run the code that comes with the file given (a C++ program, a "
                                                "lesson's run checks) this once without asking, even from a folder not "
                                                "trusted. Without a display nobody can be asked: such code is not run "
                                                "unless this is given."));
  parser.addOption(trust);
  parser.addOption(restore);
  parser.addOption(no_restore);
  parser.addOption(lesson);
  parser.addOption(exercise);
  parser.addOption(script);
  parser.addOption(screenshot);
  parser.addOption(code_target);
  parser.addOption(screenshot_size);
  parser.addOption(include);
  parser.addOption(define);
  parser.addOption(function);
  parser.process(compilerStyleArguments(QCoreApplication::arguments()));
  if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();

  QSize shot_size = kScreenshotSize;
  if (parser.isSet(screenshot_size)) {
    const QStringList parts = parser.value(screenshot_size).split(QLatin1Char('x'));
    bool w_ok = false, h_ok = false;
    const int w = parts.size() == 2 ? parts[0].toInt(&w_ok) : 0;
    const int h = parts.size() == 2 ? parts[1].toInt(&h_ok) : 0;
    if (!w_ok || !h_ok || w < 640 || h < 400 || w > 7680 || h > 4320) {
      fail(QStringLiteral("--screenshot-size wants WIDTHxHEIGHT between 640x400 and 7680x4320, got '%1'")
               .arg(parser.value(screenshot_size)));
      return kExitBadInput;
    }
    shot_size = QSize(w, h);
  }

  const QStringList files = parser.positionalArguments();
  if (files.size() > 1) {
    fail(QStringLiteral("one file at a time, got %1").arg(files.size()));
    return kExitBadInput;
  }
  const bool shoot = parser.isSet(screenshot);
  QString path = files.isEmpty() ? QString() : files.first();
  if (path.isEmpty() && (shoot || parser.isSet(script))) path = loopscape::defaultSamplePath();
  if (path.isEmpty() && (shoot || parser.isSet(script))) {
    fail(QStringLiteral("no file given and no samples folder found (set LOOPSCAPE_SAMPLES_DIR)"));
    return kExitBadInput;
  }

  QStringList script_lines;
  if (parser.isSet(script)) {
    QFile file(parser.value(script));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
      fail(QStringLiteral("cannot read script %1: %2").arg(parser.value(script), file.errorString()));
      return kExitBadInput;
    }
    script_lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
  }

  if (shoot) qputenv("LOOPSCAPE_DEFAULT_LAYOUT", "1");
  loopscape::MainWindow window;
  if (parser.isSet(include) || parser.isSet(define) || parser.isSet(function)) {
    loopscape::CompileOptions options;
    for (const QString& dir : parser.values(include))
      options.include_dirs.push_back(QFileInfo(dir).absoluteFilePath().toStdString());
    for (const QString& d : parser.values(define)) options.defines.push_back(d.toStdString());
    options.function = parser.value(function).toStdString();
    window.setCompileOptions(options);
  }
  // Without a display there is nobody to ask: code from an untrusted folder
  // runs only with --run-untrusted.
  const bool headless = QGuiApplication::platformName() == QLatin1String("offscreen") ||
                        QGuiApplication::platformName() == QLatin1String("minimal");
  if (parser.isSet(trust)) {
    window.setTrustPrompt([](const loopscape::RunRequest&) { return loopscape::TrustAnswer::RunOnce; });
  } else if (headless) {
    window.setTrustPrompt([](const loopscape::RunRequest& request) {
      fail(QStringLiteral("%1 comes from a folder you have not trusted, and without a display nobody can be asked: "
                          "it was opened without running (give --run-untrusted to run it this once: it would run %2)")
               .arg(request.file, QString::fromStdString(loopscape::describe_sandbox())));
      return loopscape::TrustAnswer::OpenWithoutRunning;
    });
  }
  // The autosave (not for screenshots): an unclean exit's session is offered back.
  QString orphan;
  if (!shoot) {
    window.enableAutosave(loopscape::Autosave::defaultDirectory());
    const QStringList orphans = window.autosave()->orphans();
    if (!orphans.isEmpty() && !parser.isSet(no_restore)) orphan = orphans.first();
    if (parser.isSet(restore) && orphans.isEmpty()) fail(QStringLiteral("--restore: no autosaved session to restore"));
  }
  bool restoring = false;
  if (!orphan.isEmpty()) {
    if (parser.isSet(restore)) {
      restoring = true;
    } else if (QGuiApplication::platformName() == QLatin1String("offscreen") ||
               QGuiApplication::platformName() == QLatin1String("minimal")) {
      fail(QStringLiteral("a session autosaved by a window that did not quit cleanly is in %1; start with --restore "
                          "to restore it or --no-restore to start without it")
               .arg(orphan));
    } else {
      QMessageBox ask(QMessageBox::Question, QStringLiteral("Loopscape"),
                      QStringLiteral("Loopscape did not quit cleanly last time. Restore the session it autosaved?"),
                      QMessageBox::NoButton);
      ask.setInformativeText(QStringLiteral("Autosaved in %1").arg(orphan));
      QPushButton* yes = ask.addButton(QStringLiteral("Restore"), QMessageBox::AcceptRole);
      QPushButton* no = ask.addButton(QStringLiteral("Discard"), QMessageBox::DestructiveRole);
      ask.addButton(QStringLiteral("Not Now"), QMessageBox::RejectRole);
      ask.setDefaultButton(yes);
      ask.exec();
      restoring = ask.clickedButton() == yes;
      if (ask.clickedButton() == no) loopscape::Autosave::discard(orphan);
    }
  }
  if (restoring) {
    QString error;
    if (!window.restoreAutosave(orphan, &error)) {
      fail(error);
      window.showStartPage();
    }
  } else if (parser.isSet(lesson)) {
    QString error;
    if (!window.openLesson(parser.value(lesson), &error, script_lines)) {
      fail(error);
      return kExitBadInput;
    }
    if (parser.isSet(exercise)) {
      bool ok = false;
      const int n = parser.value(exercise).toInt(&ok);
      if (!ok || n < 1) {
        fail(QStringLiteral("--exercise wants an exercise number from 1, got '%1'").arg(parser.value(exercise)));
        return kExitBadInput;
      }
      window.showLessonExercise(n - 1);
    }
  } else if (path.isEmpty()) {
    window.showStartPage();
  } else if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
    // A saved session (File > Save Session): its file, commands, variants and view.
    QString error;
    if (!window.openSession(path, &error)) {
      fail(error);
      return kExitBadInput;
    }
    if (shoot && (!window.waitForEngine(600000) || !window.sessionError().isEmpty())) {
      fail(window.sessionError().isEmpty() ? QStringLiteral("%1: the session did not open in time").arg(path)
                                           : window.sessionError());
      return kExitBadInput;
    }
  } else {
    QString error;
    if (parser.isSet(script)) window.setScriptName(parser.value(script));
    if (!window.openFile(path, &error, script_lines)) {
      fail(error);
      return kExitBadInput;
    }
  }

  if (parser.isSet(code_target) && !window.showCodeTarget(parser.value(code_target))) {
    fail(QStringLiteral("--code-target: no target is named '%1'").arg(parser.value(code_target)));
    return kExitBadInput;
  }
  if (shoot) {
    const QString out = parser.value(screenshot);
    if (!window.renderImage(shot_size).save(out)) {
      fail(QStringLiteral("cannot write screenshot %1").arg(out));
      return 1;
    }
    const QString report = window.lastReport().section(QLatin1Char('\n'), 0, 0);
    // A malformed script or a refused command of it: the script's fault, not
    // the file's. A refusal still shows in the screenshot; the exit status
    // says so, as loopscape-cli's does.
    const bool from_script = parser.isSet(script) && report.startsWith(parser.value(script) + QLatin1Char(':'));
    if (window.analysisFailed()) {
      fail(from_script ? report : QStringLiteral("%1 cannot be analysed: %2").arg(path, report));
      return kExitBadInput;
    }
    if (from_script) {
      fail(report);
      return window.lastRefusalIllegal() ? kExitRefused : kExitBadInput;
    }
    return 0;
  }
  window.show();
  return app.exec();
}
