// SPDX-License-Identifier: Apache-2.0
// Spec 000's tree operations on named nodes, with the PLUTO mvt walk-through
// (interchange C1, fuse C0 and C1 as F, tile F by 4 x 4 naming G).
#include <QtTest>

#include <fstream>
#include <sstream>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {
std::string golden(const std::string& name) {
  std::ifstream in(std::string(LOOPSCAPE_TEST_DATA) + "/golden/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

class TestTreeOperations : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void plutoMvtWalkThrough() {
    const LoadedProgram l = load_sample("mvt.c");
    QCOMPARE(print_schedule_tree(l.original_schedule), golden("mvt.tree"));
    CommandOutcome o;
    const isl::schedule t0 = apply_all(l, {"C1.interchange(1, 0)"}, &o);
    QCOMPARE(print_schedule_tree(t0), std::string("{ S0[i, j] -> []; S1[i, j] -> [] } : R\n"
                                                  "    { S0[i, j] -> [i, j] } : C0\n"
                                                  "    { S1[i, j] -> [j, i] } : C1\n"));
    const isl::schedule t1 = apply_all(l, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)"}, &o);
    // The fused band is R's only child: the one-child sequence goes, R names the band too.
    QCOMPARE(print_schedule_tree(t1), std::string("{ S0[i, j] -> [i, j]; S1[i, j] -> [j, i] } : R : F\n"
                                                  "    { S0[i, j] -> []; S1[i, j] -> [] }\n"
                                                  "        { S0[i, j] -> [] } : C0\n"
                                                  "        { S1[i, j] -> [] } : C1\n"));
    QVERIFY2(o.description.find("fuses bands C0 and C1 (S0 and S1) into band F") != std::string::npos,
             o.description.c_str());
    const isl::schedule t2 = apply_all(l, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)", "F.tile(4, 4, G)"});
    QCOMPARE(print_schedule_tree(t2),
             std::string("{ S0[i, j] -> [i - (i) mod 4, j - (j) mod 4]; S1[i, j] -> [j - (j) mod 4, i - (i) mod 4] } "
                         ": R : F\n"
                         "    { S0[i, j] -> [(i) mod 4, (j) mod 4]; S1[i, j] -> [(j) mod 4, (i) mod 4] } : G\n"
                         "        { S0[i, j] -> []; S1[i, j] -> [] }\n"
                         "            { S0[i, j] -> [] } : C0\n"
                         "            { S1[i, j] -> [] } : C1\n"));
    QVERIFY(legality(l, t2).legal());
    const std::string diff = run_and_compare(l, t2);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void splitCatApplyInterchange() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = apply_all(l, {"R.split_band(1)"});
    QVERIFY(s.get_map().is_equal(l.original_schedule.get_map()));
    const isl::schedule c = apply_all(l, {"R.split_band(1)", "R.cat()"});
    QCOMPARE(print_schedule_tree(c), print_schedule_tree(l.original_schedule));
    const isl::schedule a = apply_all(l, {"R.apply({ [i, j, k] -> [i, k, j] })"});
    QVERIFY(legality(l, a).legal());
    std::string diff = run_and_compare(l, a);
    QVERIFY2(diff.empty(), diff.c_str());
    QVERIFY(!legality(l, apply_all(l, {"R.apply({ [i, j, k] -> [i, j, -k] })"})).legal());
    const isl::schedule p = apply_all(l, {"R.interchange(2, 0, 1)"});
    QVERIFY(legality(l, p).legal());
    diff = run_and_compare(l, p);
    QVERIFY2(diff.empty(), diff.c_str());
    std::string e = input_error([&] { apply_all(l, {"R.interchange(0, 0)"}); });
    QVERIFY2(e.find("repeated") != std::string::npos, e.c_str());
    e = input_error([&] { apply_all(l, {"R.split_band(3)"}); });
    QVERIFY2(e.find("between 1 and 2") != std::string::npos, e.c_str());
    e = input_error([&] { apply_all(l, {"Q.split(1)"}); });
    QVERIFY2(e.find("neither a statement nor a node") != std::string::npos, e.c_str());
  }

  // N.split and N.distribute, the old spellings of split_band and fission,
  // still work in scripts and the step says the new name; S.split and
  // S.distribute keep their own meaning (strip-mining, MPI ranks).
  void oldNodeSpellingsStillApply() {
    const LoadedProgram l = load_c(kMatmul);
    const CommandOutcome old_split = apply_command(l, l.original_schedule, "R.split(1)");
    QCOMPARE(print_schedule_tree(old_split.schedule),
             print_schedule_tree(apply_all(l, {"R.split_band(1)"})));
    QVERIFY2(old_split.description.find("R.split is the old spelling of R.split_band") != std::string::npos,
             old_split.description.c_str());
    const LoadedProgram m = load_sample("mvt.c");
    const isl::schedule fused = apply_all(m, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)"});
    const CommandOutcome old_fission = apply_command(m, fused, "F.distribute(C0, C1, D, E)");
    QCOMPARE(print_schedule_tree(old_fission.schedule),
             print_schedule_tree(apply_all(m, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)", "F.fission(C0, C1, D, E)"})));
    QVERIFY2(old_fission.description.find("F.distribute is the old spelling of F.fission") != std::string::npos,
             old_fission.description.c_str());
    // The statement forms are untouched: split strip-mines.
    const CommandOutcome strip = apply_command(l, l.original_schedule, "S0.split(k, 4, k0, k1)");
    QVERIFY2(strip.description.find("old spelling") == std::string::npos, strip.description.c_str());
    // Menus list the node forms under their own names only.
    QVERIFY(find_command("split_band", CommandTarget::Node));
    QVERIFY(find_command("fission", CommandTarget::Node));
    QVERIFY(!find_command("split", CommandTarget::Node));
    QVERIFY(!find_command("distribute", CommandTarget::Node));
    QVERIFY(find_command("split")->signature().find("node:") == std::string::npos);
  }

  void indexSetSplitAndNames() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = apply_all(l, {"R.index_set_split({ [i, j, k] : i < 5 }, A, B)"});
    const std::string tree = print_schedule_tree(s);
    QVERIFY2(tree.find(" : A") != std::string::npos && tree.find(" : B") != std::string::npos, tree.c_str());
    QVERIFY(legality(l, s).legal());
    std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Reversing only the second part of the reduction loop is still illegal.
    QVERIFY(!legality(l, apply_all(l, {"R.index_set_split({ [i, j, k] : i < 5 }, A, B)",
                                       "B.apply({ [i, j, k] -> [i, j, -k] })"}))
                 .legal());
    // Naming: node form and statement form.
    const isl::schedule n = apply_all(l, {"R.split_band(1)", "S0.name(j, Inner)", "Inner.interchange(1, 0)"});
    QVERIFY(legality(l, n).legal());
    diff = run_and_compare(l, n);
    QVERIFY2(diff.empty(), diff.c_str());
    const isl::schedule r = apply_all(l, {"R.name(Z)", "Z.split_band(2)"});
    QVERIFY(print_schedule_tree(r).find(" : Z") != std::string::npos);
    const std::string e = input_error([&] { apply_all(l, {"R.split_band(1)", "S0.name(j, Inner)", "R.name(Inner)"}); });
    QVERIFY2(e.find("already names a node") != std::string::npos, e.c_str());
  }

  void distributeAndParallel() {
    const LoadedProgram l = load_sample("mvt.c");
    const isl::schedule d = apply_all(l, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)", "F.fission(C0, C1, D, E)"});
    const std::string tree = print_schedule_tree(d);
    QVERIFY2(tree.find(" : D") != std::string::npos && tree.find(" : E") != std::string::npos, tree.c_str());
    QVERIFY(legality(l, d).legal());
    std::string diff = run_and_compare(l, d);
    QVERIFY2(diff.empty(), diff.c_str());
    // The two products are independent: the root's children may run in any order.
    const isl::schedule p = apply_all(l, {"R.parallel()", "C0.parallel()"});
    QVERIFY2(legality(l, p).legal(), legality(l, p).summary().c_str());
    diff = run_and_compare(l, p);
    QVERIFY2(diff.empty(), diff.c_str());
    // Jacobi-2d: distributing the time loop over the two sweeps is illegal, and so is a parallel time loop.
    const LoadedProgram j = load_sample("jacobi2d.c");
    const std::string jt = print_schedule_tree(j.original_schedule);
    const LegalityReport bad = legality(j, apply_all(j, {"R.fission(C0, C1)"}));
    QVERIFY2(!bad.legal(), jt.c_str());
    const LegalityReport tag = legality(j, apply_all(j, {"R.parallel()"}));
    QVERIFY(!tag.tag_violations.empty());
    // R named the sequence whose children became F (`R : F`): after F's
    // fission R names the sequence that replaces F, and R.parallel() applies.
    const isl::schedule back = apply_all(l, {"C1.interchange(1, 0)", "R.fuse(C0, C1, F)", "F.fission(C1, G)"});
    const std::string back_tree = print_schedule_tree(back);
    QVERIFY2(back_tree.find(" : R") != std::string::npos && back_tree.find(" : G") != std::string::npos,
             back_tree.c_str());
    QVERIFY(!apply_command(l, back, "R.parallel()").description.empty());
  }

  // A node command on a statement says so and how to name a band.
  void nodeCommandOnAStatementSaysWhatToName() {
    const LoadedProgram l = load_sample("mvt.c");
    const std::string why = input_error([&] { apply_command(l, l.original_schedule, "S0.split_band(1)"); });
    QVERIFY2(why.find("split_band works on a named schedule-tree node, and S0 is a statement") != std::string::npos &&
                 why.find("S0.name(L, NEW)") != std::string::npos,
             why.c_str());
  }

  // jacobi-2d (issue 8): after the shift and the fuse, R's sequence has one
  // child; it goes, so that cat finds F directly below R and the time loop and
  // the space loops become one band that a skew by 2t makes tileable.
  void degenerateNodesAreRemovedSoCatComposes() {
    const LoadedProgram l = load_polybench("stencils/jacobi-2d");
    const std::vector<std::string> fused = {"C1.apply({ [i, j] -> [i + 1, j + 1] })", "R.fuse(C0, C1, F)"};
    const std::string tree = print_schedule_tree(apply_all(l, fused));
    QVERIFY2(tree.find("\n    { S0[t, i, j] -> [i, j]; S1[t, i, j] -> [1 + i, 1 + j] } : F\n") != std::string::npos,
             tree.c_str());
    std::vector<std::string> calls = fused;
    calls.push_back("R.cat()");
    CommandOutcome o;
    const isl::schedule cat = apply_all(l, calls, &o);
    QVERIFY2(o.description.find("with 1 band below it") != std::string::npos, o.description.c_str());
    const std::string top = print_schedule_tree(cat).substr(0, print_schedule_tree(cat).find('\n'));
    QVERIFY2(top.find("S0[t, i, j] -> [t, i, j]") != std::string::npos, top.c_str());
    // Nothing left to concatenate: said, not silently done.
    calls.push_back("R.cat()");
    const std::string e = input_error([&] { apply_all(l, calls); });
    QVERIFY2(e.find("cat would change nothing") != std::string::npos, e.c_str());
    calls.pop_back();
    // The unskewed band cannot be tiled; skewed by 2t it can, and it computes the same.
    calls.push_back("R.tile(4, 4, 4, P)");
    QVERIFY(!legality(l, apply_all(l, calls)).legal());
    calls.insert(calls.end() - 1, "R.apply({ [t, i, j] -> [t, 2t + i, 2t + j] })");
    const isl::schedule tiled = apply_all(l, calls);
    QVERIFY2(legality(l, tiled).legal(), legality(l, tiled).summary().c_str());
    const std::string diff = run_and_compare(l, tiled);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void commandThatChangesNothingSaysSo() {
    const LoadedProgram l = load_c(kMatmul);
    std::string e = input_error([&] { apply_all(l, {"S0.shift(i, 0)"}); });
    QVERIFY2(e.find("would change nothing") != std::string::npos, e.c_str());
    e = input_error([&] { apply_all(l, {"R.interchange(0, 1, 2)"}); });
    QVERIFY2(e.find("would change nothing") != std::string::npos, e.c_str());
    QCOMPARE(input_error([&] { apply_all(l, {"S0.shift(i, 1)"}); }), std::string());
  }
};

QTEST_APPLESS_MAIN(TestTreeOperations)
#include "test_tree_operations.moc"
