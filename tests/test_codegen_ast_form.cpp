// SPDX-License-Identifier: Apache-2.0
// The form isl's AST builder gets (codegen/common/ast_form.h): a band of tile loops
// merged with the band below it, across tag marks. Same instances in the same
// order, tags on the same loops; isl gets that form (issue 24: a time-tiled
// wavefront built in 7-14 s with the bands apart, 0.04 s merged).
#include <QtTest>

#include <isl/ast.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include <functional>

#include "codegen/common/ast_form.h"
#include "codegen/common/loop_ast.h"
#include "codegen/registry/registry.h"
#include "command_test_support.h"
#include "session/script.h"
#include "session/session.h"

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

  // build_isl_ast gives isl the merged form: p's parallel mark comes before
  // the outermost loop w, where with the bands apart it sits inside it. (How
  // long each form takes is measured by bench/ast, not here: 8 s against
  // 0.04 s, and isl's operation quota does not see the difference.)
  void theAstBuilderGetsTheMergedForm() {
    Session session = time_tiled_jacobi2d();
    const isl::ast_node ast = build_isl_ast(session.program(), session.schedule());
    isl_ast_node* node = isl_ast_node_copy(ast.get());
    bool parallel_mark_outside = false;
    while (node && isl_ast_node_get_type(node) == isl_ast_node_mark) {
      isl_id* id = isl_ast_node_mark_get_id(node);
      parallel_mark_outside = parallel_mark_outside || std::string(isl_id_get_name(id)).rfind("@parallel", 0) == 0;
      isl_id_free(id);
      isl_ast_node* inner = isl_ast_node_mark_get_node(node);
      isl_ast_node_free(node);
      node = inner;
    }
    QVERIFY(node && isl_ast_node_get_type(node) == isl_ast_node_for);
    isl_ast_node_free(node);
    QVERIFY(parallel_mark_outside);
  }
};

QTEST_GUILESS_MAIN(TestCodegenAstForm)
#include "test_codegen_ast_form.moc"
