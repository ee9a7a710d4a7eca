// loopscape-icon-png ICON.svg OUT_DIR SIZE...: renders the app icon at each
// SIZE into OUT_DIR/SIZExSIZE/apps/loopscape.png, the hicolor theme's layout,
// for the Debian package (desktop menus that do not read SVG take these).
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>

int main(int argc, char** argv) {
  if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QGuiApplication app(argc, argv);
  const QStringList args = QCoreApplication::arguments();
  if (args.size() < 4) {
    std::fprintf(stderr, "usage: loopscape-icon-png ICON.svg OUT_DIR SIZE...\n");
    return 2;
  }
  QSvgRenderer svg(args[1]);
  if (!svg.isValid()) {
    std::fprintf(stderr, "loopscape-icon-png: %s is not a valid SVG image\n", qPrintable(args[1]));
    return 1;
  }
  for (qsizetype k = 3; k < args.size(); ++k) {
    bool ok = false;
    const int size = args[k].toInt(&ok);
    if (!ok || size < 8 || size > 1024) {
      std::fprintf(stderr, "loopscape-icon-png: bad size '%s'\n", qPrintable(args[k]));
      return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    const QString dir = QDir(args[2]).filePath(QStringLiteral("%1x%1/apps").arg(size));
    const QString out = QDir(dir).filePath(QStringLiteral("loopscape.png"));
    if (!QDir().mkpath(dir) || !image.save(out, "PNG")) {
      std::fprintf(stderr, "loopscape-icon-png: cannot write %s\n", qPrintable(out));
      return 1;
    }
  }
  return 0;
}
