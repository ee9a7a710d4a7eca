// SPDX-License-Identifier: Apache-2.0
#include "session_file.h"

#include "model/code_running_flags.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cmath>
#include <variant>

#include "session/script.h"
#include "support/error.h"

namespace loopscape {

namespace {

const QString kFormat = QStringLiteral("loopscape-session");
constexpr int kVersion = 1;
constexpr int kMinZoomSteps = -4;
constexpr int kMaxZoomSteps = 12;

// One step of a path into the document: a member's key or an element's index.
using PathStep = std::variant<QString, int>;
using JsonPath = QList<PathStep>;

QString pathText(const JsonPath& path) {
  QString out;
  for (const PathStep& step : path) {
    if (const QString* key = std::get_if<QString>(&step))
      out += out.isEmpty() ? QStringLiteral("\"%1\"").arg(*key) : QStringLiteral(".%1").arg(*key);
    else
      out += QStringLiteral("[%1]").arg(std::get<int>(step));
  }
  return out;
}

// Finds where a value sits in JSON text that QJsonDocument has accepted, so a
// message about a field can name its line (QJsonDocument keeps no positions).
class JsonLocator {
 public:
  explicit JsonLocator(const QByteArray& text) : text_(text) {}

  // Byte offset of the value at `path`, or -1.
  qsizetype find(const JsonPath& path) {
    at_ = 0;
    skipSpace();
    for (const PathStep& step : path) {
      if (!enter(step)) return -1;
    }
    return at_;
  }

 private:
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void skipSpace() {
    while (at_ < text_.size() && (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t')) ++at_;
  }
  // From an opening quote to after the closing one; returns the raw contents.
  QByteArray string() {
    const qsizetype start = ++at_;
    while (at_ < text_.size() && peek() != '"') at_ += peek() == '\\' ? 2 : 1;
    return text_.mid(start, (at_++) - start);
  }
  void value() {
    const char c = peek();
    if (c == '"') {
      string();
    } else if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++at_;
      skipSpace();
      while (at_ < text_.size() && peek() != close) {
        if (c == '{') {
          string();
          skipSpace();
          ++at_;  // ':'
          skipSpace();
        }
        value();
        skipSpace();
        if (peek() == ',') ++at_;
        skipSpace();
      }
      ++at_;
    } else {
      while (at_ < text_.size() && !QByteArrayView(",]} \n\r\t").contains(peek())) ++at_;
    }
  }
  // Moves from a container's start to the start of its member or element `step`.
  bool enter(const PathStep& step) {
    const bool object = peek() == '{';
    if (!object && peek() != '[') return false;
    if (object != std::holds_alternative<QString>(step)) return false;
    ++at_;
    skipSpace();
    for (int index = 0; at_ < text_.size() && peek() != '}' && peek() != ']'; ++index) {
      bool match = false;
      if (object) {
        match = string() == std::get<QString>(step).toUtf8();
        skipSpace();
        ++at_;
        skipSpace();
      } else {
        match = index == std::get<int>(step);
      }
      if (match) return true;
      value();
      skipSpace();
      if (peek() == ',') ++at_;
      skipSpace();
    }
    return false;
  }

  const QByteArray& text_;
  qsizetype at_ = 0;
};

struct Position {
  int line = 1;
  int column = 1;
};

// Lines and columns count from 1; columns count bytes, as the JSON parser's offset does.
Position positionOf(const QByteArray& text, qsizetype offset) {
  Position p;
  offset = std::clamp<qsizetype>(offset, 0, text.size());
  for (qsizetype k = 0; k < offset; ++k) {
    if (text[k] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

QString typeName(const QJsonValue& v) {
  switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("true or false");
    case QJsonValue::Double: return QStringLiteral("the number %1").arg(v.toDouble());
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: return QStringLiteral("nothing");
  }
  return {};
}

// Checks the document's fields one by one; the first problem stops it with a
// message at the field's place in the text.
class SessionReader {
 public:
  SessionReader(const QByteArray& text, const QString& path) : text_(text), path_(path), locator_(text) {}

  std::optional<SessionData> read(const QJsonObject& root, QString* error) {
    error_ = error;
    SessionData session;
    const QJsonValue format = root.value(QStringLiteral("format"));
    if (format.isUndefined()) return fail({}, msg("not a Loopscape session: it has no \"format\" field"));
    if (format.toString() != kFormat)
      return fail({QStringLiteral("format")}, msg("not a Loopscape session: \"format\" is not \"%1\"").arg(kFormat));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isUndefined()) {
      std::optional<int> v = integer({QStringLiteral("version")}, version);
      if (!v) return std::nullopt;
      if (*v != kVersion)
        return fail({QStringLiteral("version")},
                    msg("session format version %1; this Loopscape reads version %2").arg(*v).arg(kVersion));
    }
    std::optional<QString> source = string({QStringLiteral("source")}, root.value(QStringLiteral("source")));
    if (!source) return std::nullopt;
    if (source->isEmpty()) return fail({QStringLiteral("source")}, msg("\"source\" names no file"));
    session.source = besideSession(*source);
    if (!readOptions(root.value(QStringLiteral("compiler_options")), session.options)) return std::nullopt;
    if (!readCommands(root.value(QStringLiteral("commands")), session)) return std::nullopt;
    if (!readVariants(root.value(QStringLiteral("variants")), session)) return std::nullopt;
    if (!readView(root.value(QStringLiteral("view")), session)) return std::nullopt;
    const QJsonValue lesson = root.value(QStringLiteral("lesson"));
    if (!lesson.isUndefined()) {
      std::optional<QString> file = string({QStringLiteral("lesson")}, lesson);
      if (!file) return std::nullopt;
      if (!file->isEmpty()) session.lesson = besideSession(*file);
    }
    if (const QJsonValue exercise = root.value(QStringLiteral("exercise")); !exercise.isUndefined()) {
      const std::optional<int> n = integer({QStringLiteral("exercise")}, exercise);
      if (!n) return std::nullopt;
      if (*n < 0) return fail({QStringLiteral("exercise")}, msg("\"exercise\" is 1 or more"));
      session.exercise = *n;
    }
    if (const QJsonValue answer = root.value(QStringLiteral("answer")); !answer.isUndefined()) {
      const std::optional<QString> text = string({QStringLiteral("answer")}, answer);
      if (!text) return std::nullopt;
      session.answer = *text;
    }
    return session;
  }

 private:
  static QString msg(const char* text) { return QString::fromUtf8(text); }

  // A relative path in a session is taken from the session file's folder.
  QString besideSession(const QString& file) const {
    return QFileInfo(file).isRelative() ? QFileInfo(path_).absoluteDir().filePath(file) : file;
  }

  QString location(qsizetype offset) const {
    const Position p = positionOf(text_, offset);
    return QStringLiteral("%1:%2:%3").arg(path_).arg(p.line).arg(p.column);
  }
  QString location(const JsonPath& path) {
    // A missing field is named at its object (its parent).
    JsonPath at = path;
    qsizetype offset = locator_.find(at);
    while (offset < 0 && !at.isEmpty()) {
      at.removeLast();
      offset = locator_.find(at);
    }
    return location(std::max<qsizetype>(offset, 0));
  }
  std::nullopt_t fail(const JsonPath& path, const QString& message) {
    if (error_) *error_ = QStringLiteral("%1: %2").arg(location(path), message);
    return std::nullopt;
  }
  static bool rejected(std::nullopt_t) { return false; }
  std::nullopt_t wrongType(const JsonPath& path, const QJsonValue& v, const QString& expected) {
    return fail(path, msg("%1 should be %2, not %3").arg(pathText(path), expected, typeName(v)));
  }

  std::optional<QString> string(const JsonPath& path, const QJsonValue& v) {
    if (!v.isString()) return wrongType(path, v, msg("a string"));
    return v.toString();
  }
  std::optional<int> integer(const JsonPath& path, const QJsonValue& v) {
    const double d = v.toDouble();
    if (!v.isDouble() || std::floor(d) != d || std::abs(d) > 1e9) return wrongType(path, v, msg("a whole number"));
    return int(d);
  }
  bool strings(const JsonPath& path, const QJsonValue& v, std::vector<std::string>& out) {
    if (v.isUndefined()) return true;
    if (!v.isArray()) return rejected(wrongType(path, v, msg("a list of strings")));
    const QJsonArray a = v.toArray();
    for (int k = 0; k < a.size(); ++k) {
      std::optional<QString> s = string(JsonPath(path) << k, a[k]);
      if (!s) return false;
      if (const std::string why = flag_runs_code(s->toStdString()); !why.empty())
        return rejected(fail(JsonPath(path) << k,
                             msg("%1: %2; a session names files, macros and include folders, not flags that run "
                                 "code").arg(pathText(JsonPath(path) << k), QString::fromStdString(why))));
      out.push_back(s->toStdString());
    }
    return true;
  }

  bool readOptions(const QJsonValue& v, CompileOptions& options) {
    const JsonPath at{QStringLiteral("compiler_options")};
    if (v.isUndefined()) return true;
    if (!v.isObject()) return rejected(wrongType(at, v, msg("an object")));
    const QJsonObject o = v.toObject();
    if (!strings(JsonPath(at) << QStringLiteral("defines"), o.value(QStringLiteral("defines")), options.defines) ||
        !strings(JsonPath(at) << QStringLiteral("include_dirs"), o.value(QStringLiteral("include_dirs")),
                 options.include_dirs))
      return false;
    for (std::size_t k = 0; k < options.defines.size(); ++k)
      if (const std::string why = malformed_define(options.defines[k]); !why.empty()) {
        const JsonPath element = JsonPath(at) << QStringLiteral("defines") << static_cast<int>(k);
        return rejected(fail(element, msg("%1: %2").arg(pathText(element), QString::fromStdString(why))));
      }
    const QJsonValue function = o.value(QStringLiteral("function"));
    if (function.isUndefined()) return true;
    std::optional<QString> f = string(JsonPath(at) << QStringLiteral("function"), function);
    if (!f) return false;
    options.function = f->toStdString();
    return true;
  }

  // Every command must parse as a script line; its error is placed on the
  // command's own line in the file.
  bool readCommands(const QJsonValue& v, SessionData& session) {
    const JsonPath at{QStringLiteral("commands")};
    if (v.isUndefined()) return rejected(fail(at, msg("the session has no \"commands\" list")));
    if (!v.isArray()) return rejected(wrongType(at, v, msg("a list of commands")));
    const QJsonArray a = v.toArray();
    for (int k = 0; k < a.size(); ++k) {
      const JsonPath element = JsonPath(at) << k;
      std::optional<QString> line = string(element, a[k]);
      if (!line) return false;
      const qsizetype offset = locator_.find(element);
      const QString where = location(offset);
      const QString step = msg("step %1 (%2)").arg(k + 1).arg(pathText(element));
      try {
        if (!parse_script_line(line->toStdString(), SourceLocation{path_.toStdString(), 1, 1}))
          return rejected(fail(element, msg("%1 is empty").arg(step)));
      } catch (const InputError& e) {
        // The string's text starts one byte after its opening quote.
        const qsizetype column = offset + 1 + std::max<qsizetype>(qsizetype(e.where().column) - 1, 0);
        if (error_)
          *error_ = QStringLiteral("%1: %2, \"%3\": %4")
                        .arg(location(column), step, *line, QString::fromStdString(e.message()));
        return false;
      }
      session.commands << *line;
      session.command_locations << where;
    }
    return true;
  }

  // Optional: lists of script lines, each line parsed as readCommands does.
  bool readVariants(const QJsonValue& v, SessionData& session) {
    const JsonPath at{QStringLiteral("variants")};
    if (v.isUndefined()) return true;
    if (!v.isArray()) return rejected(wrongType(at, v, msg("a list of variants (lists of commands)")));
    const QJsonArray variants = v.toArray();
    for (int k = 0; k < variants.size(); ++k) {
      const JsonPath variant = JsonPath(at) << k;
      if (!variants[k].isArray()) return rejected(wrongType(variant, variants[k], msg("a list of commands")));
      const QJsonArray lines = variants[k].toArray();
      QStringList kept;
      for (int n = 0; n < lines.size(); ++n) {
        const JsonPath element = JsonPath(variant) << n;
        std::optional<QString> line = string(element, lines[n]);
        if (!line) return false;
        try {
          if (!parse_script_line(line->toStdString(), SourceLocation{path_.toStdString(), 1, 1}))
            return rejected(fail(element, msg("variant %1, step %2 is empty").arg(k + 1).arg(n + 1)));
        } catch (const InputError& e) {
          if (error_)
            *error_ = QStringLiteral("%1: variant %2, step %3, \"%4\": %5")
                          .arg(location(locator_.find(element)))
                          .arg(k + 1)
                          .arg(n + 1)
                          .arg(*line, QString::fromStdString(e.message()));
          return false;
        }
        kept << *line;
      }
      session.variants << kept;
    }
    return true;
  }

  bool readView(const QJsonValue& v, SessionData& session) {
    const JsonPath at{QStringLiteral("view")};
    if (v.isUndefined()) return true;
    if (!v.isObject()) return rejected(wrongType(at, v, msg("an object")));
    const QJsonObject o = v.toObject();
    if (o.contains(QStringLiteral("step"))) {
      const JsonPath field = JsonPath(at) << QStringLiteral("step");
      std::optional<int> step = integer(field, o.value(QStringLiteral("step")));
      if (!step) return false;
      if (*step < -1 || *step > session.commands.size())
        return rejected(fail(field, msg("step %1 is outside the history (0 to %2)").arg(*step).arg(session.commands.size())));
      session.view.step = *step;
    }
    if (o.contains(QStringLiteral("zoom_steps"))) {
      const JsonPath field = JsonPath(at) << QStringLiteral("zoom_steps");
      std::optional<int> zoom = integer(field, o.value(QStringLiteral("zoom_steps")));
      if (!zoom) return false;
      session.view.zoom_steps = std::clamp(*zoom, kMinZoomSteps, kMaxZoomSteps);
    }
    if (o.contains(QStringLiteral("code_target"))) {
      std::optional<QString> target =
          string(JsonPath(at) << QStringLiteral("code_target"), o.value(QStringLiteral("code_target")));
      if (!target) return false;
      session.view.code_target = *target;
    }
    return true;
  }

  const QByteArray& text_;
  QString path_;
  JsonLocator locator_;
  QString* error_ = nullptr;
};

QJsonArray stringArray(const std::vector<std::string>& values) {
  QJsonArray a;
  for (const auto& s : values) a.append(QString::fromStdString(s));
  return a;
}

}  // namespace

QByteArray sessionToJson(const SessionData& session) {
  QJsonObject options;
  options[QStringLiteral("defines")] = stringArray(session.options.defines);
  options[QStringLiteral("include_dirs")] = stringArray(session.options.include_dirs);
  options[QStringLiteral("function")] = QString::fromStdString(session.options.function);
  QJsonObject view;
  view[QStringLiteral("step")] = session.view.step;
  view[QStringLiteral("zoom_steps")] = session.view.zoom_steps;
  view[QStringLiteral("code_target")] = session.view.code_target;
  QJsonObject root;
  root[QStringLiteral("format")] = kFormat;
  root[QStringLiteral("version")] = kVersion;
  root[QStringLiteral("source")] = session.source;
  root[QStringLiteral("compiler_options")] = options;
  root[QStringLiteral("commands")] = QJsonArray::fromStringList(session.commands);
  if (!session.variants.isEmpty()) {
    QJsonArray variants;
    for (const QStringList& v : session.variants) variants.append(QJsonArray::fromStringList(v));
    root[QStringLiteral("variants")] = variants;
  }
  root[QStringLiteral("view")] = view;
  if (!session.lesson.isEmpty()) {
    root[QStringLiteral("lesson")] = session.lesson;
    if (session.exercise > 0) root[QStringLiteral("exercise")] = session.exercise;
    if (!session.answer.isEmpty()) root[QStringLiteral("answer")] = session.answer;
  }
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool writeSessionFile(const QString& path, const SessionData& session, QString* error) {
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(sessionToJson(session)) < 0 || !out.commit()) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
    return false;
  }
  return true;
}

std::optional<SessionData> parseSession(const QByteArray& bytes, const QString& path, QString* error) {
  QJsonParseError parse_error;
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse_error);
  if (parse_error.error != QJsonParseError::NoError) {
    const Position p = positionOf(bytes, parse_error.offset);
    const bool truncated = parse_error.offset >= bytes.size();
    if (error)
      *error = QStringLiteral("%1:%2:%3: not valid JSON: %4%5")
                   .arg(path)
                   .arg(p.line)
                   .arg(p.column)
                   .arg(parse_error.errorString(),
                        truncated ? QStringLiteral(" (the file ends there: is it truncated?)") : QString());
    return std::nullopt;
  }
  if (!doc.isObject()) {
    if (error) *error = QStringLiteral("%1:1:1: not a Loopscape session: the top level is not an object").arg(path);
    return std::nullopt;
  }
  return SessionReader(bytes, path).read(doc.object(), error);
}

std::optional<SessionData> readSessionFile(const QString& path, QString* error) {
  QFile in(path);
  if (!in.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("cannot read %1: %2").arg(path, in.errorString());
    return std::nullopt;
  }
  return parseSession(in.readAll(), path, error);
}

}  // namespace loopscape
