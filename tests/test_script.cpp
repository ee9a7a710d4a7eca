// SPDX-License-Identifier: Apache-2.0
// Schedule scripts: the parser on good and malformed lines, with exact
// file:line:column for every error, and calls that format back to themselves.
#include <QtTest>

#include <QTemporaryDir>

#include <fstream>
#include <string>

#include "session/knobs.h"
#include "session/script.h"
#include "support/error.h"

using namespace loopscape;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_script(text, "s.ls");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

std::vector<std::string> texts(const CommandCall& call) {
  std::vector<std::string> out;
  for (const CommandArgument& a : call.args) out.push_back(a.text);
  return out;
}

}  // namespace

class TestScript : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void statementCommand() {
    const auto calls = parse_script("S1.tile(j, k, 32, 32, j0, k0, j1, k1)\n", "s.ls");
    QCOMPARE(calls.size(), std::size_t(1));
    const CommandCall& c = calls[0];
    QCOMPARE(c.target, std::string("S1"));
    QCOMPARE(c.command, std::string("tile"));
    QCOMPARE(texts(c), (std::vector<std::string>{"j", "k", "32", "32", "j0", "k0", "j1", "k1"}));
    QCOMPARE(c.where.str(), std::string("s.ls:1:1"));
    QCOMPARE(c.args[0].where.str(), std::string("s.ls:1:9"));
    QCOMPARE(c.args[2].where.str(), std::string("s.ls:1:15"));
    QCOMPARE(c.args[7].where.str(), std::string("s.ls:1:35"));
  }

  void commentsBlankLinesAndLineNumbers() {
    const std::string text =
        "# a schedule for gemm\n"
        "\n"
        "   S1.interchange(k, j)   # outer k\n"
        "\t\n"
        "S1.parallelize(i);\n"
        "# the end";
    const auto calls = parse_script(text, "g.ls");
    QCOMPARE(calls.size(), std::size_t(2));
    QCOMPARE(calls[0].where.str(), std::string("g.ls:3:4"));
    QCOMPARE(texts(calls[0]), (std::vector<std::string>{"k", "j"}));
    QCOMPARE(calls[0].args[1].where.str(), std::string("g.ls:3:22"));
    QCOMPARE(calls[1].where.str(), std::string("g.ls:5:1"));
    QCOMPARE(calls[1].command, std::string("parallelize"));
  }

  void crlfAndSpacesAroundTokens() {
    const auto calls = parse_script("S0 . skew ( i , j , -1 ) ;\r\nR.fuse(C0,C1,F)\r\n", "w.ls");
    QCOMPARE(calls.size(), std::size_t(2));
    QCOMPARE(calls[0].command, std::string("skew"));
    QCOMPARE(texts(calls[0]), (std::vector<std::string>{"i", "j", "-1"}));
    QCOMPARE(calls[0].args[2].where.column, 21u);
    QCOMPARE(texts(calls[1]), (std::vector<std::string>{"C0", "C1", "F"}));
    QCOMPARE(calls[1].args[2].where.str(), std::string("w.ls:2:14"));
  }

  void islMapsListsAndStrings() {
    const auto calls = parse_script(
        "S0.set_schedule({ S0[i, j] -> [j, i] : 0 <= i < 10 })\n"
        "S0.space_time_transform({i, j}, {1, 1})\n"
        "S0.rename(i, \"outer, \\\"i\\\"\")  # string\n"
        "S0.shift(f(i, j), [1, (2)])\n"
        "S0.nothing()\n",
        "m.ls");
    QCOMPARE(calls.size(), std::size_t(5));
    QCOMPARE(texts(calls[0]), (std::vector<std::string>{"{ S0[i, j] -> [j, i] : 0 <= i < 10 }"}));
    QCOMPARE(texts(calls[1]), (std::vector<std::string>{"{i, j}", "{1, 1}"}));
    QCOMPARE(calls[1].args[1].where.column, 33u);
    QCOMPARE(texts(calls[2]), (std::vector<std::string>{"i", "outer, \"i\""}));
    QCOMPARE(calls[2].args[1].where.column, 14u);
    QCOMPARE(texts(calls[3]), (std::vector<std::string>{"f(i, j)", "[1, (2)]"}));
    QVERIFY(calls[4].args.empty());
  }

  void formatRoundTrips() {
    const std::string text =
        "S1.tile(j, k, 32, 32, j0, k0, j1, k1)\n"
        "S0.set_schedule({ S0[i, j] -> [j, i] })\n"
        "S0.rename(i, \"a, b\")\n"
        "S0.rename(i, \"#x\")\n"
        "S0.rename(i, \" padded \")\n"
        "S0.rename(i, \"{\")\n"
        "S0.rename(i, \"back\\\\slash\")\n";
    const auto calls = parse_script(text, "r.ls");
    std::string formatted;
    for (const CommandCall& c : calls) formatted += format_call(c) + "\n";
    QCOMPARE(formatted, text);
    const auto again = parse_script(formatted, "r2.ls");
    QCOMPARE(again.size(), calls.size());
    for (std::size_t i = 0; i < calls.size(); ++i) QCOMPARE(texts(again[i]), texts(calls[i]));
  }

  void malformedLines_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no dot") << "S1 interchange(k, j)" << "s.ls:1:4: expected '.' after 'S1' (a command is written TARGET.COMMAND(...))";
    QTest::newRow("no target") << "  .tile(i)" << "s.ls:1:3: expected a statement or node name (e.g. S1), got '.'";
    QTest::newRow("no command") << "S1.(i)" << "s.ls:1:4: expected a command name after '.', got '('";
    QTest::newRow("no parenthesis") << "S1.interchange k, j" << "s.ls:1:16: expected '(' after 'interchange'";
    QTest::newRow("unclosed call") << "\nS1.interchange(k, j" << "s.ls:2:15: missing ')' for this '('";
    QTest::newRow("comment eats the close") << "S1.interchange(k # j)" << "s.ls:1:15: missing ')' for this '('";
    QTest::newRow("empty argument") << "S1.tile(j, , 32)" << "s.ls:1:12: empty argument";
    QTest::newRow("trailing comma") << "S1.tile(j, k,)" << "s.ls:1:14: empty argument";
    QTest::newRow("unclosed brace") << "S0.set_schedule({ S0[i] -> [i]" << "s.ls:1:17: unclosed '{' in this argument";
    QTest::newRow("brace closed by parenthesis")
        << "S0.set_schedule({ S0[i] -> [i] )" << "s.ls:1:32: unbalanced ')' (expected '}')";
    QTest::newRow("wrong closer") << "S0.set_schedule({ S0[i) -> [i] })" << "s.ls:1:23: unbalanced ')' (expected ']')";
    QTest::newRow("stray closer") << "S0.f(a], b)" << "s.ls:1:7: unbalanced ']'";
    QTest::newRow("unterminated string") << "\n\nS0.rename(i, \"abc)" << "s.ls:3:14: unterminated string";
    QTest::newRow("junk after string") << "S0.rename(i, \"a\" b)" << "s.ls:1:18: expected ',' or ')' after an argument, got 'b'";
    QTest::newRow("bad escape") << "S0.rename(i, \"a\\q\")" << "s.ls:1:16: unknown escape '\\q' in a string";
    QTest::newRow("two commands") << "S1.interchange(k, j) S1.parallelize(i)"
                                  << "s.ls:1:22: unexpected 'S' after the command (one command per line)";
    QTest::newRow("quote inside") << "S0.f(a\"b\")" << "s.ls:1:7: a quoted string must be a whole argument";
    QTest::newRow("digit target") << "1S.f()" << "s.ls:1:1: expected a statement or node name (e.g. S1), got '1'";
    QTest::newRow("end after dot") << "S1." << "s.ls:1:4: expected a command name after '.' before the end of the line";
  }
  void malformedLines() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(error_of(text.toStdString())), expected);
  }

  void errorOnLaterLineAfterGoodOnes() {
    QCOMPARE(error_of("S1.interchange(k, j)\n# fine\nS1.tile(j, k, {32, 32\n"),
             std::string("s.ls:3:15: unclosed '{' in this argument"));
  }

  void readScriptFile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.ls").toStdString();
    {
      std::ofstream out(path);
      out << "S1.interchange(k, j)\nS1.tile(j, k, 4, 4\n";
    }
    try {
      read_script(path);
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(std::string(e.what()), path + ":2:8: missing ')' for this '('");
    }
    QVERIFY_THROWS_EXCEPTION(InputError, read_script(dir.filePath("missing.ls").toStdString()));
  }

  // Knobs: tune(...) arguments, their values, and the text written back with
  // the chosen value first (columns of earlier knobs on a line unchanged).
  void knobsAreFoundSetAndWrittenBack() {
    const std::string text =
        "# gemm, tiles to tune\n"
        "S1.tile(i, j, tune(16, 32, 64), tune( 8 ,32 ))\n"
        "S1.unroll(j1, tune(1, 4))  # unroll too\n";
    const auto calls = parse_script(text, "s.ls");
    const std::vector<Knob> knobs = find_knobs(calls);
    QCOMPARE(knobs.size(), std::size_t(3));
    QCOMPARE(knobs[0].values, (std::vector<std::string>{"16", "32", "64"}));
    QCOMPARE(knobs[1].values, (std::vector<std::string>{"8", "32"}));
    QCOMPARE(knobs[2].call, std::size_t(1));
    QCOMPARE(knobs[2].argument, std::size_t(1));
    QCOMPARE(knobs[0].where.line, 2u);
    const auto first = with_first_knob_values(calls);
    QCOMPARE(format_call(first[0]), std::string("S1.tile(i, j, 16, 8)"));
    QCOMPARE(format_call(first[1]), std::string("S1.unroll(j1, 1)"));
    QCOMPARE(format_call(with_knob_values(calls, knobs, {2, 1, 1})[0]), std::string("S1.tile(i, j, 64, 32)"));
    QCOMPARE(with_chosen_values_first(text, knobs, {2, 1, 0}),
             std::string("# gemm, tiles to tune\n"
                         "S1.tile(i, j, tune(64, 16, 32), tune(32, 8))\n"
                         "S1.unroll(j1, tune(1, 4))  # unroll too\n"));
    // Written back, it reads back with the chosen values first.
    const auto again = find_knobs(parse_script(with_chosen_values_first(text, knobs, {2, 1, 0}), "s.ls"));
    QCOMPARE(again[0].values.front(), std::string("64"));
  }

  void malformedKnobsAreRefusedWhereTheyAre() {
    for (const char* bad : {"S1.unroll(j, tune())\n", "S1.unroll(j, tune(1, , 2))\n", "S1.unroll(j, tune(2, 4, 2))\n",
                            "S1.unroll(j, tune(tune(1, 2)))\n"}) {
      try {
        find_knobs(parse_script(bad, "s.ls"));
        QFAIL(bad);
      } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).rfind("s.ls:1:14: ", 0) == 0, e.what());
      }
    }
  }

  void makeCallHasNoLocation() {
    const CommandCall c = make_call("S1", "tile", {"j", "k", "32", "32"});
    QCOMPARE(format_call(c), std::string("S1.tile(j, k, 32, 32)"));
    QVERIFY(!c.args[0].where.known());
  }
};

QTEST_APPLESS_MAIN(TestScript)
#include "test_script.moc"
