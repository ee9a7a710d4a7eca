// SPDX-License-Identifier: Apache-2.0
// The C++ export round trip: install the engine as a CMake package into a
// temporary prefix, export sessions as C++ programs, build them OUT OF TREE
// against find_package(Loopscape), run them, and compare what they print with
// `loopscape-cli emit` byte for byte.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include "cli_process.h"

using namespace loopscape::testing;

namespace {

struct Run {
  int exit_code = -1;
  std::string out;
  std::string err;
};

Run run(const QString& program, const QStringList& args, const QString& cwd = {}, int timeout_ms = 300000) {
  QProcess p;
  if (!cwd.isEmpty()) p.setWorkingDirectory(cwd);
  p.start(program, args);
  Run r;
  if (!p.waitForFinished(timeout_ms)) {
    p.kill();
    p.waitForFinished();
    r.err = program.toStdString() + " did not finish in time";
    return r;
  }
  r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = p.readAllStandardOutput().toStdString();
  r.err = p.readAllStandardError().toStdString();
  return r;
}

bool write(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

const QString kCMake = QStringLiteral(LOOPSCAPE_CMAKE_COMMAND);

// One exported session: the CLI's arguments for emit/export.
struct Case {
  QString name;  // executable name
  QString script;
  QStringList args;  // FILE.c, options
  QString target;
};

}  // namespace

class TestExportRoundtrip : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void exportedProgramsPrintWhatEmitPrints() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString prefix = tmp.filePath("prefix");
    const QString app = tmp.filePath("app");
    QVERIFY(QDir().mkpath(app));

    // 1. Install the engine (the component only: headers, library, package files).
    const Run install = run(kCMake, {"--install", QStringLiteral(LOOPSCAPE_BUILD_DIR), "--component",
                                     "Loopscape_engine", "--prefix", prefix});
    QVERIFY2(install.exit_code == 0, (install.out + install.err).c_str());
    QVERIFY(QFile::exists(prefix + "/lib/cmake/Loopscape/LoopscapeConfig.cmake"));
    QVERIFY(QFile::exists(prefix + "/include/loopscape/api/loopscape.h"));

    // 2. Export two sessions: a tiled product for openmp, and -D + the tree target.
    QVERIFY(write(app + "/tile.ls", "# tile the product\nS1.tile(i, j, 16, 16, i0, j0, i1, j1)\n"));
    QVERIFY(write(app + "/jacobi.ls", "S0.tile(i, j, 8, 8, i0, j0, i1, j1)\n"));
    QVERIFY(write(app + "/seidel.ls", "S0.skew(i, j, 1)\nS0.tile(i, j, 16, 16, i0, j0, i1, j1)\n"));
    const QList<Case> cases{
        {"replay_matmul", app + "/tile.ls", {QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c")}, "openmp"},
        {"replay_jacobi",
         app + "/jacobi.ls",
         {QStringLiteral(LOOPSCAPE_SAMPLES "/jacobi2d.c"), "-DN=50", "-I", QStringLiteral(LOOPSCAPE_SAMPLES)},
         "tree"},
        {"replay_seidel", app + "/seidel.ls", {QStringLiteral(LOOPSCAPE_SAMPLES "/seidel2d.c")}, "isl-ast"},
    };
    QString cmake = "cmake_minimum_required(VERSION 3.25)\nproject(replay LANGUAGES C CXX)\n"
                    "find_package(Loopscape REQUIRED)\n";
    for (const Case& c : cases) {
      const CliRun exported = run_cli(QStringList{"export"} + c.args +
                                      QStringList{"--script", c.script, "--target", c.target, "-o",
                                                  app + "/" + c.name + ".cpp"});
      QVERIFY2(exported.exit_code == 0, exported.err.c_str());
      cmake += "add_executable(" + c.name + " " + c.name + ".cpp)\n" + "target_link_libraries(" + c.name +
               " PRIVATE Loopscape::engine)\n";
    }
    QVERIFY(write(app + "/CMakeLists.txt", cmake.toUtf8()));

    // 3. Build them out of tree against the prefix only.
    const Run configure = run(kCMake, {"-S", app, "-B", app + "/build", "-DCMAKE_PREFIX_PATH=" + prefix,
                                       "-DCMAKE_BUILD_TYPE=Release",
                                       QStringLiteral("-DCMAKE_CXX_COMPILER=" LOOPSCAPE_CXX_COMPILER),
                                       QStringLiteral("-DCMAKE_C_COMPILER=" LOOPSCAPE_C_COMPILER)});
    QVERIFY2(configure.exit_code == 0, (configure.out + configure.err).c_str());
    const Run build = run(kCMake, {"--build", app + "/build", "--parallel", "2"});
    QVERIFY2(build.exit_code == 0, (build.out + build.err).c_str());

    // 4. Run them: identical bytes to emit.
    for (const Case& c : cases) {
      const Run replay = run(app + "/build/" + c.name, {}, tmp.path());
      QVERIFY2(replay.exit_code == 0, replay.err.c_str());
      const CliRun emitted = run_cli(QStringList{"emit"} + c.args + QStringList{"--script", c.script, "--target", c.target});
      QCOMPARE(emitted.exit_code, 0);
      QVERIFY(!replay.out.empty());
      QCOMPARE(replay.out, emitted.out);
    }

    // 5. The exported executable binds isl to libisl itself (engine notes §7).
    const Run readelf = run("readelf", {"-d", app + "/build/replay_matmul"});
    if (readelf.exit_code == 0) {
      // The sanitizers' runtimes (the asan preset) must come before everything.
      auto first = readelf.out.find("(NEEDED)");
      while (first != std::string::npos && (readelf.out.find("libasan", first) < readelf.out.find('\n', first) ||
                                            readelf.out.find("libubsan", first) < readelf.out.find('\n', first)))
        first = readelf.out.find("(NEEDED)", first + 1);
      QVERIFY2(first != std::string::npos && readelf.out.find("libisl", first) < readelf.out.find('\n', first),
               readelf.out.c_str());
    }
  }
};

QTEST_GUILESS_MAIN(TestExportRoundtrip)
#include "test_export_roundtrip.moc"
