// SPDX-License-Identifier: Apache-2.0
// Schedule trees: the original schedule of hand-built programs, node names,
// loop lookup by name, tags, dependence-carrying members (also of time-tiled
// bands, and the loops their tile and point loops pin down), the printed form.
#include <QtTest>

#include <isl/cpp.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include "codegen_kernels.h"
#include "command_test_support.h"
#include "golden.h"
#include "schedule/implied_equalities.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/original_schedule.h"
#include "schedule/parallelism.h"
#include "schedule/tags.h"
#include "schedule/tile_loops.h"
#include "schedule/tree_printer.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

// Interchanges two members of the band named `band` (a test stand-in for the
// interchange command): replaces the band by one with permuted members.
isl::schedule interchange(const isl::schedule& s, const std::string& band, int a, int b) {
  isl::schedule_node n = *find_node(s, band);
  isl::multi_union_pw_aff m = n.as<isl::schedule_node_band>().partial_schedule();
  isl::union_pw_aff ua = m.at(a), ub = m.at(b);
  m = m.set_at(a, ub).set_at(b, ua);
  n = isl::manage(isl_schedule_node_delete(n.release()));
  n = n.insert_partial_schedule(m);
  return n.schedule();
}

}  // namespace

class TestScheduleTree : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void mvtTreeIsTheSpecExample() {
    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    const std::string expected =
        "{ S0[i, j] -> []; S1[i, j] -> [] } : R\n"
        "    { S0[i, j] -> [i, j] } : C0\n"
        "    { S1[i, j] -> [i, j] } : C1\n";
    QCOMPARE(print_schedule_tree(s), expected);
    TreePrintOptions with_params;
    with_params.show_parameters = true;
    QVERIFY(print_schedule_tree(s, with_params).rfind("[n] -> { S0[i, j] -> []", 0) == 0);
  }

  void originalTreesMatchGoldenFiles() {
    for (const Kernel& k : all_kernels()) {
      Program p = k.make();
      isl::schedule s = build_original_schedule(p);
      LOOPSCAPE_COMPARE_GOLDEN(k.name + ".tree", print_schedule_tree(s));
    }
  }

  void originalScheduleKeepsTextualOrder() {
    Program p = matmul_program();
    isl::schedule s = build_original_schedule(p);
    // S0 (the init) comes before every S1 instance of the same (i, j).
    isl::union_map m = s.map();
    isl::union_map order = isl::union_map(p.ctx(), "[ni, nj, nk] -> { S0[i, j] -> S1[i, j, k] }");
    isl::union_map before = isl::manage(isl_union_map_lex_lt_union_map(m.copy(), m.copy()));
    QVERIFY(order.intersect_domain(p.domains()).intersect_range(p.domains()).is_subset(before));
    // The region's band is the root R, the inner k loop C0.
    QCOMPARE(node_names(s), (std::vector<std::string>{"R", "C0"}));
    QCOMPARE(isl_schedule_node_get_type(find_node(s, "R")->get()), isl_schedule_node_band);
    QCOMPARE(find_node(s, "R")->as<isl::schedule_node_band>().n_member(), 2u);
  }

  void decreasingLoopsAreScheduledByMinusIterator() {
    Program p = reverse_program();
    const std::string tree = print_schedule_tree(build_original_schedule(p));
    QVERIFY2(tree.find("{ S0[i] -> [-i] } : C0") != std::string::npos, tree.c_str());
    QVERIFY2(tree.find("{ S1[i, j] -> [-i, -j] } : C1") != std::string::npos, tree.c_str());
  }

  void zeroDimensionalStatements() {
    Program p = scalar_program();
    const std::string tree = print_schedule_tree(build_original_schedule(p));
    QVERIFY2(tree.rfind("{ S0[] -> []; S1[i] -> []; S2[] -> []; S3[] -> [] } : R\n", 0) == 0, tree.c_str());
    QVERIFY2(tree.find("    { S0[] -> [] }\n") != std::string::npos, tree.c_str());
    QVERIFY2(tree.find("    { S1[i] -> [i] } : C0\n") != std::string::npos, tree.c_str());
  }

  void namesSurviveTextRoundTrip() {
    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    isl::schedule again = schedule_from_text(p.ctx(), schedule_to_text(s));
    QCOMPARE(print_schedule_tree(again), print_schedule_tree(s));
    QCOMPARE(node_names(again), (std::vector<std::string>{"R", "C0", "C1"}));
    // A named leaf (isl alone cannot read its own text of one back).
    Program z = scalar_program();
    isl::schedule_node leaf = skip_marks(build_original_schedule(z).root().child(0)).child(0).child(0);
    isl::schedule named = set_node_name(leaf, "L").schedule();
    QVERIFY(schedule_to_text(named).find("mark: \"L\", child: { leaf }") != std::string::npos);
    isl::schedule back = schedule_from_text(z.ctx(), schedule_to_text(named));
    QCOMPARE(print_schedule_tree(back), print_schedule_tree(named));
    QVERIFY(print_schedule_tree(back).find("    { S0[] -> [] } : L\n") != std::string::npos);
  }

  void nameFindAndRename() {
    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    auto c1 = find_node(s, "C1");
    QVERIFY(c1);
    QCOMPARE(node_name(*c1), std::string("C1"));
    QVERIFY(!find_node(s, "C7"));
    isl::schedule_node renamed = set_node_name(*c1, "B");
    QCOMPARE(node_name(renamed), std::string("B"));
    QCOMPARE(node_names(renamed.schedule()), (std::vector<std::string>{"R", "C0", "B"}));
    isl::schedule_node cleared = clear_node_name(renamed);
    QCOMPARE(node_name(cleared), std::string());
    QVERIFY(!is_valid_node_name("@x"));
    QVERIFY(!is_valid_node_name("1a"));
    QVERIFY(is_valid_node_name("C_1"));
  }

  void loopsAreFoundByStatementAndIterator() {
    Program p = matmul_program();
    isl::schedule s = build_original_schedule(p);
    auto k = find_loop(p, s, "S1", "k");
    QVERIFY(k);
    QCOMPARE(k->band_name, std::string("C0"));
    QCOMPARE(k->member, 0);
    auto j = find_loop(p, s, "S1", "j");
    QVERIFY(j);
    QCOMPARE(j->band_name, std::string("R"));
    QCOMPARE(j->member, 1);
    QVERIFY(!find_loop(p, s, "S0", "k"));
    QCOMPARE(member_loop_name(p, *find_node(s, "R"), 0), std::string("i"));
    QCOMPARE(loops_of_statement(p, s, "S1").size(), std::size_t(3));

    // After an interchange the loop moves with its member.
    Program m = mvt_program();
    isl::schedule t = interchange(build_original_schedule(m), "C1", 0, 1);
    QCOMPARE(print_schedule_tree(t),
             std::string("{ S0[i, j] -> []; S1[i, j] -> [] } : R\n"
                         "    { S0[i, j] -> [i, j] } : C0\n"
                         "    { S1[i, j] -> [j, i] } : C1\n"));
    auto i1 = find_loop(m, t, "S1", "i");
    QVERIFY(i1);
    QCOMPARE(i1->band_name, std::string("C1"));
    QCOMPARE(i1->member, 1);

    // Reversed members are found too.
    Program r = reverse_program();
    auto ri = find_loop(r, build_original_schedule(r), "S1", "j");
    QVERIFY(ri);
    QVERIFY(ri->reversed);
    QCOMPARE(ri->member, 1);
  }

  void tagsParseAndPrint() {
    auto t = LoopTag::parse("@vector(8)");
    QVERIFY(t);
    QCOMPARE(t->kind, std::string("vector"));
    QCOMPARE(t->args, (std::vector<std::string>{"8"}));
    QCOMPARE(t->mark_id(), std::string("@vector(8)"));
    QVERIFY(!LoopTag::parse("C0"));
    QCOMPARE(LoopTag::parse("@gpu_block(x,y)")->args.size(), std::size_t(2));

    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    isl::schedule_node c1 = tag_band_member(*find_node(s, "C1"), 0, LoopTag{"parallel", {}});
    QCOMPARE(node_name(c1), std::string("C1"));
    QVERIFY(has_tag(c1, "parallel"));
    c1 = tag_band_member(c1, 1, LoopTag{"vector", {"4"}});
    const std::string tree = print_schedule_tree(c1.schedule());
    QCOMPARE(tree, std::string("{ S0[i, j] -> []; S1[i, j] -> [] } : R\n"
                               "    { S0[i, j] -> [i, j] } : C0\n"
                               "    { S1[i, j] -> [i] } : C1 [parallel]\n"
                               "        { S1[i, j] -> [j] } [vector(4)]\n"));
    isl::schedule_node untagged = remove_tags(c1, "vector");
    QVERIFY(!has_tag(untagged, "vector"));
    QVERIFY(subtree_has_tag(untagged.schedule().root(), "parallel"));
    QVERIFY(!subtree_has_tag(untagged.schedule().root(), "vector"));
  }

  void membersCarryingDependences() {
    Program p = matmul_program();
    isl::schedule s = build_original_schedule(p);
    isl::union_map deps(p.ctx(),
                        "[ni, nj, nk] -> { S1[i, j, k] -> S1[i, j, k + 1] : 0 <= i < ni and 0 <= j < nj and 0 <= k < nk - 1;"
                        " S0[i, j] -> S1[i, j, 0] : 0 <= i < ni and 0 <= j < nj and nk > 0 }");
    QCOMPARE(parallel_members(*find_node(s, "R"), deps), (std::vector<bool>{true, true}));
    QCOMPARE(parallel_members(*find_node(s, "C0"), deps), (std::vector<bool>{false}));
    const std::string tree = print_schedule_tree(mark_outermost_parallel_loops(p, s, deps));
    // An automatic tag says so ("auto"): the targets other than OpenMP ignore it.
    QVERIFY2(tree.rfind("{ S0[i, j] -> [i, j]; S1[i, j, k] -> [i, j] } : R [parallel(auto)]\n", 0) == 0, tree.c_str());
    QVERIFY(tree.find("C0 [parallel") == std::string::npos);

    // A dependence carried by the outer loop only: the inner member is split off and tagged.
    Program t = triangular_program();
    isl::schedule ts = build_original_schedule(t);
    isl::union_map tdeps(t.ctx(), "[n] -> { S0[i, j] -> S0[i + 1, j] : 1 <= i < n - 1 and 0 <= j < i }");
    QCOMPARE(parallel_members(*find_node(ts, "R"), tdeps), (std::vector<bool>{false, true}));
    LOOPSCAPE_COMPARE_GOLDEN("triangular_parallel.tree", print_schedule_tree(mark_outermost_parallel_loops(t, ts, tdeps)));

    // mvt: x1[i] accumulates over j.
    Program m = mvt_program();
    isl::schedule ms = build_original_schedule(m);
    isl::union_map mdeps(m.ctx(),
                         "[n] -> { S0[i, j] -> S0[i, j + 1] : 0 <= i < n and 0 <= j < n - 1;"
                         " S1[i, j] -> S1[i, j + 1] : 0 <= i < n and 0 <= j < n - 1 }");
    QCOMPARE(parallel_members(*find_node(ms, "C0"), mdeps), (std::vector<bool>{true, false}));
    // No dependences at all: everything is parallel.
    QCOMPARE(parallel_members(*find_node(ms, "C1"), isl::union_map::empty(m.ctx())),
             (std::vector<bool>{true, true}));
  }

  // A tile loop and its point loop pin down the loop they split, and a
  // wavefront's w = T + I and p = I pin down T: equal times imply equal t and i.
  void tiledDimensionsImplyTheLoopsTheySplit() {
    isl::ctx ctx = isl::ctx(isl_ctx_alloc());
    {
      auto dim = [&](const char* text) { return isl::union_pw_aff(ctx, text); };
      const std::vector<isl::union_pw_aff> wavefront = {
          dim("{ S[t, i] -> [(floor(t / 8) + floor(i / 16))] }"), dim("{ S[t, i] -> [(floor(i / 16))] }"),
          dim("{ S[t, i] -> [(t - 8 * floor(t / 8))] }"), dim("{ S[t, i] -> [(i - 16 * floor(i / 16))] }")};
      QVERIFY(has_divisions(wavefront[0].get()));
      QVERIFY(!has_divisions(dim("{ S[t, i] -> [(2t + i)] }").get()));
      const std::vector<isl::union_pw_aff> implied = implied_affine_dimensions(wavefront);
      QVERIFY(!implied.empty());
      isl::union_map pairs(ctx, "{ S[t, i] -> S[t2, i2] }");
      for (const isl::union_pw_aff& f : implied) {
        QVERIFY(!has_divisions(f.get()));
        pairs = isl::manage(isl_union_map_eq_at_multi_union_pw_aff(pairs.release(),
                                                                   isl::multi_union_pw_aff(f).release()));
      }
      QVERIFY(pairs.is_subset(isl::union_map(ctx, "{ S[t, i] -> S[t, i] }")));
      // Tile loops alone pin nothing down.
      QVERIFY(implied_affine_dimensions({wavefront[0], wavefront[1]}).empty());
    }
    isl_ctx_free(ctx.release());
  }

  // The members of time-tiled bands: parallel_members (which settles the
  // loops inside tiles from the implied equalities, and skips members known
  // to carry a dependence) agrees with asking member by member.
  void tiledBandsAgreeWithOneMemberAtATime() {
    const LoadedProgram heat = load_polybench("stencils/heat-3d");
    const std::vector<std::string> steps = {"S1.shift(i, 1)", "S1.shift(j, 1)", "S1.after(S0, j)", "S0.skew(t, i, 2)",
                                            "S0.skew(t, j, 2)", "S0.tile(t, i, j, 4, 8, 8, T, I, J, t1, i1, j1)",
                                            "S0.skew(T, I, 1, 1, w, p)"};
    const isl::union_map deps = heat.dependences.all();
    int tiled_bands = 0;
    for (std::size_t last = 5; last <= steps.size(); ++last) {
      const isl::schedule s = apply_all(heat, std::vector<std::string>(steps.begin(), steps.begin() + last));
      std::vector<isl::schedule_node> bands;
      s.root().foreach_descendant_top_down([&](const isl::schedule_node& n) {
        if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band) bands.push_back(n);
        return true;
      });
      for (const isl::schedule_node& band : bands) {
        const int n = static_cast<int>(band.as<isl::schedule_node_band>().n_member());
        std::vector<bool> expected, carried;
        for (int m = 0; m < n; ++m) {
          carried.push_back(member_carries_dependence(band, m, deps));
          expected.push_back(!carried.back());
        }
        if (n == 6) ++tiled_bands;
        QCOMPARE(parallel_members(band, deps), expected);
        QCOMPARE(parallel_members(band, deps, true), expected);
        QCOMPARE(parallel_members(band, deps, true, carried), expected);
        std::vector<bool> first_known(carried.size(), false);
        if (!carried.empty()) first_known[0] = carried[0];
        QCOMPARE(parallel_members(band, deps, false, first_known), expected);
      }
    }
    QCOMPARE(tiled_bands, 2);
  }

  void userTagsAreKept() {
    Program p = matmul_program();
    isl::schedule s = build_original_schedule(p);
    // The user made k parallel (wrongly, but it is theirs): no automatic tag above it.
    isl::schedule tagged = tag_band_member(*find_node(s, "C0"), 0, LoopTag{"parallel", {}}).schedule();
    isl::union_map deps = isl::union_map::empty(p.ctx());
    const std::string tree = print_schedule_tree(mark_outermost_parallel_loops(p, tagged, deps));
    QVERIFY2(tree.find("R [parallel") == std::string::npos, tree.c_str());
    QVERIFY2(tree.find("C0 [parallel]") != std::string::npos, tree.c_str());
    const std::optional<LoopTag> automatic = LoopTag::parse("@parallel(auto)");
    QVERIFY(automatic && is_automatic_parallel(*automatic));
    QVERIFY(!is_automatic_parallel(LoopTag{"parallel", {}}));
  }
};

QTEST_APPLESS_MAIN(TestScheduleTree)
#include "test_schedule_tree.moc"
