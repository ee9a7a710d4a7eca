// SPDX-License-Identifier: Apache-2.0
// The sandbox every program runs in (runner/sandbox.h), and inputs whose
// flags would make a compiler run code (support/code_running_flags.h).
// Hostile programs try to write outside their scratch folder, to connect to
// a port this test listens on, to loop forever and to eat the memory: in the
// engine, through loopscape-cli (a C++ program opened, verify of a C file
// with its own main), and with the sandbox off to show the probes work.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "lessons/lesson.h"
#include "runner/process.h"
#include "runner/sandbox.h"
#include "model/code_running_flags.h"
#include "support/error.h"

using namespace loopscape;
namespace fs = std::filesystem;

namespace {

const QString kHostile = QStringLiteral(LOOPSCAPE_TEST_DATA "/hostile/");

// A probe program: write PATH, connect PORT, spin, eat.
const char* kProbe = R"(#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argc < 3) return 2;
  if (!strcmp(argv[1], "write")) { FILE *f = fopen(argv[2], "w"); if (!f) return 1; fclose(f); return 0; }
  if (!strcmp(argv[1], "connect")) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a; memset(&a, 0, sizeof a);
    a.sin_family = AF_INET; a.sin_port = htons(atoi(argv[2])); inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    return connect(s, (struct sockaddr *)&a, sizeof a) == 0 ? 0 : 1;
  }
  if (!strcmp(argv[1], "unix")) {
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (s < 0) return 1;
    struct sockaddr_un a; memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX; strncpy(a.sun_path, argv[2], sizeof a.sun_path - 1);
    return connect(s, (struct sockaddr *)&a, sizeof a) == 0 ? 0 : 1;
  }
  if (!strcmp(argv[1], "read")) { FILE *f = fopen(argv[2], "r"); if (!f) return 1; fclose(f); return 0; }
  if (!strcmp(argv[1], "fd")) return write(atoi(argv[2]), "x", 1) == 1 ? 0 : 1;
  if (!strcmp(argv[1], "spin")) for (volatile unsigned long k = 0;; k = k + 1) {}
  if (!strcmp(argv[1], "eat")) for (size_t mib = 0;; mib += 64) {
    char *block = malloc(64 << 20);
    if (!block) { fprintf(stderr, "refused after %zu MiB\n", mib); return 3; }
    memset(block, 1, 64 << 20);
  }
  return 2;
})";

// A port on 127.0.0.1 that accepts connections; connections() counts them.
class Listener {
 public:
  Listener() {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    listen(fd_, 8);
    socklen_t size = sizeof a;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &size);
    port_ = ntohs(a.sin_port);
  }
  ~Listener() { close(fd_); }
  int port() const { return port_; }
  int connections() {
    int n = 0;
    for (int c; (c = accept(fd_, nullptr, nullptr)) >= 0; ++n) close(c);
    return n;
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

struct Cli {
  int exit_code = -1;
  QString out, err;
};

Cli runCli(const QStringList& args, const QString& hostile) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("LOOPSCAPE_HOSTILE"), hostile);
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(LOOPSCAPE_CLI), args);
  p.waitForFinished(300000);
  return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestSandbox : public QObject {
  Q_OBJECT

  QTemporaryDir scratch_;  // the probe's folder
  std::string probe_;
  std::string outside_;    // a folder of the user's (the test's home): read-only in the sandbox

  ProcessResult runProbe(const std::vector<std::string>& args, double timeout = 60) {
    ProcessSpec spec;
    spec.argv = {probe_};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout_seconds = timeout;
    spec.stderr_path = (fs::path(scratch_.path().toStdString()) / "probe.err").string();
    spec.confinement = Confinement{{scratch_.path().toStdString()}, false};
    return run_process(spec);
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(scratch_.isValid());
    probe_ = scratch_.filePath(QStringLiteral("probe")).toStdString();
    const std::string source = scratch_.filePath(QStringLiteral("probe.c")).toStdString();
    std::ofstream(source) << kProbe;
    ProcessSpec build;
    build.argv = {"gcc", "-O1", source, "-o", probe_};
    QVERIFY(run_process(build).succeeded());
    outside_ = (fs::path(qEnvironmentVariable("HOME").toStdString()) / "sandbox-outside").string();
    fs::create_directories(outside_);
    qInfo("programs run %s", describe_sandbox().c_str());
  }

  void init() { set_sandbox_settings(SandboxSettings{}); }

  void flagsThatRunCodeAreRecognised() {
    for (const char* flag : {"-fplugin=/tmp/x.so", "-fplugin-arg-x-y", "-B/tmp/tools", "-B", "--driver-mode=cl",
                             "-specs=/tmp/x.specs", "-wrapper", "-Xclang", "-Wl,-plugin=/tmp/x.so",
                             "-fuse-ld=/tmp/ld", "-load", "-iplugindir=/tmp"})
      QVERIFY2(!flag_runs_code(flag).empty(), flag);
    for (const char* flag : {"-O2", "-DN=4", "-I/usr/include", "-fopenmp", "N=100", "-std=c99", "/tmp/x.c"})
      QVERIFY2(flag_runs_code(flag).empty(), flag);
    const std::string response = scratch_.filePath(QStringLiteral("flags.rsp")).toStdString();
    std::ofstream(response) << "-O2 -DN=4\n  -I/usr/include \"-fplugin=/tmp/evil.so\"\n";
    unsigned line = 0, column = 0;
    const std::string why = response_file_runs_code(response, &line, &column);
    QVERIFY2(why.find("plugin") != std::string::npos, why.c_str());
    QCOMPARE(line, 2u);
    QCOMPARE(column, 18u);
    std::ofstream(response) << "-O2 -DN=4\n";
    QVERIFY(response_file_runs_code(response, &line, &column).empty());
    QVERIFY(!response_file_runs_code(response + ".missing", &line, &column).empty());  // unknown: refused
  }

  void optionsThatCarryFlagsAreRefused() {
    CompileOptions safe;
    safe.defines = {"N=4"};
    safe.include_dirs = {"/usr/include"};
    safe.extra_sources = {"utilities/polybench.c"};
    refuse_code_running_options(safe, {"x.cpp", 0, 0});
    for (auto broken : {CompileOptions{{"-B/tmp"}, {}, {}, {}}, CompileOptions{{}, {"-fplugin=/tmp/x.so"}, {}, {}},
                        CompileOptions{{}, {}, {"-fplugin=/tmp/x.so"}, {}}, CompileOptions{{}, {}, {"@flags"}, {}}}) {
      try {
        refuse_code_running_options(broken, {"x.cpp", 0, 0});
        QFAIL("accepted");
      } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("not flags that run code") != std::string::npos, e.what());
      }
    }
  }

  void lessonDefinesThatRunCodeAreRefusedAtTheirPlace() {
    const std::string text = "---\ntitle: T\nkernel: k.c\ndefines: N=4 -fplugin=/tmp/evil.so\n---\n# T\n";
    try {
      parse_lesson(text, "evil.md");
      QFAIL("accepted");
    } catch (const InputError& e) {
      QCOMPARE(e.where().line, 4u);
      QCOMPARE(e.where().column, 14u);
      QVERIFY2(std::string(e.what()).find("plugin") != std::string::npos, e.what());
    }
  }

  void lessonDefinesThatAreNoMacrosAreRefusedAtTheirPlace() {
    try {
      parse_lesson("---\ntitle: T\nkernel: k.c\ndefines: N=4 @/tmp/flags.rsp\n---\n# T\n", "odd.md");
      QFAIL("accepted");
    } catch (const InputError& e) {
      QCOMPARE(e.where().file, std::string("odd.md"));
      QCOMPARE(e.where().line, 4u);
      QCOMPARE(e.where().column, 14u);
      QVERIFY2(std::string(e.what()).find("not a macro definition") != std::string::npos, e.what());
    }
    QVERIFY(malformed_define("N").empty());
    QVERIFY(malformed_define("N=4").empty());
    QVERIFY(malformed_define("MAX(a,b)=((a)>(b)?(a):(b))").empty());
    QVERIFY(!malformed_define("-fplugin=x.so").empty());
    QVERIFY(!malformed_define("4N=1").empty());
  }

  void aProgramWritesOnlyInItsScratchFolder() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    const std::string outside = (fs::path(outside_) / "written").string();
    const std::string inside = scratch_.filePath(QStringLiteral("written")).toStdString();
    QVERIFY(!runProbe({"write", outside}).succeeded());
    QVERIFY(!fs::exists(outside));
    QVERIFY(!runProbe({"write", "/tmp/loopscape-sandbox-escape"}).succeeded());  // /tmp is read-only too
    QVERIFY(!fs::exists("/tmp/loopscape-sandbox-escape"));
    QVERIFY(runProbe({"write", inside}).succeeded());
    // Input files stay readable, in the home and in /tmp alike.
    QTemporaryDir elsewhere;
    const std::string input = elsewhere.filePath(QStringLiteral("input.c")).toStdString();
    std::ofstream(input) << "int x;\n";
    QVERIFY(runProbe({"read", input}).succeeded());
    QVERIFY(fs::exists(inside));
    // Turned off, the same program writes there: the probe can tell.
    set_sandbox_settings(SandboxSettings{.enabled = false});
    QVERIFY(runProbe({"write", outside}).succeeded());
    QVERIFY(fs::exists(outside));
    fs::remove(outside);
  }

  void aProgramCannotConnect() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    Listener listener;
    QVERIFY(!runProbe({"connect", std::to_string(listener.port())}).succeeded());
    QCOMPARE(listener.connections(), 0);
    set_sandbox_settings(SandboxSettings{.enabled = false});
    QVERIFY(runProbe({"connect", std::to_string(listener.port())}).succeeded());
    QCOMPARE(listener.connections(), 1);
  }

  // An agent's socket in the user's home: read-only files do not stop a
  // connect(), the sandbox's seccomp filter does.
  void aProgramCannotReachASocketInTheHome() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    if (!sandbox_availability().socket_filter) QSKIP("the seccomp filter cannot load here");
    const std::string path = (fs::path(outside_) / "agent.sock").string();
    fs::remove(path);
    const int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    QVERIFY(bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    QVERIFY(listen(listener, 4) == 0);
    QVERIFY(!runProbe({"unix", path}).succeeded());
    QVERIFY(accept(listener, nullptr, nullptr) < 0);
    set_sandbox_settings(SandboxSettings{.enabled = false});
    QVERIFY(runProbe({"unix", path}).succeeded());
    const int accepted = accept(listener, nullptr, nullptr);
    QVERIFY(accepted >= 0);
    close(accepted);
    close(listener);
    fs::remove(path);
  }

  // A descriptor the launching process holds (inherited from a terminal or
  // an IDE, or opened without O_CLOEXEC) does not pass into the program.
  void inheritedDescriptorsDoNotReachTheProgram() {
    const std::string path = (fs::path(outside_) / "inherited.log").string();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);  // no O_CLOEXEC
    QVERIFY(fd >= 0);
    for (const bool enabled : {true, false}) {
      set_sandbox_settings(SandboxSettings{.enabled = enabled});
      QVERIFY(!runProbe({"fd", std::to_string(fd)}).succeeded());
    }
    close(fd);
    QCOMPARE(fs::file_size(path), std::uintmax_t{0});
    fs::remove(path);
  }

  void limitsStopEndlessLoopsAndMemoryBombs() {
    // The limits hold with and without bubblewrap.
    for (const bool enabled : {true, false}) {
      set_sandbox_settings(SandboxSettings{.enabled = enabled, .cpu_seconds = 1, .memory_bytes = 256ull << 20});
      const ProcessResult spin = runProbe({"spin", "-"}, 60);
      QVERIFY(!spin.succeeded());
      QVERIFY2(!spin.timed_out, "the CPU limit, not the wall-clock timeout, stops it");
      QVERIFY2(spin.describe().find("CPU-time limit (1 s)") != std::string::npos, spin.describe().c_str());
      const ProcessResult eat = runProbe({"eat", "-"}, 60);
      QCOMPARE(eat.exit_code, 3);
      QVERIFY(read_file_text(scratch_.filePath(QStringLiteral("probe.err")).toStdString()).find("refused after") !=
              std::string::npos);
    }
    // The wall clock still kills a program that waits without spending CPU.
    ProcessSpec sleeper;
    sleeper.argv = {"sleep", "30"};
    sleeper.timeout_seconds = 0.5;
    sleeper.confinement = Confinement{{scratch_.path().toStdString()}, false};
    QVERIFY(run_process(sleeper).timed_out);
  }

  void theUnsandboxedCaseIsSaidOnce() {
    set_sandbox_settings(SandboxSettings{.enabled = false});
    const std::string notice = take_sandbox_notice();
    QVERIFY2(notice.find("turned off") != std::string::npos, notice.c_str());
    QVERIFY(take_sandbox_notice().empty());
    QVERIFY(describe_sandbox().find("not sandboxed") != std::string::npos);
  }

  // loopscape-cli opens a C++ program as it is told, in the sandbox.
  void cliOpensAHostileProgramInTheSandbox() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    const QString program = kHostile + QStringLiteral("hostile_sample.cpp");
    const QString marker = QString::fromStdString((fs::path(outside_) / "cli-marker").string());
    Cli run = runCli({QStringLiteral("info"), program}, QStringLiteral("write:") + marker);
    QVERIFY2(run.exit_code == 0, qPrintable(run.err));
    QVERIFY(run.out.contains(QStringLiteral("b[i]")) || run.out.contains(QStringLiteral("b[")));
    QVERIFY(!QFileInfo::exists(marker));

    Listener listener;
    run = runCli({QStringLiteral("info"), program}, QStringLiteral("connect:%1").arg(listener.port()));
    QVERIFY2(run.exit_code == 0, qPrintable(run.err));
    QCOMPARE(listener.connections(), 0);

    run = runCli({QStringLiteral("info"), QStringLiteral("--cpu-limit"), QStringLiteral("2"), program}, QStringLiteral("spin"));
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(run.err.contains(QStringLiteral("CPU-time limit (2 s)")), qPrintable(run.err));
    run = runCli({QStringLiteral("info"), QStringLiteral("--memory-limit"), QStringLiteral("256"), program}, QStringLiteral("eat"));
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(run.err.contains(QStringLiteral("memory refused after")), qPrintable(run.err));

    // --no-sandbox says so, and the program then does reach the file.
    run = runCli({QStringLiteral("info"), QStringLiteral("--no-sandbox"), program}, QStringLiteral("write:") + marker);
    QVERIFY2(run.exit_code == 0, qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("The sandbox is turned off")), qPrintable(run.err));
    QVERIFY(QFileInfo::exists(marker));
    QFile::remove(marker);
  }

  // Without bubblewrap (missing, or not permitted): said once, and the limits still hold.
  void withoutBubblewrapTheLimitsHoldAndItIsSaid() {
    const QString program = kHostile + QStringLiteral("hostile_sample.cpp");
    for (const char* bwrap : {"/nonexistent/bwrap", "/bin/false"}) {
      QProcess p;
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert(QStringLiteral("LOOPSCAPE_BWRAP"), QString::fromLatin1(bwrap));
      env.insert(QStringLiteral("LOOPSCAPE_HOSTILE"), QStringLiteral("spin"));
      p.setProcessEnvironment(env);
      p.start(QStringLiteral(LOOPSCAPE_CLI), {QStringLiteral("info"), QStringLiteral("--cpu-limit"), QStringLiteral("1"), program});
      QVERIFY(p.waitForFinished(300000));
      const QString err = QString::fromUtf8(p.readAllStandardError());
      QCOMPARE(p.exitCode(), 2);
      QCOMPARE(err.count(QStringLiteral("Programs run without a sandbox")), 1);
      QVERIFY2(err.contains(QLatin1String(std::string(bwrap) == "/bin/false" ? "cannot make a sandbox here"
                                                                            : "LOOPSCAPE_BWRAP names no program")),
               qPrintable(err));
      QVERIFY2(err.contains(QStringLiteral("CPU-time limit (1 s)")), qPrintable(err));
    }
  }

  // verify runs both sides (the file's own main included) in the sandbox.
  void verifyRunsBothSidesInTheSandbox() {
    if (!sandbox_availability().available) QSKIP(sandbox_availability().reason.c_str());
    const QString marker = QString::fromStdString((fs::path(outside_) / "verify-marker").string());
    const Cli run = runCli({QStringLiteral("verify"), kHostile + QStringLiteral("own_main_writes.c")},
                           QStringLiteral("write:") + marker);
    QVERIFY2(run.exit_code == 0, qPrintable(run.out + run.err));
    QVERIFY(run.out.contains(QStringLiteral("Same results")));
    QVERIFY(!QFileInfo::exists(marker));
  }
};

QTEST_MAIN(TestSandbox)
#include "test_sandbox.moc"
