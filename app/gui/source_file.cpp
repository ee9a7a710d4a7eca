// SPDX-License-Identifier: Apache-2.0
#include "source_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

#include "cpp_program/program_file.h"

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

QString SourceFile::regionSummary() const {
  if (is_cpp_source(path.toStdString()))
    return QObject::tr("A C++ program: built against the engine and run; it defines the program and its commands.");
  if (!hasRegion()) return QObject::tr("No #pragma scop region found in this file.");
  QString where = QObject::tr("Region: lines %1\u2013%2").arg(region_first).arg(region_last);
  if (!function.isEmpty()) where += QObject::tr(" in %1()").arg(function);
  return where;
}

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
