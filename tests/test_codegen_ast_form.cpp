// The form isl's AST builder gets (codegen/ast_form.h): a band of tile loops
// merged with the band below it, across tag marks. Same instances in the same
// order, tags on the same loops, and a time-tiled wavefront that builds
// within a quota the bands apart exceed (issue 24: 7-14 s before).
#include <QtTest>

#include <isl/ast_build.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <functional>

#include "codegen/ast_form.h"
#include "codegen/loop_ast.h"
#include "codegen/target.h"
#include "command_test_support.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

int count_bands(const isl::schedule& schedule) {
  int bands = 0;
  isl_schedule_foreach_schedule_node_top_down(
      schedule.get(),
      [](isl_schedule_node* node, void* user) {
        if (isl_schedule_node_get_type(node) == isl_schedule_node_band) ++*static_cast<int*>(user);
        return isl_bool_true;
      },
      &bands);
  return bands;
}

Session time_tiled_jacobi2d() {
  Session session(load_polybench("stencils/jacobi-2d"));
  const ScriptRun run =
      apply_script(session, read_script(std::string(LOOPSCAPE_SAMPLES) + "/scripts/time_tiling/jacobi-2d.ls"));
  if (run.refusal) throw std::runtime_error(run.refusal->report());
  return session;
}

const LoopNode* find_loop(const LoopNode& node, const std::function<bool(const LoopNode&)>& wanted) {
  if (node.kind == LoopNodeKind::For && wanted(node)) return &node;
  for (const auto& child : node.children)
    if (const LoopNode* found = find_loop(*child, wanted)) return found;
  return nullptr;
}

}  // namespace

class TestCodegenAstForm : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void mergingKeepsTheOrderOfInstances() {
    Session session = time_tiled_jacobi2d();
    const isl::schedule schedule = session.schedule();
    const isl::schedule merged = with_tile_bands_merged(schedule);
    QVERIFY(isl_union_map_is_equal(schedule.get_map().get(), merged.get_map().get()) == isl_bool_true);
    QCOMPARE(count_bands(merged), count_bands(schedule) - 1);  // w joined p, t1, i1 across the parallel mark
  }

  void untiledBandsStayApart() {
    Session session(load_polybench("stencils/jacobi-2d"));
    const ScriptRun run = apply_script(session, parse_script("S0.parallelize(i)", "test"));
    QVERIFY2(!run.refusal, run.refusal ? run.refusal->report().c_str() : "");
    const isl::schedule merged = with_tile_bands_merged(session.schedule());
    QCOMPARE(count_bands(merged), count_bands(session.schedule()));
  }

  // The parallel tag of p stays on p's loop (schedule depth 1), not on w.
  void tagsStayOnTheirLoops() {
    Session session = time_tiled_jacobi2d();
    const LoopNodePtr ast = build_loop_ast(session.program(), session.schedule());
    const LoopNode* parallel = find_loop(*ast, [](const LoopNode& n) { return n.has_tag("parallel"); });
    QVERIFY(parallel);
    QCOMPARE(QString::fromStdString(parallel->given_name.empty() ? parallel->iterator : parallel->given_name),
             QStringLiteral("p"));
    const LoopNode* outer = find_loop(*ast, [](const LoopNode&) { return true; });
    QVERIFY(outer && outer != parallel);
    QVERIFY(!outer->has_tag("parallel"));
    const GeneratedCode code = generate(session.program(), session.schedule(), session.dependences().all(), "openmp");
    QVERIFY(code.text.find("#pragma omp parallel for") != std::string::npos);
  }

  // isl's operation count, not a clock: the merged form builds within a
  // quota that the bands apart run past.
  void timeTiledWavefrontBuildsWithinASmallQuota() {
    Session session = time_tiled_jacobi2d();
    const Program& program = session.program();
    constexpr unsigned long kQuota = 2'000'000;
    program.isl().set_max_operations(kQuota);
    isl::ast_node ast;
    try {
      ast = build_isl_ast(program, session.schedule());
    } catch (const IslError& e) {
      QFAIL(e.what());
    }
    QVERIFY(!ast.is_null());
    bool apart_stopped = false;
    try {
      program.isl().bounded("bands apart", [&] {
        const isl::union_set domains = session.schedule().domain();
        isl::set context = isl::manage(isl_set_universe(isl_union_set_get_space(domains.get())));
        if (!program.context.is_null()) context = context.intersect(program.context);
        (void)isl::ast_build::from_context(context).node_from(session.schedule());
      });
    } catch (const IslError& e) {
      apart_stopped = e.quota_exceeded();
    }
    QVERIFY2(apart_stopped, "the bands apart built within the quota: the test no longer shows the difference");
    program.isl().set_max_operations(IslContext::kDefaultMaxOperations);
  }
};

QTEST_GUILESS_MAIN(TestCodegenAstForm)
#include "test_codegen_ast_form.moc"
