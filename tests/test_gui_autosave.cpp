// SPDX-License-Identifier: Apache-2.0
// No lost work: the real app, started as a child process on a sample with a
// script, autosaves its session; killed with SIGKILL mid-session, the next
// start finds the autosave, offers it (without a modal offscreen), restores it
// with --restore, and the restored window has the same history, options and
// undo. A session whose step no longer applies, or a truncated one, is
// refused and leaves the open session as it was.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "autosave.h"
#include "commands/command.h"
#include "lesson_view.h"
#include "lessons/lesson.h"
#include "main_window.h"
#include "session_file.h"

using namespace loopscape;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

const QStringList kCommands{QStringLiteral("S1.interchange(i, j)"),
                            QStringLiteral("S1.tile(j, i, 16, 16, j0, i0, j1, i1)")};

QStringList autosaves(const QString& dir) {
  QStringList out;
  for (const QFileInfo& f : QDir(dir).entryInfoList({QStringLiteral("autosave-*.json")}, QDir::Files))
    out << f.absoluteFilePath();
  return out;
}

// Waits until an autosave other than `except` holds `commands`; returns its path.
QString waitForAutosave(const QString& dir, const QStringList& commands, const QString& except = {},
                        int timeout_ms = 120000) {
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < timeout_ms) {
    for (const QString& path : autosaves(dir)) {
      if (path == except) continue;
      const std::optional<SessionData> s = readSessionFile(path, nullptr);
      if (s && s->commands == commands) return path;
    }
    QTest::qWait(100);
  }
  return {};
}

struct App {
  QProcess process;
  explicit App(const QString& data_dir, const QString& config_dir) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("LOOPSCAPE_DATA_DIR"), data_dir);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config_dir);
    process.setProcessEnvironment(env);
  }
  ~App() {
    if (process.state() != QProcess::NotRunning) {
      process.kill();
      process.waitForFinished();
    }
  }
  void killHard() {
    process.kill();  // SIGKILL: no destructor, no clean quit
    process.waitForFinished();
  }
};

bool write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

}  // namespace

class TestGuiAutosave : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    if (!find_command("interchange") || !find_command("tile")) QSKIP("interchange and tile are needed");
  }

  void killedAppIsOfferedAndRestored() {
    QTemporaryDir tmp;
    const QString data = tmp.filePath(QStringLiteral("data"));
    const QString config = tmp.filePath(QStringLiteral("config"));
    const QString script = tmp.filePath(QStringLiteral("s.ls"));
    QVERIFY(write(script, kCommands.join(QLatin1Char('\n')).toUtf8()));

    // 1. A session with two steps and a -D option, then SIGKILL.
    QString killed;
    {
      App app(data, config);
      app.process.start(QStringLiteral(LOOPSCAPE_APP),
                        {samplePath(QStringLiteral("matmul.c")), QStringLiteral("-DLOOPSCAPE_TEST=1"),
                         QStringLiteral("--script"), script});
      QVERIFY(app.process.waitForStarted());
      killed = waitForAutosave(data, kCommands);
      QVERIFY2(!killed.isEmpty(), app.process.readAllStandardError().constData());
      QCOMPARE(app.process.state(), QProcess::Running);  // mid-session
      app.killHard();
    }
    QVERIFY(QFile::exists(killed));

    // 2. Started again without a flag, offscreen: no modal; it says where the autosave is and keeps it.
    {
      App app(data, config);
      app.process.start(QStringLiteral(LOOPSCAPE_APP), {});
      QVERIFY(app.process.waitForStarted());
      QByteArray err;
      QElapsedTimer clock;
      clock.start();
      while (!err.contains("--restore") && clock.elapsed() < 60000) {
        app.process.waitForReadyRead(200);
        err += app.process.readAllStandardError();
      }
      QVERIFY2(err.contains(QFileInfo(killed).fileName().toUtf8()), err.constData());
      QCOMPARE(app.process.state(), QProcess::Running);
      app.killHard();
    }
    QVERIFY(QFile::exists(killed));

    // 3. --restore: the new window replays it and autosaves it as its own; the old one is gone.
    QString restored;
    {
      App app(data, config);
      app.process.start(QStringLiteral(LOOPSCAPE_APP), {QStringLiteral("--restore")});
      QVERIFY(app.process.waitForStarted());
      restored = waitForAutosave(data, kCommands, killed);
      QVERIFY2(!restored.isEmpty(), app.process.readAllStandardError().constData());
      QVERIFY(!QFile::exists(killed));
      const std::optional<SessionData> s = readSessionFile(restored, nullptr);
      QVERIFY(s);
      QCOMPARE(s->source, samplePath(QStringLiteral("matmul.c")));
      QCOMPARE(s->options.defines, std::vector<std::string>{"LOOPSCAPE_TEST=1"});
      app.killHard();  // killed again, mid-session
    }

    // 4. The same restore in this process: history, options, undo, and a clean quit removes it.
    {
      MainWindow window;
      window.enableAutosave(data);
      const QStringList orphans = window.autosave()->orphans();
      QCOMPARE(orphans, QStringList{restored});
      QString error;
      QVERIFY2(window.restoreAutosave(orphans.first(), &error), qPrintable(error));
      QVERIFY(window.waitForEngine());
      QVERIFY2(window.sessionError().isEmpty(), qPrintable(window.sessionError()));
      QCOMPARE(window.history(), kCommands);
      QCOMPARE(window.compileOptions().defines, std::vector<std::string>{"LOOPSCAPE_TEST=1"});
      QCOMPARE(window.currentFile()->path, samplePath(QStringLiteral("matmul.c")));
      QCOMPARE(window.undoStack()->count(), 2);
      window.undoStack()->undo();
      QVERIFY(window.waitForEngine());
      QCOMPARE(window.history(), kCommands.mid(0, 1));
      QVERIFY(!waitForAutosave(data, kCommands.mid(0, 1), {}, 5000).isEmpty());  // the undo is autosaved too
      QCOMPARE(autosaves(data), QStringList{window.autosave()->path()});
    }
    QVERIFY2(autosaves(data).isEmpty(), qPrintable(autosaves(data).join(QLatin1Char(' '))));
  }

  void runningWindowsAutosaveIsNotAnOrphan() {
    QTemporaryDir tmp;
    MainWindow first;
    first.enableAutosave(tmp.path());
    QVERIFY(first.openFile(samplePath(QStringLiteral("matmul.c"))));
    QVERIFY(first.waitForEngine());
    QVERIFY(QFile::exists(first.autosave()->path()));
    MainWindow second;
    second.enableAutosave(tmp.path());
    QVERIFY(second.autosave()->orphans().isEmpty());
  }

  void sessionWithAStepThatNoLongerAppliesIsRefusedWhole() {
    QTemporaryDir tmp;
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, kCommands.mid(0, 1)));
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.history(), kCommands.mid(0, 1));

    // seidel-2d: a legal shift, then an interchange that breaks its dependences.
    SessionData session;
    session.source = samplePath(QStringLiteral("seidel2d.c"));
    session.commands = {QStringLiteral("S0.shift(t, 1)"), QStringLiteral("S0.interchange(i, j)")};
    const QString path = tmp.filePath(QStringLiteral("edited.json"));
    QVERIFY(writeSessionFile(path, session, nullptr));
    QString error;
    QVERIFY2(window.openSession(path, &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    const QString why = window.sessionError();
    QVERIFY2(why.startsWith(path + QStringLiteral(":4:")), qPrintable(why));  // the second command's line
    QVERIFY2(why.contains(QStringLiteral("step 2 of 2")) && why.contains(QStringLiteral("illegal")), qPrintable(why));
    QVERIFY2(window.lastReport().contains(QStringLiteral("step 2 of 2")), qPrintable(window.lastReport()));
    // Nothing of it was taken: the open session, its file and its undo are as before.
    QCOMPARE(window.currentFile()->path, samplePath(QStringLiteral("matmul.c")));
    QCOMPARE(window.history(), kCommands.mid(0, 1));
    QCOMPARE(window.undoStack()->count(), 1);
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    QVERIFY(window.history().isEmpty());
    QVERIFY(window.snapshot());
    QCOMPARE(window.snapshot()->statements.size(), std::size_t(2));  // matmul's S0 and S1, not seidel's S0
  }

  void truncatedSessionIsRefusedAtOnce() {
    QTemporaryDir tmp;
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, kCommands));
    QVERIFY(window.waitForEngine());
    SessionData session;
    session.source = samplePath(QStringLiteral("jacobi2d.c"));
    session.commands = {QStringLiteral("S0.interchange(i, j)")};
    const QByteArray full = sessionToJson(session);
    const QString path = tmp.filePath(QStringLiteral("cut.json"));
    QVERIFY(write(path, full.left(full.size() / 2)));
    QString error;
    QVERIFY(!window.openSession(path, &error));
    QVERIFY2(error.startsWith(path + QLatin1Char(':')) && error.contains(QStringLiteral("truncated")), qPrintable(error));
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.history(), kCommands);
    QCOMPARE(window.currentFile()->path, samplePath(QStringLiteral("matmul.c")));

    // A session whose C file is gone is refused the same way.
    session.source = tmp.filePath(QStringLiteral("gone.c"));
    QVERIFY(writeSessionFile(path, session, nullptr));
    QVERIFY(!window.openSession(path, &error));
    QVERIFY2(error.contains(QStringLiteral("gone.c")), qPrintable(error));
    QCOMPARE(window.history(), kCommands);
  }

  void savedViewComesBack() {
    QTemporaryDir tmp;
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), nullptr, kCommands));
    QVERIFY(window.waitForEngine());
    SessionData session = *window.sessionData();
    session.view.zoom_steps = 2;
    session.view.step = 1;
    const QString path = tmp.filePath(QStringLiteral("view.json"));
    QVERIFY(writeSessionFile(path, session, nullptr));
    MainWindow other;
    QVERIFY(other.openSession(path));
    QVERIFY(other.waitForEngine());
    QCOMPARE(other.history(), kCommands);
    QCOMPARE(other.sessionData()->view.step, 1);
    QCOMPARE(other.sessionData()->view.zoom_steps, 2);
  }

  void lessonSessionComesBackWithItsLesson() {
    const QString lesson = QDir(QStringLiteral(LOOPSCAPE_SAMPLES "/../resources/lessons"))
                               .absoluteFilePath(QStringLiteral("10-tiling.md"));
    QVERIFY(QFile::exists(lesson));
    QTemporaryDir tmp;
    MainWindow window;
    QString error;
    QVERIFY2(window.openLesson(lesson, &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    const std::optional<SessionData> saved = window.sessionData();
    QVERIFY(saved);
    QCOMPARE(saved->lesson, lesson);
    const QString path = tmp.filePath(QStringLiteral("lesson.json"));
    QVERIFY(writeSessionFile(path, *saved, nullptr));
    MainWindow other;
    QVERIFY2(other.openSession(path, &error), qPrintable(error));
    QVERIFY(other.waitForEngine());
    auto* view = other.findChild<LessonView*>(QStringLiteral("lessonView"));
    QVERIFY(view && view->lesson());
    QCOMPARE(QString::fromStdString(view->lesson()->title),
             QString::fromStdString(read_lesson(lesson.toStdString()).title));
    QCOMPARE(other.currentFile()->path, window.currentFile()->path);
  }
};

QTEST_MAIN(TestGuiAutosave)
#include "test_gui_autosave.moc"
