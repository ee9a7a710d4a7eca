// SPDX-License-Identifier: Apache-2.0
// The isl scratchpad's language (scratchpad/isl_calculator.h): every operation
// compared with isl's own result on the same operands, names, lines, and the
// errors a student makes, each at its line and column; and the plot data of a
// value (scratchpad/scratchpad_plot.h): points, arrows, lexicographic order.
#include <QtTest>

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "scratchpad/isl_calculator.h"
#include "scratchpad/scratchpad_evaluation.h"
#include "scratchpad/scratchpad_plot.h"
#include "support/isl_context.h"

using namespace loopscape;

namespace {

const char* kTriangle = "[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }";
const char* kSquare = "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }";
const char* kShift = "{ S[i, j] -> S[i, j + 1] }";

class IslCalculatorTest : public QObject {
  Q_OBJECT

  IslContext isl_;

  isl::union_set set(const std::string& text) { return isl::union_set(isl_.ctx(), text); }
  isl::union_map map(const std::string& text) { return isl::union_map(isl_.ctx(), text); }

  // The value of the program's last statement; fails the test on an error.
  IslObject last(const std::string& program) {
    const CalculatorResult r = evaluate_isl_calculator(isl_.ctx(), program);
    if (r.error) qWarning("%s", r.error->what());
    if (r.error || r.lines.empty()) throw std::runtime_error("no value");
    return r.lines.back().value;
  }

  void expectSet(const std::string& program, const isl::union_set& want) {
    const IslObject got = last(program);
    QVERIFY2(got.is_set(), program.c_str());
    QVERIFY2(got.set->is_equal(want), (program + " gave " + got.str() + ", isl gives " + isl_string(want)).c_str());
  }

  void expectMap(const std::string& program, const isl::union_map& want) {
    const IslObject got = last(program);
    QVERIFY2(!got.is_set(), program.c_str());
    QVERIFY2(got.map->is_equal(want), (program + " gave " + got.str() + ", isl gives " + isl_string(want)).c_str());
  }

  // The error of `program`: its line, column and a word of its message.
  void expectError(const std::string& program, unsigned line, unsigned column, const std::string& words) {
    const CalculatorResult r = evaluate_isl_calculator(isl_.ctx(), program);
    QVERIFY2(r.error.has_value(), program.c_str());
    const std::string what = r.error->what();
    QVERIFY2(r.error->where().line == line && r.error->where().column == column,
             (program + " -> " + what + " (want " + std::to_string(line) + ":" + std::to_string(column) + ")").c_str());
    QVERIFY2(what.find(words) != std::string::npos, (what + " lacks '" + words + "'").c_str());
  }

 private Q_SLOTS:
  void setOperationsAreIsls() {
    const std::string defs = std::string("T := ") + kTriangle + "\nQ := " + kSquare + "\n";
    expectSet(defs + "T * Q", set(kTriangle).intersect(set(kSquare)));
    expectSet(defs + "T + { S[i, j] : i = 100 and j = 0 }",
              set(kTriangle).unite(set("{ S[i, j] : i = 100 and j = 0 }")));
    expectSet(defs + "Q - T", set(kSquare).subtract(set(kTriangle)));
    expectSet(defs + "lexmin T", set(kTriangle).lexmin());
    expectSet(defs + "lexmax Q", set(kSquare).lexmax());
    expectSet(defs + "coalesce (T + Q)", set(kSquare));
    expectSet(defs + "project_out(T, j)", set("[n] -> { S[i] : 0 <= i < n }"));
    expectSet(defs + "project_out(Q, i, j)", set("[n] -> { S[] : n > 0 }"));
  }

  void mapOperationsAreIsls() {
    const std::string defs = std::string("T := ") + kTriangle + "\nM := " + kShift + "\n";
    const isl::union_map shift = map(kShift);
    expectSet(defs + "M(T)", set(kTriangle).apply(shift));
    expectSet(defs + "T . M", set(kTriangle).apply(shift));
    expectMap(defs + "M . M", shift.apply_range(shift));
    expectMap(defs + "M^-1", shift.reverse());
    expectMap(defs + "M * T", shift.intersect_domain(set(kTriangle)));
    expectMap(defs + "M - T", shift.subtract_domain(set(kTriangle)));
    expectSet(defs + "domain (M * T)", shift.intersect_domain(set(kTriangle)).domain());
    expectSet(defs + "range (M * T)", shift.intersect_domain(set(kTriangle)).range());
    expectSet(defs + "deltas M", set("{ S[0, 1] }"));
    expectMap(defs + "M(M^-1)", shift.reverse().apply_range(shift));
  }

  void lexicographicOrder() {
    const isl::union_set t = set(kTriangle);
    const isl::union_map lt = isl::manage(isl_union_set_lex_lt_union_set(t.copy(), t.copy()));
    expectMap(std::string("T := ") + kTriangle + "\nT << T", lt);
    const isl::union_map ge = isl::manage(isl_union_set_lex_ge_union_set(t.copy(), t.copy()));
    expectMap(std::string("T := ") + kTriangle + "\nT >>= T", ge);
    // A schedule compared with itself: the pairs that run one before the other.
    const isl::union_map schedule = map("{ S[i, j] -> [j, i] }");
    const isl::union_map before = isl::manage(isl_union_map_lex_lt_union_map(schedule.copy(), schedule.copy()));
    expectMap("P := { S[i, j] -> [j, i] }\nP << P", before);
    // Precedence: the comparison binds loosest, the dot tighter than '*'.
    expectMap(std::string("T := ") + kTriangle + "\nT << T * T", lt);
  }

  void linesNamesAndParameters() {
    const CalculatorResult r = evaluate_isl_calculator(isl_.ctx(),
                                                       "# sets\nA := [n] -> { S[i] : 0 <= i < n }; B := [m] -> { S[i] : "
                                                       "i < m }\n\nA * B\n   lexmin A\n");
    QVERIFY(!r.error);
    QCOMPARE(r.lines.size(), std::size_t(4));
    QCOMPARE(r.lines[0].name, std::string("A"));
    QCOMPARE(r.lines[1].name, std::string("B"));
    QCOMPARE(r.lines[1].where.line, 2u);
    QCOMPARE(r.lines[2].source, std::string("A * B"));
    QCOMPARE(r.lines[3].where.line, 5u);
    QCOMPARE(r.lines[3].where.column, 4u);
    QCOMPARE(r.parameters, (std::vector<std::string>{"n", "m"}));
    QCOMPARE(r.line_at_or_before(4)->source, std::string("A * B"));
    QCOMPARE(r.line_at_or_before(1), static_cast<const CalculatorLine*>(nullptr));
    // A literal spread over lines is one statement.
    const CalculatorResult spread = evaluate_isl_calculator(isl_.ctx(), "(\n{ S[i] : 0 <= i < 3 }\n+ { S[5] })\n");
    QVERIFY(!spread.error);
    QCOMPARE(spread.lines.size(), std::size_t(1));
    QVERIFY(spread.lines[0].value.set->is_equal(set("{ S[i] : 0 <= i < 3 or i = 5 }")));
  }

  void errorsPointAtTheColumn() {
    // isl's own syntax errors, placed in the whole text.
    expectError("A := { S[i] : 0 <= i < n }", 1, 24, "unknown identifier");
    expectError("x := { S[0] }\nA := [n] -> { S[i] : 0 <= i <= }", 2, 32, "unexpected");
    expectError("A := { S[i] :\n  0 <= i < 4 + }", 2, 16, "unexpected");
    // The calculator's own.
    expectError("A * B", 1, 1, "'A' is not defined");
    expectError("A := { S[i] }\nA + { S[i] -> S[i] }", 2, 3, "a set meets a map");
    expectError("A := { S[i] }\ndomain A", 2, 1, "domain takes a map");
    expectError("A := { S[i] }\nA^-1", 2, 2, "a set has no inverse");
    expectError("A := { S[i] }\nA^2", 2, 2, "the only power is ^-1");
    expectError("A := { S[i] }\nA(A)", 2, 2, "only a map can be applied");
    expectError("A := { S[i] : i > 0 \n", 1, 6, "no closing '}'");
    expectError("A := { S[i] } }", 1, 15, "unmatched '}'");
    expectError("A := { S[i] } ?", 1, 15, "unexpected character");
    expectError("A := { S[i] } { S[j] }", 1, 15, "expected an operator");
    expectError("A := { S[i, j] }\nproject_out(A, k)", 2, 16, "no dimension is named 'k'");
    expectError("domain := { S[i] }", 1, 1, "choose another name");
    expectError("({ S[i] } + { S[j] }", 1, 21, "expected ')', got the end of the text");
  }

  // Inputs the fuzzer (tests/fuzz) once crashed on, run as it runs them:
  // each is now an error message.
  void fuzzerFindingsAreErrors() {
    const QDir dir(QStringLiteral(LOOPSCAPE_TEST_DATA "/fuzz-regressions/scratchpad"));
    const QStringList files = dir.entryList(QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString& name : files) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly));
      const ScratchpadEvaluation e = evaluate_scratchpad(f.readAll().toStdString(), 1000, {{"n", 5}, {"m", 4}}, 200'000);
      QVERIFY2(e.error.has_value(), qPrintable(name));
    }
    std::string deep = "A := ";
    for (int k = 0; k < 100'000; ++k) deep += k % 2 ? "(" : "domain ";
    expectError(deep, 1, 806, "nests deeper than 200 levels");
    std::string fine = "A := ";
    for (int k = 0; k < 150; ++k) fine += "(";
    fine += "{ S[i] : 0 <= i < 3 }";
    for (int k = 0; k < 150; ++k) fine += ")";
    const CalculatorResult r = evaluate_isl_calculator(isl_.ctx(), fine);
    QVERIFY(!r.error.has_value());
  }

  void statementsBeforeAnErrorKeepTheirValues() {
    const CalculatorResult r = evaluate_isl_calculator(isl_.ctx(), "A := { S[i] : 0 <= i < 4 }\nA\nA + B\nA\n");
    QVERIFY(r.error.has_value());
    QCOMPARE(r.error->where().line, 3u);
    QCOMPARE(r.lines.size(), std::size_t(2));
  }

  void plotDataOfASet() {
    const IslObject triangle = last(kTriangle);
    const PlotData data = scratchpad_plot_data(triangle, {{{"n", 4}}});
    QCOMPARE(data.statements.size(), std::size_t(1));
    QCOMPARE(data.statements[0].name, std::string("S"));
    QCOMPARE(data.statements[0].iterators, (std::vector<std::string>{"i", "j"}));
    QCOMPARE(data.points.size(), std::size_t(10));  // 1 + 2 + 3 + 4
    QCOMPARE(data.step_count(), std::size_t(10));
    // Lexicographic order: S[0,0], S[1,0], S[1,1], S[2,0], ...
    QCOMPARE(data.point_label(0), std::string("S[0, 0]"));
    QCOMPARE(data.point_label(1), std::string("S[1, 0]"));
    QCOMPARE(data.point_label(2), std::string("S[1, 1]"));
    QCOMPARE(data.point_label(9), std::string("S[3, 3]"));
    QVERIFY(data.find_point("S", std::vector<long>{2, 1}).has_value());
    QVERIFY(!data.find_point("S", std::vector<long>{1, 2}).has_value());
    // Two tuples, two colours; an unnamed tuple gets its arity as a name.
    const PlotData two = scratchpad_plot_data(last("{ A[i] : 0 <= i < 3; [x, y] : 0 <= x, y < 2 }"), {});
    QCOMPARE(two.statements.size(), std::size_t(2));
    QCOMPARE(two.points.size(), std::size_t(7));
    QVERIFY(two.statement_index("[2]") >= 0);
  }

  void plotDataOfAMap() {
    const IslObject shift = last(std::string("M := ") + kShift + "\nM * { S[i, j] : 0 <= i, j < 3 }");
    const PlotData data = scratchpad_plot_data(shift, {});
    QCOMPARE(data.arrows.size(), std::size_t(9));
    QCOMPARE(data.points.size(), std::size_t(12));  // 3 x 3 sources, 3 more sinks at j = 3
    for (const PlotArrow& a : data.arrows) {
      const auto from = data.coords(a.source), to = data.coords(a.sink);
      QCOMPARE(to[0], from[0]);
      QCOMPARE(to[1], from[1] + 1);
    }
    QCOMPARE(data.dependence_labels.size(), std::size_t(1));
  }

  void plotRefusesWhatItCannotDraw() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scratchpad_plot_data(last(kTriangle), {}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scratchpad_plot_data(last("{ S[i] : i >= 0 }"), {}));
    ScratchpadPlotRequest capped;
    capped.parameters = {{"n", 1000}};
    capped.max_points = 100;
    const PlotData data = scratchpad_plot_data(last(kSquare), capped);
    QCOMPARE(data.points.size(), std::size_t(100));
    QVERIFY(data.truncated);
    QVERIFY(!data.notes.empty());
  }
};

}  // namespace

QTEST_GUILESS_MAIN(IslCalculatorTest)
#include "test_isl_calculator.moc"
