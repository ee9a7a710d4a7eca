// SPDX-License-Identifier: Apache-2.0
// tile: statement form (2-D and 3-D), names in the tree, legal and illegal cases, run and compare.
#include <QtTest>

#include "command_test_support.h"
#include "session/session.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandTile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void stencilTimeLoopNeedsSkewing() {
    const LoadedProgram l = load_c(kStencil1D);
    CommandOutcome o;
    const isl::schedule plain = apply_all(l, {"S0.tile(t, i, 4, 4)"}, &o);
    const LegalityReport bad = legality(l, plain);
    QVERIFY(!bad.legal());
    QVERIFY2(!bad.violations.empty(), bad.summary().c_str());
    const DependenceWitness& w = bad.violations[0].witness;
    QCOMPARE(w.source_statement, std::string("S0"));
    // The witness goes one step in t and one step back in i, across a tile boundary in i.
    QCOMPARE(w.sink_iteration[0] - w.source_iteration[0], 1L);
    QCOMPARE(w.sink_iteration[1] - w.source_iteration[1], -1L);
    // The session's hint is a skew it tried: with it, the same tile is legal.
    Session session(load_c(kStencil1D));
    const std::optional<Refusal> refused = session.apply(parse_call("S0.tile(t, i, 4, 4)"));
    QVERIFY(refused);
    QVERIFY2(refused->repair_hint.find("S0.skew(t, i, 1)") != std::string::npos, refused->repair_hint.c_str());

    const isl::schedule skewed = apply_all(l, {"S0.skew(t, i, 1)", "S0.tile(t, i, 4, 4)"}, &o);
    const LegalityReport good = legality(l, skewed);
    QVERIFY2(good.legal(), good.summary().c_str());
    QVERIFY2(o.description.find("into t0, i0, t1, i1") != std::string::npos, o.description.c_str());
    const std::string diff = run_and_compare(l, skewed);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  // Hints tried before they are offered (issue 23): after a skew by 1 that
  // is not enough, jacobi-1d needs S1 fused into S0's loops first, and the
  // hint says so with the commands that make the tile legal.
  void refusedTileGetsARepairThatWorks_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("before");
    QTest::newRow("jacobi-1d after a skew by 1") << "stencils/jacobi-1d" << QStringList{"S0.skew(t, i, 1)"};
    QTest::newRow("jacobi-1d") << "stencils/jacobi-1d" << QStringList{};
    QTest::newRow("heat-3d after a skew by 1") << "stencils/heat-3d" << QStringList{"S0.skew(t, i, 1)"};
  }
  void refusedTileGetsARepairThatWorks() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, before);
    Session session(std::make_shared<const LoadedProgram>(load_polybench(kernel.toStdString())));
    for (const QString& c : before) QVERIFY(!session.apply(parse_call(c.toStdString())));
    const std::optional<Refusal> refused = session.apply(parse_call("S0.tile(t, i, 4, 4)"));
    QVERIFY(refused);
    const std::string& hint = refused->repair_hint;
    const std::size_t first = hint.find("first: ");
    QVERIFY2(first != std::string::npos, hint.c_str());
    // Replay the hinted commands, then the tile: legal.
    const std::string steps = hint.substr(first + 7, hint.find(", then tile") - first - 7);
    QVERIFY2(steps.find("S1.after(S0, i)") != std::string::npos, hint.c_str());
    std::size_t at = 0;
    while (at < steps.size()) {
      const std::size_t end = std::min(steps.find("; ", at), steps.size());
      QVERIFY2(!session.apply(parse_call(steps.substr(at, end - at))), steps.c_str());
      at = end + 2;
    }
    QVERIFY2(!session.apply(parse_call("S0.tile(t, i, 4, 4)")), hint.c_str());
  }

  // lu: tiling S0's j and k cannot be made legal by skewing S0's loops: S1
  // shares j with S0 and must run between S0's iterations. The hint says that.
  void refusedTileNamesTheStatementInTheWay() {
    Session session(std::make_shared<const LoadedProgram>(load_polybench("linear-algebra/solvers/lu")));
    const std::optional<Refusal> refused = session.apply(parse_call("S0.tile(j, k, 4, 4)"));
    QVERIFY(refused);
    const std::string& hint = refused->repair_hint;
    QVERIFY2(hint.find("no skew of k by j") != std::string::npos, hint.c_str());
    QVERIFY2(hint.find("links S0 with S1") != std::string::npos, hint.c_str());
    QVERIFY2(hint.find("S0.skew(") == std::string::npos, hint.c_str());
  }

  void matmulTiledAndNamed() {
    const LoadedProgram l = load_c(kMatmul);
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.tile(i, j, 8, 4, i0, j0, i1, j1)"}, &o);
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    QCOMPARE(o.changed_statements, std::vector<std::string>{"S0"});
    // Created names live in the tree and address the loops afterwards.
    const std::string tree = print_schedule_tree(s);
    QVERIFY2(tree.find("loops(i0,j0,i1,j1,)") != std::string::npos, tree.c_str());
    const isl::schedule again = apply_all(l, {"S0.tile(i, j, 8, 4, i0, j0, i1, j1)", "S0.interchange(j1, k)"});
    QVERIFY(legality(l, again).legal());
    const std::string diff = run_and_compare(l, again);
    QVERIFY2(diff.empty(), diff.c_str());
    // The generated code names the loops as the commands did, in their new order.
    const std::string code = generate(l.program, again, l.dependences.all(), "c").text;
    std::size_t at = 0;
    for (const char* loop : {"for (int i0 = ", "for (int j0 = ", "for (int i1 = ", "for (int k = ", "for (int j1 = "}) {
      at = code.find(loop, at);
      QVERIFY2(at != std::string::npos, (std::string(loop) + " in\n" + code).c_str());
    }
    // The source names of tiled loops are gone.
    const std::string err = input_error([&] { apply_command(l, s, "S0.loop_reversal(i)"); });
    QVERIFY2(err.find("has no loop 'i'") != std::string::npos && err.find("i0, j0, i1, j1, k") != std::string::npos,
             err.c_str());
  }

  void threeDimensional() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = apply_all(l, {"S0.tile(i, j, k, 4, 4, 8)"});
    QVERIFY(legality(l, s).legal());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Reordering the point loops of the reduction keeps the dependences; moving k1 outward past k0 does not.
    const isl::schedule bad = apply_all(l, {"S0.tile(i, j, k, 4, 4, 8)", "S0.interchange(k0, k1)"});
    QVERIFY(!legality(l, bad).legal());
  }

  void argumentErrors() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = l.original_schedule;
    std::string e = input_error([&] { apply_command(l, s, "S0.tile(i, j, 0, 4)"); });
    QVERIFY2(e.find("script:1:15") != std::string::npos && e.find("positive") != std::string::npos, e.c_str());
    e = input_error([&] { apply_command(l, s, "S0.tile(i, k, 4, 4)"); });
    QVERIFY2(e.find("consecutive") != std::string::npos, e.c_str());
    e = input_error([&] { apply_command(l, s, "S0.tile(i, j, 4)"); });
    QVERIFY2(e.find("takes") != std::string::npos, e.c_str());
    e = input_error([&] { apply_command(l, s, "S0.tile(i, j, 4, 4, a, b, c, k)"); });
    QVERIFY2(e.find("'k' already names a loop") != std::string::npos, e.c_str());
    e = input_error([&] { apply_command(l, s, "S9.tile(i, j, 4, 4)"); });
    QVERIFY2(!e.empty(), e.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandTile)
#include "test_command_tile.moc"
