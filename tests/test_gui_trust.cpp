// SPDX-License-Identifier: Apache-2.0
// Trust in the window (offscreen): code from a folder the user has not
// trusted runs only when the user says so (a C++ program, a session whose
// source is one, a lesson's checks that run its kernel); what it then does
// stays in the sandbox; the window answers while it runs; inputs carrying
// flags that run code are refused at their line and column.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lesson_view.h"
#include "main_window.h"
#include "text_files.h"
#include "run_consent_dialog.h"
#include "runner/sandbox.h"
#include "source_view.h"
#include "trust.h"
#include "trust_settings_dialog.h"

using namespace loopscape;

namespace {

// Answers every question with `answer` and keeps what was asked.
struct Prompt {
  explicit Prompt(TrustAnswer given = TrustAnswer::OpenWithoutRunning) : answer(given) {}
  TrustAnswer answer;
  QList<RunRequest> asked;
  void attach(MainWindow& window) {
    window.setTrustPrompt([this](const RunRequest& r) {
      asked << r;
      return answer;
    });
  }
};

}  // namespace

class TestGuiTrust : public QObject {
  Q_OBJECT

  QTemporaryDir downloads_;  // "a downloaded example": an untrusted folder
  QString program_;
  QString marker_;  // in the user's home, outside every sandbox's scratch

 private Q_SLOTS:
  void initTestCase() {
    qputenv("LOOPSCAPE_CPP_CACHE", QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("trust-cache")).toUtf8());
    program_ = downloads_.filePath(QStringLiteral("scale_sample.cpp"));
    QVERIFY(QFile::copy(QStringLiteral(LOOPSCAPE_TEST_DATA "/hostile/hostile_sample.cpp"), program_));
    marker_ = QDir(qEnvironmentVariable("HOME")).filePath(QStringLiteral("trust-marker"));
    qputenv("LOOPSCAPE_HOSTILE", ("write:" + marker_).toUtf8());
  }

  void init() {
    for (const QString& folder : trustedFolders()) untrustFolder(folder);
    set_sandbox_settings(SandboxSettings{});
    QFile::remove(marker_);
  }

  void declinedProgramIsShownAndNothingRuns() {
    set_sandbox_settings(SandboxSettings{.enabled = false});  // nothing would stop it: it must not start at all
    MainWindow window;
    Prompt prompt;
    prompt.attach(window);
    QString error;
    QVERIFY2(window.openFile(program_, &error), qPrintable(error));
    QCOMPARE(prompt.asked.size(), 1);
    const RunRequest& asked = prompt.asked.front();
    QCOMPARE(QFileInfo(asked.file), QFileInfo(program_));
    QVERIFY2(asked.commands.join(QLatin1Char(' ')).contains(QStringLiteral("scale_sample.cpp")), qPrintable(asked.commands.join(' ')));
    QVERIFY(asked.action.contains(QStringLiteral("run")));
    QVERIFY(window.waitForEngine(30000));
    QVERIFY(!window.snapshot());
    QVERIFY2(window.lastReport().contains(QStringLiteral("Nothing from")), qPrintable(window.lastReport()));
    QCOMPARE(window.findChild<SourceView*>(QStringLiteral("sourceView"))->toPlainText(), readText(program_));
    QVERIFY(!QFileInfo::exists(marker_));
    auto* run = window.findChild<QPushButton*>(QStringLiteral("runDeclinedButton"));
    QVERIFY(run && !run->isHidden());

    // Asked again from the button, and let run once: it runs, in the sandbox.
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    set_sandbox_settings(SandboxSettings{});
    prompt.answer = TrustAnswer::RunOnce;
    run->click();
    QCOMPARE(prompt.asked.size(), 2);
    QVERIFY(window.waitForEngine(120000));
    QVERIFY2(window.snapshot(), qPrintable(window.lastReport()));
    QVERIFY(run->isHidden());
    QVERIFY(!QFileInfo::exists(marker_));
    QVERIFY(trustedFolders().isEmpty());  // once is once
    QVERIFY(window.openFile(program_, &error));
    QCOMPARE(prompt.asked.size(), 3);
    QVERIFY(window.waitForEngine(120000));
  }

  // The question itself: what will run, in what sandbox; Enter opens without running.
  void theQuestionSaysWhatWillRun() {
    MainWindow window;
    RunRequest asked;
    window.setTrustPrompt([&](const RunRequest& r) {
      asked = r;
      return TrustAnswer::OpenWithoutRunning;
    });
    QString error;
    QVERIFY(window.openFile(program_, &error));
    RunConsentDialog dialog(asked);
    dialog.resize(640, 330);
    dialog.show();
    auto* commands = dialog.findChild<QPlainTextEdit*>(QStringLiteral("runConsentCommands"));
    QVERIFY(commands->toPlainText().contains(QStringLiteral("scale_sample.cpp")));
    QVERIFY(commands->toPlainText().contains(QStringLiteral("./scale_sample")));
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("runConsentSandbox"))->text().contains(QStringLiteral("CPU")));
    auto* without = dialog.findChild<QPushButton*>(QStringLiteral("openWithoutRunningButton"));
    QVERIFY(without->isDefault());
    QVERIFY(dialog.grab().save(QDir::current().absoluteFilePath(QStringLiteral("run_consent.png"))));
    dialog.findChild<QPushButton*>(QStringLiteral("trustFolderButton"))->click();
    QCOMPARE(dialog.answer(), TrustAnswer::TrustFolder);
    QVERIFY(window.renderImage(QSize(1400, 860)).save(QDir::current().absoluteFilePath(QStringLiteral("opened_without_running.png"))));
  }

  void trustedFolderIsRememberedAndRemovable() {
    MainWindow window;
    Prompt prompt{TrustAnswer::TrustFolder};
    prompt.attach(window);
    QString error;
    QVERIFY(window.openFile(program_, &error));
    QVERIFY(window.waitForEngine(120000));
    QCOMPARE(prompt.asked.size(), 1);
    QCOMPARE(trustedFolders(), QStringList{QFileInfo(downloads_.path()).canonicalFilePath()});
    QVERIFY(window.openFile(program_, &error));
    QVERIFY(window.waitForEngine(120000));
    QCOMPARE(prompt.asked.size(), 1);  // not asked again
    if (sandbox_availability().available) QVERIFY(!QFileInfo::exists(marker_));  // trusted still runs sandboxed

    TrustSettingsDialog settings;
    auto* list = settings.findChild<QListWidget*>(QStringLiteral("trustedFolders"));
    QCOMPARE(list->count(), 1);
    list->setCurrentRow(0);
    settings.findChild<QPushButton*>(QStringLiteral("removeTrustedFolder"))->click();
    QCOMPARE(list->count(), 0);
    QVERIFY(trustedFolders().isEmpty());
    prompt.answer = TrustAnswer::OpenWithoutRunning;
    QVERIFY(window.openFile(program_, &error));
    QCOMPARE(prompt.asked.size(), 2);
  }

  void bundledProgramsAreTrusted() {
    MainWindow window;
    Prompt prompt;
    prompt.attach(window);
    QString error;
    QVERIFY(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/tiramisu_gemm.cpp"), &error));
    QVERIFY(window.waitForEngine(120000));
    QVERIFY(prompt.asked.isEmpty());
    QVERIFY2(window.snapshot(), qPrintable(window.lastReport()));
  }

  void sessionOfAProgramAsksFirst() {
    const QString session = downloads_.filePath(QStringLiteral("scale.loopscape.json"));
    QVERIFY(writeText(session, QStringLiteral("{\n  \"format\": \"loopscape-session\",\n  \"version\": 1,\n"
                                              "  \"source\": \"scale_sample.cpp\",\n  \"commands\": []\n}\n")));
    set_sandbox_settings(SandboxSettings{.enabled = false});
    MainWindow window;
    Prompt prompt;
    prompt.attach(window);
    QString error;
    QVERIFY2(window.openSession(session, &error), qPrintable(error));
    QCOMPARE(prompt.asked.size(), 1);
    QVERIFY(prompt.asked.front().action.contains(QStringLiteral("session")));
    QVERIFY(window.waitForEngine(30000));
    QVERIFY(!window.snapshot());
    QVERIFY(!QFileInfo::exists(marker_));
  }

  void anEndlessProgramLeavesTheWindowResponsive() {
    qputenv("LOOPSCAPE_HOSTILE", "spin");
    MainWindow window;
    window.show();
    Prompt prompt{TrustAnswer::RunOnce};
    prompt.attach(window);
    QElapsedTimer timer;
    timer.start();
    QString error;
    QVERIFY(window.openFile(program_, &error));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
    // The window handles events while the program spins.
    bool ticked = false;
    QTimer::singleShot(200, this, [&] { ticked = true; });
    QTRY_VERIFY_WITH_TIMEOUT(ticked, 3000);
    QTRY_VERIFY_WITH_TIMEOUT(window.worker()->busy(), 3000);
    auto* stop = window.findChild<QPushButton*>(QStringLiteral("stopBuildButton"));
    QVERIFY(stop && !stop->isHidden());
    QTest::qWait(1500);  // built (cached) and running by now, or still building: stop works on both
    stop->click();
    QVERIFY(window.waitForEngine(30000));
    QVERIFY2(window.lastReport().contains(QStringLiteral("cancelled")), qPrintable(window.lastReport()));
    qputenv("LOOPSCAPE_HOSTILE", ("write:" + marker_).toUtf8());
  }

  // A memory bomb and a connection attempt, let run once in the window: the
  // limit stops the one and the user reads why; the other reaches nobody.
  void aMemoryBombIsStoppedAndSaidInTheWindow() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    set_sandbox_settings(SandboxSettings{.memory_bytes = 256ull << 20});
    qputenv("LOOPSCAPE_HOSTILE", "eat");
    MainWindow window;
    Prompt prompt{TrustAnswer::RunOnce};
    prompt.attach(window);
    QString error;
    QVERIFY(window.openFile(program_, &error));
    QVERIFY(window.waitForEngine(120000));
    QVERIFY(window.analysisFailed());
    QVERIFY2(window.lastReport().contains(QStringLiteral("memory refused after")), qPrintable(window.lastReport()));

    const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QVERIFY(bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    QVERIFY(listen(listener, 4) == 0);
    socklen_t size = sizeof address;
    getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size);
    qputenv("LOOPSCAPE_HOSTILE", QByteArray("connect:") + QByteArray::number(ntohs(address.sin_port)));
    QVERIFY(window.openFile(program_, &error));
    QVERIFY(window.waitForEngine(120000));
    QVERIFY2(window.snapshot(), qPrintable(window.lastReport()));
    QVERIFY(accept(listener, nullptr, nullptr) < 0);  // nobody came
    close(listener);
    qputenv("LOOPSCAPE_HOSTILE", ("write:" + marker_).toUtf8());
  }

  void lessonChecksThatRunCodeAskFirst() {
    const QString kernel = downloads_.filePath(QStringLiteral("kernel.c"));
    QVERIFY(QFile::copy(QStringLiteral(LOOPSCAPE_SAMPLES "/mvt.c"), kernel));
    const QString lesson = downloads_.filePath(QStringLiteral("shared.md"));
    QVERIFY(writeText(lesson, QStringLiteral("---\ntitle: Shared exercise\nkernel: kernel.c\n---\n# Shared\n\n"
                                             "## Exercise: Keep the results\n\nDo nothing.\n\n"
                                             "check: legal\ncheck: same-results\n")));
    MainWindow window;
    Prompt prompt;
    prompt.attach(window);
    QString error;
    QVERIFY2(window.openLesson(lesson, &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    QVERIFY(prompt.asked.isEmpty());  // opening a C kernel runs nothing
    auto* view = window.findChild<LessonView*>(QStringLiteral("lessonView"));
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QCOMPARE(prompt.asked.size(), 1);
    QVERIFY(prompt.asked.front().action.contains(QStringLiteral("kernel.c")));
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("not checked")));

    prompt.answer = TrustAnswer::RunOnce;
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QCOMPARE(prompt.asked.size(), 2);
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY_WITH_TIMEOUT(view->outcomeText().startsWith(QStringLiteral("\u2714 Done")), 120000);
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QCOMPARE(prompt.asked.size(), 2);  // this lesson, this session: asked once
  }

  void sessionFlagsThatRunCodeAreRefusedAtTheirPlace() {
    const QString session = downloads_.filePath(QStringLiteral("flags.loopscape.json"));
    QVERIFY(writeText(session, QStringLiteral("{\n  \"format\": \"loopscape-session\",\n  \"version\": 1,\n"
                                              "  \"source\": \"%1\",\n  \"compiler_options\": {\n"
                                              "    \"defines\": [\"N=4\", \"-fplugin=/tmp/evil.so\"]\n  },\n"
                                              "  \"commands\": []\n}\n")
                                   .arg(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"))));
    MainWindow window;
    QString error;
    QVERIFY(!window.openSession(session, &error));
    QVERIFY2(error.contains(session + QStringLiteral(":6:")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("plugin")), qPrintable(error));
  }

  void compileCommandsWithAPluginAreNotUsed() {
    QTemporaryDir project;
    const QString kernel = project.filePath(QStringLiteral("matmul.c"));
    QVERIFY(QFile::copy(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"), kernel));
    QVERIFY(writeText(project.filePath(QStringLiteral("compile_commands.json")),
                      QStringLiteral("[\n  {\n    \"directory\": \"%1\",\n    \"file\": \"matmul.c\",\n"
                                     "    \"arguments\": [\"cc\", \"-DN=8\", \"-fplugin=./evil.so\", \"-c\", \"matmul.c\"]\n"
                                     "  }\n]\n").arg(project.path())));
    MainWindow window;
    QString error;
    QVERIFY(window.openFile(kernel, &error));
    QVERIFY(window.waitForEngine());
    QVERIFY2(window.lastReport().contains(QStringLiteral("compile_commands.json:5:35: '-fplugin=./evil.so' loads a compiler plugin")),
             qPrintable(window.lastReport()));
    QVERIFY(window.compileOptions().defines.empty());  // the entry is not used at all
    QVERIFY(window.snapshot());                        // the file itself opens
  }
};

QTEST_MAIN(TestGuiTrust)
#include "test_gui_trust.moc"
