// SPDX-License-Identifier: Apache-2.0
#include "source_file.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

namespace loopscape {

namespace {

const QRegularExpression kScopBegin(QStringLiteral("^\\s*#\\s*pragma\\s+scop\\b"));
const QRegularExpression kScopEnd(QStringLiteral("^\\s*#\\s*pragma\\s+endscop\\b"));
// A function definition's first line: starts at column 0, a name, then '('.
const QRegularExpression kFunctionHead(
    QStringLiteral("^[A-Za-z_][\\w\\s\\*]*?\\b([A-Za-z_]\\w*)\\s*\\("));

// Name of the function whose head is the nearest line above `line` (0-based).
QString enclosingFunction(const QStringList& lines, int line) {
  for (int l = line; l >= 0; --l) {
    const auto match = kFunctionHead.match(lines[l]);
    if (match.hasMatch()) return match.captured(1);
  }
  return {};
}

}  // namespace

QString SourceFile::fileName() const { return QFileInfo(path).fileName(); }

int SourceFile::lineCount() const {
  if (text.isEmpty()) return 0;
  return int(text.count(QLatin1Char('\n'))) + (text.endsWith(QLatin1Char('\n')) ? 0 : 1);
}

QString sampleDescription(const QString& text) {
  static const QRegularExpression pattern(
      QStringLiteral("^(?:/\\*|//)\\s*Loopscape sample:\\s*(.*?)\\s*(?:\\*/.*)?$"));
  const QString first_line = text.section(QLatin1Char('\n'), 0, 0);
  const auto match = pattern.match(first_line);
  return match.hasMatch() ? match.captured(1) : QString();
}

std::optional<SourceFile> loadSourceFile(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
    if (error) *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    return std::nullopt;
  }
  SourceFile source;
  source.path = QFileInfo(path).absoluteFilePath();
  source.text = QString::fromUtf8(file.readAll());
  source.description = sampleDescription(source.text);
  const QStringList lines = source.text.split(QLatin1Char('\n'));
  for (int l = 0; l < lines.size(); ++l) {
    if (source.region_first == 0 && kScopBegin.match(lines[l]).hasMatch()) {
      source.region_first = l + 1;
      source.function = enclosingFunction(lines, l);
    } else if (source.region_first > 0 && kScopEnd.match(lines[l]).hasMatch()) {
      source.region_last = l + 1;
      break;
    }
  }
  if (source.region_last == 0) source.region_first = 0;
  return source;
}

}  // namespace loopscape
