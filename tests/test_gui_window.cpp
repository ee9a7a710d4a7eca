// SPDX-License-Identifier: Apache-2.0
// The main window opens a C file and shows it: the source text, its description,
// the scop region, a window title; it renders at 1600x1000 offscreen.
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

#include "main_window.h"
#include "samples.h"
#include "source_file.h"
#include "source_view.h"

using loopscape::MainWindow;
using loopscape::SourceView;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

QString readText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  return QString::fromUtf8(file.readAll());
}

// The line (1-based) of the first occurrence of `needle` in `text`.
int lineOf(const QString& text, const QString& needle) {
  const qsizetype at = text.indexOf(needle);
  return at < 0 ? 0 : int(text.left(at).count(QLatin1Char('\n'))) + 1;
}

}  // namespace

class TestGuiWindow : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void showsTheFileText();
  void findsTheRegionAndDescription();
  void keepsTheFileWhenOpeningFails();
  void opensAFileWithoutRegion();
  void findsTheBundledSamples();
  void rendersAScreenshot();
};

void TestGuiWindow::showsTheFileText() {
  const QString path = samplePath(QStringLiteral("matmul.c"));
  MainWindow window;
  QString error;
  QVERIFY2(window.openFile(path, &error), qPrintable(error));
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));

  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QVERIFY(source);
  QCOMPARE(source->toPlainText(), readText(path));
  QVERIFY(source->isVisible());
  QVERIFY(source->isReadOnly());
  QVERIFY(source->gutterWidth() > 0);
  QVERIFY(window.windowTitle().contains(QStringLiteral("matmul.c")));
  auto* title = window.findChild<QLabel*>(QStringLiteral("fileTitle"));
  QVERIFY(title);
  QCOMPARE(title->text(), QStringLiteral("matmul.c"));
}

void TestGuiWindow::findsTheRegionAndDescription() {
  const QString path = samplePath(QStringLiteral("mvt.c"));
  const QString text = readText(path);
  MainWindow window;
  QVERIFY(window.openFile(path));

  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QVERIFY(source);
  QCOMPARE(source->regionFirstLine(), lineOf(text, QStringLiteral("#pragma scop")));
  QCOMPARE(source->regionLastLine(), lineOf(text, QStringLiteral("#pragma endscop")));
  QCOMPARE(window.currentFile()->function, QStringLiteral("kernel_mvt"));

  auto* description = window.findChild<QLabel*>(QStringLiteral("fileDescription"));
  QVERIFY(description);
  QVERIFY2(description->text().startsWith(QStringLiteral("mvt, two matrix-vector products")),
           qPrintable(description->text()));
  auto* region = window.findChild<QLabel*>(QStringLiteral("regionSummary"));
  QVERIFY(region);
  QVERIFY2(region->text().contains(QStringLiteral("kernel_mvt")), qPrintable(region->text()));
}

void TestGuiWindow::keepsTheFileWhenOpeningFails() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("lu.c"))));
  QString error;
  QVERIFY(!window.openFile(samplePath(QStringLiteral("no_such_file.c")), &error));
  QVERIFY2(error.contains(QStringLiteral("no_such_file.c")), qPrintable(error));
  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QCOMPARE(source->toPlainText(), readText(samplePath(QStringLiteral("lu.c"))));
}

void TestGuiWindow::opensAFileWithoutRegion() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("plain.c"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
  file.write("int main(void) { return 0; }\n");
  file.close();

  MainWindow window;
  QVERIFY(window.openFile(path));
  QVERIFY(!window.currentFile()->hasRegion());
  QVERIFY(window.currentFile()->description.isEmpty());
  auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
  QCOMPARE(source->regionFirstLine(), 0);
  QCOMPARE(source->toPlainText(), QStringLiteral("int main(void) { return 0; }\n"));
}

void TestGuiWindow::findsTheBundledSamples() {
  qputenv("LOOPSCAPE_SAMPLES_DIR", LOOPSCAPE_SAMPLES);
  QCOMPARE(QFileInfo(loopscape::defaultSamplePath()).canonicalFilePath(),
           QFileInfo(samplePath(QStringLiteral("matmul.c"))).canonicalFilePath());
  const auto samples = loopscape::listSamples(loopscape::samplesDirectory());
  QVERIFY(samples.size() >= 8);
  for (const auto& sample : samples)
    QVERIFY2(!sample.description.isEmpty(), qPrintable(sample.name));
  qunsetenv("LOOPSCAPE_SAMPLES_DIR");
}

void TestGuiWindow::rendersAScreenshot() {
  MainWindow window;
  QVERIFY(window.openFile(samplePath(QStringLiteral("jacobi2d.c"))));
  const QImage image = window.renderImage(QSize(1600, 1000));
  QCOMPARE(image.size() / image.devicePixelRatio(), QSize(1600, 1000));
  for (const char* name : {"sourceDock", "scheduleTreeDock", "dependencesDock", "codeDock"}) {
    auto* dock = window.findChild<QDockWidget*>(QLatin1String(name));
    QVERIFY2(dock && dock->isVisible(), name);
    QVERIFY2(dock->width() > 150 && dock->height() > 80, name);
  }
  // Not a blank canvas: many distinct colours (text, tint, frames).
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 7)
    for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
  QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
}

QTEST_MAIN(TestGuiWindow)
#include "test_gui_window.moc"
