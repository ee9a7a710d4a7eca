// SPDX-License-Identifier: Apache-2.0
// Every bundled sample (C and C++) through every target, as a new user
// would try them: the code is printed and built with the target's own
// toolchain (and run against the original where the target runs), or the
// target refuses with a message that names the construct and where it is
// (FILE:line:column).
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_process.h"

using namespace loopscape::testing;

namespace {

QStringList samples() {
  return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).entryList({QStringLiteral("*.c"), QStringLiteral("*.cpp")}, QDir::Files,
                                                          QDir::Name);
}

// Targets that print a whole program: verify builds it (and runs it where it can).
const QStringList kProgramTargets = {"openmp", "c", "mpi", "hls", "cuda", "halide"};
// Targets that print text to read: emit must succeed with something in it.
const QStringList kTextTargets = {"isl-ast", "tree", "halide-stmt", "halide-ptx"};

bool names_a_place(const std::string& message) {
  static const QRegularExpression place(QStringLiteral("[^\\s:]+\\.(c|cpp|h):\\d+:\\d+"));
  return place.match(QString::fromStdString(message)).hasMatch();
}

bool has_main(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) && QString::fromUtf8(f.readAll()).contains(QRegularExpression(QStringLiteral("\\bint\\s+main\\s*\\(")));
}

// "" when the target's own compiler builds the printed file into an object;
// its log otherwise. nvcc is the CUDA toolkit's (skipped where it is missing,
// as the runner does).
std::string compile_only(const QString& target, const QString& file) {
  QProcess compiler;
  QString program = QStringLiteral("g++");
  QStringList args = {"-x", "c++", "-Wno-unknown-pragmas", "-c", file, "-o", file + ".o"};
  if (target == "cuda") {
    program = QStringLiteral("/usr/local/cuda/bin/nvcc");
    if (!QFileInfo::exists(program)) return {};
    args = {"-x", "cu", "-w", "-c", file, "-o", file + ".o"};
  }
  compiler.start(program, args);
  if (!compiler.waitForFinished(300000)) return "the compiler did not finish";
  if (compiler.exitStatus() == QProcess::NormalExit && compiler.exitCode() == 0) return {};
  return (program + " " + args.join(' ') + "\n" + compiler.readAllStandardError()).toStdString();
}

}  // namespace

class TestTargetMatrix : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everySampleIsCovered() { QVERIFY(samples().size() >= 13); }

  void sampleThroughTarget_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("target");
    for (const QString& s : samples())
      for (const QStringList* list : {&kProgramTargets, &kTextTargets})
        for (const QString& t : *list) QTest::newRow(qPrintable(s + " " + t)) << s << t;
  }
  void sampleThroughTarget() {
    QFETCH(QString, sample);
    QFETCH(QString, target);
    const QString path = QStringLiteral(LOOPSCAPE_SAMPLES "/") + sample;
    QTemporaryDir scratch;
    const bool own_main = sample.endsWith(QStringLiteral(".c")) && has_main(path);
    const bool simulated = target == "hls" || target == "cuda";
    CliRun run;
    if (kProgramTargets.contains(target) && (own_main || !simulated)) {
      run = run_cli({"verify", path, "--target", target, "--ranks", "3"}, scratch.path());
      // 0: equal to the original; 5: built, not run (no CUDA device here).
      if (run.exit_code == 0 || (run.exit_code == 5 && (target == "cuda" || target == "halide"))) return;
    } else {
      // Printed code to build without running: HLS C++ and CUDA of a program
      // whose main is not in the file (the C++ programs), and the text targets.
      const QString out = scratch.filePath(target == "cuda" ? "out.cu" : target == "hls" ? "out.cpp" : "out.txt");
      run = run_cli({"emit", path, "--target", target, "-o", out}, scratch.path());
      if (run.exit_code == 0) {
        QFile printed(out);
        QVERIFY(printed.open(QIODevice::ReadOnly));
        QVERIFY2(printed.size() > 0, "the target printed nothing");
        if (simulated) {
          const std::string log = compile_only(target, out);
          QVERIFY2(log.empty(), log.c_str());
        }
        return;
      }
    }
    // A refusal before anything was built: never a build failure, a crash or
    // a difference (verify reports those on its own line), and it says where.
    const std::string said = run.out + run.err;
    QVERIFY2(run.exit_code == 2, said.c_str());
    QVERIFY2(run.out.find("--target " + target.toStdString() + ": ") == std::string::npos, said.c_str());
    QVERIFY2(names_a_place(said), said.c_str());
  }
};

QTEST_GUILESS_MAIN(TestTargetMatrix)
#include "test_target_matrix.moc"
