// SPDX-License-Identifier: Apache-2.0
// Every bundled sample is a complete C program: it has its description line and
// a scop region, compiles with gcc -O2 -fopenmp -lm, runs, and prints the same
// checksums on every run.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QStringList kExpectedSamples = {
    QStringLiteral("matmul.c"),   QStringLiteral("image_pipeline.c"), QStringLiteral("mvt.c"),
    QStringLiteral("jacobi2d.c"), QStringLiteral("seidel2d.c"),       QStringLiteral("lu.c"),
    QStringLiteral("stencil_if.c"), QStringLiteral("outer_sincos.c"), QStringLiteral("conditional_update.c"),
    QStringLiteral("reductions.c")};

QString readText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  return QString::fromUtf8(file.readAll());
}

struct Outcome {
  int exit_code = -1;
  QString output;
};

// Runs `program` and waits at most `timeout_ms`; stdout and stderr are merged.
Outcome run(const QString& program, const QStringList& arguments, int timeout_ms) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(program, arguments);
  Outcome outcome;
  if (!process.waitForStarted(timeout_ms)) {
    outcome.output = process.errorString();
    return outcome;
  }
  if (!process.waitForFinished(timeout_ms)) {
    process.kill();
    process.waitForFinished();
    outcome.output = QStringLiteral("timed out\n") + QString::fromLocal8Bit(process.readAll());
    return outcome;
  }
  outcome.output = QString::fromLocal8Bit(process.readAll());
  outcome.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  return outcome;
}

}  // namespace

class TestSamplesCompile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void everyExpectedSampleExists();
  void sampleIsWellFormed_data();
  void sampleIsWellFormed();
  void sampleCompilesAndRuns_data();
  void sampleCompilesAndRuns();

 private:
  void addSampleRows();

  QDir samples_{QStringLiteral(LOOPSCAPE_SAMPLES)};
  QString compiler_;
  QTemporaryDir work_;
};

void TestSamplesCompile::initTestCase() {
  QVERIFY2(samples_.exists(), qPrintable(samples_.path()));
  QVERIFY(work_.isValid());
  compiler_ = QStandardPaths::findExecutable(QStringLiteral("gcc"));
  QVERIFY2(!compiler_.isEmpty(), "gcc is not on PATH");
}

void TestSamplesCompile::everyExpectedSampleExists() {
  for (const QString& name : kExpectedSamples)
    QVERIFY2(samples_.exists(name), qPrintable(QStringLiteral("missing sample ") + name));
  QVERIFY2(samples_.exists(QStringLiteral("README.md")), "missing samples/README.md");
  const QString readme = readText(samples_.filePath(QStringLiteral("README.md")));
  for (const QString& name : samples_.entryList({QStringLiteral("*.c")}, QDir::Files))
    QVERIFY2(readme.contains(name), qPrintable(name + QStringLiteral(" is not listed in samples/README.md")));
}

void TestSamplesCompile::addSampleRows() {
  QTest::addColumn<QString>("path");
  const QStringList names = samples_.entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name);
  for (const QString& name : names)
    QTest::newRow(qPrintable(name)) << samples_.filePath(name);
}

void TestSamplesCompile::sampleIsWellFormed_data() { addSampleRows(); }

void TestSamplesCompile::sampleIsWellFormed() {
  QFETCH(QString, path);
  const QString text = readText(path);
  QVERIFY2(!text.isEmpty(), qPrintable(path));
  const QString first_line = text.section(QLatin1Char('\n'), 0, 0);
  static const QRegularExpression description(QStringLiteral("^/\\* Loopscape sample: \\S.* \\*/$"));
  QVERIFY2(description.match(first_line).hasMatch(), qPrintable(first_line));
  QCOMPARE(text.count(QStringLiteral("#pragma scop")), 1);
  QCOMPARE(text.count(QStringLiteral("#pragma endscop")), 1);
  QVERIFY(text.indexOf(QStringLiteral("#pragma scop")) < text.indexOf(QStringLiteral("#pragma endscop")));
  QVERIFY(text.contains(QStringLiteral("int main(")));
}

void TestSamplesCompile::sampleCompilesAndRuns_data() { addSampleRows(); }

void TestSamplesCompile::sampleCompilesAndRuns() {
  QFETCH(QString, path);
  const QString binary = work_.filePath(QFileInfo(path).completeBaseName());
  const Outcome compiled =
      run(compiler_, {QStringLiteral("-O2"), QStringLiteral("-fopenmp"), path, QStringLiteral("-o"), binary,
                      QStringLiteral("-lm")},
          120000);
  QVERIFY2(compiled.exit_code == 0, qPrintable(compiled.output));

  const Outcome first = run(binary, {}, 60000);
  QVERIFY2(first.exit_code == 0, qPrintable(first.output));
  QVERIFY2(first.output.contains(QStringLiteral("checksum")), qPrintable(first.output));
  QVERIFY2(!first.output.contains(QStringLiteral("nan")) && !first.output.contains(QStringLiteral("inf")),
           qPrintable(first.output));

  const Outcome second = run(binary, {}, 60000);
  QCOMPARE(second.exit_code, 0);
  QCOMPARE(second.output, first.output);
}

QTEST_APPLESS_MAIN(TestSamplesCompile)
#include "test_samples_compile.moc"
