// SPDX-License-Identifier: Apache-2.0
#include "compiler_options.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>

#include "model/code_running_flags.h"

namespace loopscape {

namespace {

const QString kOptionsKey = QStringLiteral("compilerOptions/");

QString settingsKey(const QString& file) {
  // QSettings keys treat '/' as groups: keep the path in one key.
  return kOptionsKey + QString::fromLatin1(QFileInfo(file).absoluteFilePath().toUtf8().toBase64());
}

QStringList toList(const std::vector<std::string>& values) {
  QStringList out;
  for (const std::string& v : values) out << QString::fromStdString(v);
  return out;
}

std::vector<std::string> fromList(const QStringList& values) {
  std::vector<std::string> out;
  for (const QString& v : values)
    if (!v.trimmed().isEmpty()) out.push_back(v.trimmed().toStdString());
  return out;
}

// The command of an entry split as a shell would (quotes and backslashes).
QStringList splitCommand(const QString& command) {
  QStringList out;
  QString current;
  bool any = false;
  QChar quote;
  for (int k = 0; k < command.size(); ++k) {
    const QChar c = command[k];
    if (!quote.isNull()) {
      if (c == quote) quote = QChar();
      else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && k + 1 < command.size()) current += command[++k];
      else current += c;
    } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
      quote = c;
      any = true;
    } else if (c == QLatin1Char('\\') && k + 1 < command.size()) {
      current += command[++k];
      any = true;
    } else if (c.isSpace()) {
      if (any || !current.isEmpty()) out << current;
      current.clear();
      any = false;
    } else {
      current += c;
    }
  }
  if (any || !current.isEmpty()) out << current;
  return out;
}

CompileOptions optionsFromArguments(const QStringList& arguments, const QString& directory) {
  CompileOptions options;
  auto absolute = [&](const QString& dir) { return QDir(directory).absoluteFilePath(dir); };
  for (int k = 0; k < arguments.size(); ++k) {
    const QString& a = arguments[k];
    auto value = [&](const QString& flag) -> std::optional<QString> {
      if (a == flag && k + 1 < arguments.size()) return arguments[++k];
      if (a.startsWith(flag) && a.size() > flag.size()) return a.mid(flag.size());
      return std::nullopt;
    };
    if (auto v = value(QStringLiteral("-isystem"))) options.include_dirs.push_back(absolute(*v).toStdString());
    else if (auto v = value(QStringLiteral("-iquote"))) options.include_dirs.push_back(absolute(*v).toStdString());
    else if (auto v = value(QStringLiteral("-I"))) options.include_dirs.push_back(absolute(*v).toStdString());
    else if (auto v = value(QStringLiteral("-D"))) options.defines.push_back(v->toStdString());
  }
  return options;
}

// "DB:LINE:COLUMN: why; the entry is not used" for the first argument of an
// entry that would make a compiler run chosen code (a response file's
// arguments are read and placed in it); empty when none would.
QString codeRunningArgument(const QString& database, const QStringList& arguments, const QString& directory) {
  QByteArray text;
  if (QFile in(database); in.open(QIODevice::ReadOnly)) text = in.readAll();
  auto place = [&](const QString& argument) {
    const qsizetype at = text.indexOf(argument.toUtf8());
    if (at < 0) return database;
    const QByteArray before = text.left(at);
    const qsizetype line_start = before.lastIndexOf('\n') + 1;
    return QStringLiteral("%1:%2:%3").arg(database).arg(before.count('\n') + 1).arg(at - line_start + 1);
  };
  const QString tail = QObject::tr("; compile_commands.json may name files, macros and include folders, not flags "
                                   "that run code. The entry is not used.");
  for (const QString& a : arguments) {
    if (const std::string why = flag_runs_code(a.toStdString()); !why.empty())
      return QStringLiteral("%1: %2%3").arg(place(a), QString::fromStdString(why), tail);
    if (a.startsWith(QLatin1Char('@'))) {
      const QString response = QDir(directory).absoluteFilePath(a.mid(1));
      unsigned line = 0, column = 0;
      if (const std::string why = response_file_runs_code(response.toStdString(), &line, &column); !why.empty())
        return QStringLiteral("%1: response file %2: %3%4")
            .arg(place(a), line ? QStringLiteral("%1:%2:%3").arg(response).arg(line).arg(column) : response,
                 QString::fromStdString(why), tail);
    }
  }
  return {};
}

}  // namespace

std::optional<CompileOptions> compile_commands_options(const QString& file, QString* note, QString* refusal) {
  const QString target = QFileInfo(file).canonicalFilePath();
  for (QDir dir = QFileInfo(file).absoluteDir();; ) {
    const QString database = dir.filePath(QStringLiteral("compile_commands.json"));
    if (QFileInfo::exists(database)) {
      QFile in(database);
      if (!in.open(QIODevice::ReadOnly)) {
        if (note) *note = QObject::tr("%1 cannot be read: %2").arg(database, in.errorString());
        return std::nullopt;
      }
      QJsonParseError error;
      const QJsonDocument doc = QJsonDocument::fromJson(in.readAll(), &error);
      if (error.error != QJsonParseError::NoError || !doc.isArray()) {
        if (note)
          *note = QObject::tr("%1 is not a compilation database (%2 at byte %3); it is not used")
                      .arg(database, doc.isArray() || error.error != QJsonParseError::NoError ? error.errorString()
                                                                                             : QObject::tr("no array"))
                      .arg(error.offset);
        return std::nullopt;
      }
      for (const QJsonValue& value : doc.array()) {
        const QJsonObject entry = value.toObject();
        const QString directory = entry.value(QStringLiteral("directory")).toString();
        const QString entry_file = QDir(directory).absoluteFilePath(entry.value(QStringLiteral("file")).toString());
        if (QFileInfo(entry_file).canonicalFilePath() != target) continue;
        QStringList arguments;
        for (const QJsonValue& a : entry.value(QStringLiteral("arguments")).toArray()) arguments << a.toString();
        if (arguments.isEmpty()) arguments = splitCommand(entry.value(QStringLiteral("command")).toString());
        if (const QString why = codeRunningArgument(database, arguments, directory); !why.isEmpty()) {
          if (note) *note = why;
          if (refusal) *refusal = why;
          return std::nullopt;
        }
        if (note) *note = QObject::tr("options from %1").arg(database);
        return optionsFromArguments(arguments, directory);
      }
      if (note) *note = QObject::tr("%1 has no entry for %2").arg(database, QFileInfo(file).fileName());
      return std::nullopt;
    }
    if (!dir.cdUp()) return std::nullopt;
  }
}

std::optional<CompileOptions> remembered_options(const QString& file) {
  QSettings settings;
  const QString key = settingsKey(file);
  if (!settings.contains(key + QStringLiteral("/set"))) return std::nullopt;
  CompileOptions options;
  options.include_dirs = fromList(settings.value(key + QStringLiteral("/include_dirs")).toStringList());
  options.defines = fromList(settings.value(key + QStringLiteral("/defines")).toStringList());
  options.function = settings.value(key + QStringLiteral("/function")).toString().toStdString();
  return options;
}

void remember_options(const QString& file, const CompileOptions& options) {
  QSettings settings;
  const QString key = settingsKey(file);
  settings.setValue(key + QStringLiteral("/set"), true);
  settings.setValue(key + QStringLiteral("/include_dirs"), toList(options.include_dirs));
  settings.setValue(key + QStringLiteral("/defines"), toList(options.defines));
  settings.setValue(key + QStringLiteral("/function"), QString::fromStdString(options.function));
}

CompileOptions options_for(const QString& file, QString* note, QString* refusal) {
  if (std::optional<CompileOptions> r = remembered_options(file)) {
    if (note) *note = QObject::tr("the options last used for this file");
    return *r;
  }
  if (std::optional<CompileOptions> c = compile_commands_options(file, note, refusal)) return *c;
  return {};
}

QString missing_header(const QString& error) {
  static const QRegularExpression pattern(QStringLiteral("'([^']+)' file not found"));
  const QRegularExpressionMatch m = pattern.match(error);
  return m.hasMatch() ? m.captured(1) : QString();
}

QString find_header_near(const QString& file, const QString& header) {
  const QDir home = QFileInfo(file).absoluteDir();
  QDir top = home;
  for (int up = 0; up < 2 && top.cdUp();) ++up;
  const QString name = QFileInfo(header).fileName();
  QDirIterator it(top.absolutePath(), {name}, QDir::Files, QDirIterator::Subdirectories);
  const int base_depth = int(top.absolutePath().count(QLatin1Char('/')));
  // The folder fewest steps away from the file's wins (ties by name), so an
  // unrelated copy elsewhere under the same parent never hides the sibling one.
  QString best;
  qsizetype best_steps = 0;
  while (it.hasNext()) {
    const QString found = it.next();
    if (int(found.count(QLatin1Char('/'))) - base_depth > 4) continue;
    // "sub/x.h" as written: the folder above that path.
    QString folder = QFileInfo(found).absolutePath();
    if (header.contains(QLatin1Char('/'))) {
      if (!found.endsWith(QLatin1Char('/') + header)) continue;
      folder = found.left(found.size() - header.size() - 1);
    }
    const QString relative = home.relativeFilePath(folder);
    const qsizetype steps = relative == QStringLiteral(".") ? 0 : relative.count(QLatin1Char('/')) + 1;
    if (best.isEmpty() || steps < best_steps || (steps == best_steps && folder < best)) {
      best = folder;
      best_steps = steps;
    }
  }
  return best;
}

}  // namespace loopscape
