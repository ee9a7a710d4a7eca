// loopscape [FILE.c] [--screenshot OUT.png]: opens the main window on a C file
// (default: the bundled samples/matmul.c); with --screenshot, renders the window
// at 1600x1000 without a display, writes the PNG and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QImage>
#include <cstdio>
#include <cstring>

#include "main_window.h"
#include "samples.h"

#ifndef LOOPSCAPE_VERSION
#define LOOPSCAPE_VERSION "0.0.0"
#endif

namespace {

constexpr int kExitBadInput = 2;
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

void fail(const QString& message) {
  std::fprintf(stderr, "loopscape: %s\n", qPrintable(message));
}

}  // namespace

int main(int argc, char** argv) {
  preferOffscreenWhenNoWindowIsShown(argc, argv);
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
                               QStringLiteral("C file to open (default: samples/matmul.c)."),
                               QStringLiteral("[FILE.c]"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QStringLiteral("Render the window at 1600x1000 offscreen into <png> and exit."),
      QStringLiteral("png"));
  parser.addOption(screenshot);
  parser.process(app);

  const QStringList files = parser.positionalArguments();
  if (files.size() > 1) {
    fail(QStringLiteral("one file at a time, got %1").arg(files.size()));
    return kExitBadInput;
  }
  const QString path = files.isEmpty() ? loopscape::defaultSamplePath() : files.first();
  if (path.isEmpty()) {
    fail(QStringLiteral("no file given and no samples folder found (set LOOPSCAPE_SAMPLES_DIR)"));
    return kExitBadInput;
  }

  loopscape::MainWindow window;
  QString error;
  if (!window.openFile(path, &error)) {
    fail(error);
    return kExitBadInput;
  }

  if (parser.isSet(screenshot)) {
    const QString out = parser.value(screenshot);
    if (!window.renderImage(kScreenshotSize).save(out)) {
      fail(QStringLiteral("cannot write screenshot %1").arg(out));
      return 1;
    }
    return 0;
  }
  window.show();
  return app.exec();
}
