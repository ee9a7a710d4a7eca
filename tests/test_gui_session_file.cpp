// SPDX-License-Identifier: Apache-2.0
// Session files (app/gui/session_file.h): what is saved reads back the same;
// a file cut short anywhere, or edited by hand into something wrong, is
// refused with PATH:LINE:COLUMN at the place that is wrong, never half read.
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "session_file.h"

using namespace loopscape;

namespace {

const QString kPath = QStringLiteral("/data/s.json");

// A session as the app writes it, with two commands and every field set.
SessionData sample() {
  SessionData s;
  s.source = QStringLiteral("/data/matmul.c");
  s.options.defines = {"N=64", "DEBUG"};
  s.options.include_dirs = {"/data/include"};
  s.options.function = "kernel";
  s.commands = {QStringLiteral("S1.interchange(i, j)"), QStringLiteral("S1.tile(i, j, 32, 32, i0, j0, i1, j1)")};
  s.view.step = 1;
  s.view.zoom_steps = 3;
  s.view.code_target = QStringLiteral("c");
  s.lesson = QStringLiteral("/data/lessons/10-tiling.md");
  return s;
}

// "PATH:LINE:COLUMN: message" split; line 0 when the error has no such prefix.
struct Located {
  int line = 0;
  int column = 0;
  QString message;
};

Located located(const QString& error) {
  static const QRegularExpression re(QStringLiteral("^/data/s\\.json:(\\d+):(\\d+): (.*)$"),
                                     QRegularExpression::DotMatchesEverythingOption);
  const QRegularExpressionMatch m = re.match(error);
  if (!m.hasMatch()) return {};
  return {m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3)};
}

// The 1-based line and column of the first occurrence of `needle` in `text`.
QPair<int, int> whereIs(const QByteArray& text, const QByteArray& needle) {
  const qsizetype at = text.indexOf(needle);
  if (at < 0) return {0, 0};
  const qsizetype line_start = text.lastIndexOf('\n', at - 1) + 1;
  return {int(text.left(at).count('\n')) + 1, int(at - line_start) + 1};
}

}  // namespace

class TestGuiSessionFile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void savedSessionReadsBackTheSame() {
    const SessionData s = sample();
    QString error;
    const std::optional<SessionData> back = parseSession(sessionToJson(s), kPath, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->source, s.source);
    QCOMPARE(back->options.defines, s.options.defines);
    QCOMPARE(back->options.include_dirs, s.options.include_dirs);
    QCOMPARE(back->options.function, s.options.function);
    QCOMPARE(back->commands, s.commands);
    QCOMPARE(back->view.step, 1);
    QCOMPARE(back->view.zoom_steps, 3);
    QCOMPARE(back->view.code_target, QStringLiteral("c"));
    QCOMPARE(back->command_locations.size(), 2);
    QCOMPARE(back->lesson, s.lesson);
  }

  // The other lines of work travel too; a malformed one is named at its line.
  void variantsReadBackAndAreChecked() {
    SessionData s = sample();
    s.variants = {QStringList{QStringLiteral("S1.interchange(i, j)")},
                  QStringList{QStringLiteral("S0.shift(i, 1)"), QStringLiteral("S1.skew(i, j, 1)")}};
    QString error;
    const std::optional<SessionData> back = parseSession(sessionToJson(s), kPath, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->variants, s.variants);
    QVERIFY(parseSession(sessionToJson(sample()), kPath, &error)->variants.isEmpty());

    QByteArray text = sessionToJson(s);
    text.replace("S1.skew(i, j, 1)", "S1.skew(i, j, 1");
    QVERIFY(!parseSession(text, kPath, &error));
    const Located at = located(error);
    QCOMPARE(at.line, whereIs(text, "\"S1.skew").first);
    QVERIFY2(at.message.startsWith(QStringLiteral("variant 2, step 2")), qPrintable(error));
    text = sessionToJson(s);
    text.replace("\"variants\": [", "\"variants\": [3, ");
    QVERIFY(!parseSession(text, kPath, &error));
  }

  void fileWrittenAtomicallyLeavesNoTemporary() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QString error;
    QVERIFY2(writeSessionFile(path, sample(), &error), qPrintable(error));
    SessionData second = sample();
    second.commands.removeLast();
    QVERIFY2(writeSessionFile(path, second, &error), qPrintable(error));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("s.json")});
    const std::optional<SessionData> back = readSessionFile(path, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->commands, second.commands);
    QVERIFY(!writeSessionFile(dir.filePath(QStringLiteral("missing/s.json")), second, &error));
    QVERIFY2(error.contains(QStringLiteral("missing/s.json")), qPrintable(error));
  }

  void relativeSourceIsTakenFromTheSessionsFolder() {
    QByteArray text = sessionToJson(sample());
    text.replace("\"/data/matmul.c\"", "\"kernels/matmul.c\"");
    QString error;
    const std::optional<SessionData> back = parseSession(text, kPath, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->source, QStringLiteral("/data/kernels/matmul.c"));
  }

  // Cut after every byte: each prefix is refused at a place inside it, and
  // the message says the file ends there.
  void everyTruncationIsRefusedWhereTheFileEnds() {
    const QByteArray text = sessionToJson(sample()).trimmed();
    for (qsizetype n = 0; n < text.size(); ++n) {
      const QByteArray cut = text.left(n);
      QString error;
      const std::optional<SessionData> back = parseSession(cut, kPath, &error);
      QVERIFY2(!back, qPrintable(QStringLiteral("a prefix of %1 bytes was accepted").arg(n)));
      const Located at = located(error);
      QVERIFY2(at.line >= 1, qPrintable(error));
      QVERIFY2(at.line <= int(cut.count('\n')) + 1, qPrintable(error));
      QVERIFY2(at.message.startsWith(QStringLiteral("not valid JSON")), qPrintable(error));
    }
    QString error;
    QVERIFY2(parseSession(text, kPath, &error), qPrintable(error));
  }

  void brokenJsonIsNamedAtItsLineAndColumn() {
    QByteArray text = sessionToJson(sample());
    text.replace("\"S1.interchange(i, j)\",", "\"S1.interchange(i, j)\" ");  // a comma deleted by hand
    QString error;
    QVERIFY(!parseSession(text, kPath, &error));
    const Located at = located(error);
    const QPair<int, int> next = whereIs(text, "\"S1.tile");
    QCOMPARE(at.line, next.first);
    QVERIFY2(at.message.contains(QStringLiteral("not valid JSON")), qPrintable(error));
    QVERIFY2(!at.message.contains(QStringLiteral("truncated")), qPrintable(error));
  }

  void malformedCommandIsNamedInsideItsLine() {
    QByteArray text = sessionToJson(sample());
    text.replace("S1.tile(i, j, 32, 32, i0, j0, i1, j1)", "S1.tile(i, j, 32, 32, i0, j0, i1, j1");
    QString error;
    QVERIFY(!parseSession(text, kPath, &error));
    const Located at = located(error);
    const QPair<int, int> command = whereIs(text, "\"S1.tile");
    QCOMPARE(at.line, command.first);
    QVERIFY2(at.column > command.second, qPrintable(error));
    QVERIFY2(at.message.startsWith(QStringLiteral("step 2 (\"commands\"[1])")), qPrintable(error));

    text = sessionToJson(sample());
    text.replace("S1.interchange(i, j)", "  ");
    QVERIFY(!parseSession(text, kPath, &error));
    QVERIFY2(located(error).message.contains(QStringLiteral("step 1 (\"commands\"[0]) is empty")), qPrintable(error));
  }

  void fieldOfTheWrongKindIsNamedAtItsLine() {
    struct Edit {
      QByteArray from;
      QByteArray to;
      QByteArray at;     // text on the line the error must name
      QString message;   // part of the message
    };
    const QList<Edit> edits{
        {"\"S1.interchange(i, j)\"", "42", "42", QStringLiteral("\"commands\"[0] should be a string, not the number 42")},
        {"\"source\": \"/data/matmul.c\"", "\"source\": [\"/data/matmul.c\"]", "\"source\"",
         QStringLiteral("\"source\" should be a string, not a list")},
        {"\"source\": \"/data/matmul.c\"", "\"source\": \"\"", "\"source\"", QStringLiteral("names no file")},
        {"\"format\": \"loopscape-session\"", "\"format\": \"notes\"", "\"format\"",
         QStringLiteral("not a Loopscape session")},
        {"\"version\": 1", "\"version\": 7", "\"version\"", QStringLiteral("version 7")},
        {"\"version\": 1", "\"version\": 1.5", "\"version\"", QStringLiteral("should be a whole number, not the number 1.5")},
        {"\"step\": 1", "\"step\": 9", "\"step\"", QStringLiteral("step 9 is outside the history (0 to 2)")},
        {"\"zoom_steps\": 3", "\"zoom_steps\": \"big\"", "\"zoom_steps\"",
         QStringLiteral("\"view\".zoom_steps should be a whole number, not a string")},
        {"\"function\": \"kernel\"", "\"function\": null", "\"function\"",
         QStringLiteral("\"compiler_options\".function should be a string, not null")},
        {"\"DEBUG\"", "{}", "{}", QStringLiteral("\"compiler_options\".defines[1] should be a string, not an object")},
        {"\"lesson\": \"/data/lessons/10-tiling.md\"", "\"lesson\": 10", "\"lesson\"",
         QStringLiteral("\"lesson\" should be a string, not the number 10")},
        {"\"commands\": [", "\"commands\": {\"x\": [", "\"commands\"",
         QStringLiteral("\"commands\" should be a list of commands, not an object")},
    };
    for (const Edit& edit : edits) {
      QByteArray text = sessionToJson(sample());
      QVERIFY2(text.contains(edit.from), edit.from.constData());
      text.replace(edit.from, edit.to);
      if (edit.from == "\"commands\": [") text.replace("\n    ],\n    \"compiler", "\n    ]},\n    \"compiler");
      QString error;
      QVERIFY2(!parseSession(text, kPath, &error), edit.to.constData());
      const Located at = located(error);
      QVERIFY2(at.message.contains(edit.message), qPrintable(error));
      QCOMPARE(at.line, whereIs(text, edit.at).first);
    }
  }

  void missingFieldsAndOtherDocumentsAreRefused() {
    QString error;
    QVERIFY(!parseSession("[1, 2]", kPath, &error));
    QVERIFY2(located(error).message.contains(QStringLiteral("top level is not an object")), qPrintable(error));
    QVERIFY(!parseSession("{\"source\": \"/a.c\", \"commands\": []}", kPath, &error));
    QVERIFY2(located(error).message.contains(QStringLiteral("no \"format\" field")), qPrintable(error));
    QVERIFY(!parseSession("{\"format\": \"loopscape-session\",\n \"source\": \"/a.c\"}", kPath, &error));
    QVERIFY2(located(error).message.contains(QStringLiteral("no \"commands\" list")), qPrintable(error));
    QVERIFY(!readSessionFile(QStringLiteral("/nonexistent/s.json"), &error));
    QVERIFY2(error.startsWith(QStringLiteral("cannot read /nonexistent/s.json")), qPrintable(error));
    // The fields a first version wrote (no view) still read.
    const std::optional<SessionData> old = parseSession(
        "{\"format\": \"loopscape-session\", \"version\": 1, \"source\": \"/a.c\", \"commands\": [\"S0.parallelize(i)\"]}",
        kPath, &error);
    QVERIFY2(old, qPrintable(error));
    QCOMPARE(old->view.step, -1);
  }
};

QTEST_GUILESS_MAIN(TestGuiSessionFile)
#include "test_gui_session_file.moc"
