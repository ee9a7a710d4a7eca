// SPDX-License-Identifier: Apache-2.0
// Command::unavailable: the cheap preconditions the menus use to offer only
// what may apply. Each case puts an available place (and the command applied
// there) next to an unavailable one with its reason, on real kernels.
#include <QtTest>

#include "commands/availability.h"
#include "commands/loop_resolution.h"
#include "session/script.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

Kernel load_sample_kernel(const std::string& name) {
  return Kernel{std::make_unique<LoadedProgram>(testing::load_sample(name))};
}

// The reason `command` gives for `statement` (at `loop`); "" when it may apply.
std::string why(const Kernel& k, const isl::schedule& schedule, const std::string& command,
                const std::string& statement, const std::string& loop = {}) {
  const Command* c = find_command(command);
  if (!c) throw std::runtime_error("no command " + command);
  return c->unavailable(CommandContext{k.program(), k.dependences()}, schedule, statement, loop);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One statement in one loop, alone in its region.
const char* kOneLoop =
    "#define N 16\n"
    "void kernel(double A[N], double B[N]) {\n"
    "  int i;\n"
    "#pragma scop\n"
    "  for (i = 0; i < N; i++)\n"
    "    B[i] = A[i] * 2.0;\n"
    "#pragma endscop\n"
    "}\n";

}  // namespace

class TestCommandAvailability : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void loopCountsDecideTheLoopTransforms() {
    const Kernel matmul = load_sample_kernel("matmul.c");
    const isl::schedule s = matmul.original();
    // tile and skew start at the loop pointed at and need one inside it.
    QCOMPARE(why(matmul, s, "tile", "S1", "i"), std::string());
    QVERIFY(!apply(matmul, s, "S1", "tile", {"i", "j", "4", "4"}).schedule.is_null());
    QCOMPARE(why(matmul, s, "tile", "S1", "k"), std::string("k is the innermost loop of S1: needs a loop inside it"));
    QCOMPARE(why(matmul, s, "skew", "S1", "j"), std::string());
    QVERIFY(contains(why(matmul, s, "skew", "S1", "k"), "innermost"));
    // interchange swaps any two loops, so the innermost one is fine.
    QCOMPARE(why(matmul, s, "interchange", "S1", "k"), std::string());
    QCOMPARE(why(matmul, s, "after", "S1"), std::string());

    const Kernel one = load_kernel(kOneLoop);
    QCOMPARE(why(one, one.original(), "interchange", "S0"), std::string("needs two loops; S0 has one (i)"));
    QCOMPARE(why(one, one.original(), "tile", "S0", "i"), std::string("needs two loops; S0 has one (i)"));
    QCOMPARE(why(one, one.original(), "parallelize", "S0", "i"), std::string());
    QVERIFY(!apply(one, one.original(), "S0", "parallelize", {"i"}).schedule.is_null());
    QVERIFY(contains(why(one, one.original(), "after", "S0"), "only statement"));
    QVERIFY(contains(why(one, one.original(), "compute_at", "S0"), "only statement"));
  }

  void inliningAndLayoutNeedATemporary() {
    const Kernel k = load_sample_kernel("image_pipeline.c");  // S0 writes b1, S1 b2 (row buffers), S2 out
    const isl::schedule s = k.original();
    QCOMPARE(why(k, s, "inline", "S0"), std::string());
    const CommandOutcome inlined = apply(k, s, "S0", "inline", {});
    QCOMPARE(why(k, inlined.schedule, "inline", "S0"), std::string("S0 is inlined already"));
    const std::string output = why(k, s, "inline", "S2");
    QVERIFY2(contains(output, "S2 writes out") && contains(output, "only temporaries can be inlined"), output.c_str());
    // The command refuses with the same reason.
    QVERIFY2(contains(refusal(k, s, "S2", "inline", {}), output), refusal(k, s, "S2", "inline", {}).c_str());

    QCOMPARE(why(k, s, "store_in", "S1"), std::string());
    QVERIFY(!apply(k, s, "S1", "store_in", {"T", "{j, c}"}).schedule.is_null());
    QVERIFY(contains(why(k, s, "store_in", "S2"), "S2 writes out, which code after the region can see"));
    // Folds follow the statement's source loops, not the ones commands create.
    QCOMPARE(why(k, s, "storage_fold", "S0", "j"), std::string());
    const CommandOutcome split = apply(k, s, "S0", "split", {"j", "4"});
    QCOMPARE(why(k, split.schedule, "storage_fold", "S0", "j0"),
             std::string("j0 is not a source loop of S0 (i, j, c): folds follow source loops"));
    QVERIFY(contains(why(k, s, "storage_fold", "S2", "j"), "S2 writes out"));
  }

  void tagsDecideTheCommandsThatFollowThem() {
    const Kernel ranks = load_kernel(kRankKernel);
    const isl::schedule s = ranks.original();
    QCOMPARE(why(ranks, s, "send", "S0"), std::string("S0 has no distributed loop: distribute one first"));
    QCOMPARE(why(ranks, s, "receive", "S0", "i"),
             std::string("loop i of S0 is not inside a distributed loop: distribute one first"));
    const CommandOutcome rows = apply(ranks, s, "S0", "distribute", {"r"});
    QCOMPARE(why(ranks, rows.schedule, "send", "S0", "i"), std::string());
    QVERIFY(!apply(ranks, rows.schedule, "S0", "send", {"i", "A", "1", "0"}).schedule.is_null());
    const CommandOutcome columns = apply(ranks, s, "S0", "distribute", {"i"});
    QCOMPARE(why(ranks, columns.schedule, "send", "S0", "i"), std::string());
    QVERIFY(contains(why(ranks, columns.schedule, "send", "S0", "r"), "not inside a distributed loop"));

    const Kernel matmul = load_sample_kernel("matmul.c");
    const isl::schedule m = matmul.original();
    QCOMPARE(why(matmul, m, "gpu", "S1", "i"), std::string());
    QVERIFY(contains(why(matmul, m, "gpu", "S1", "k"), "innermost"));
    QVERIFY(contains(why(matmul, m, "cache_shared_at", "S0"), "no statement that uses c is mapped to the GPU"));
    const CommandOutcome mapped = apply(matmul, m, "S1", "gpu", {"i", "j"});
    QCOMPARE(why(matmul, mapped.schedule, "gpu", "S1", "i"), std::string("S1 is already mapped to the GPU"));
    QCOMPARE(why(matmul, mapped.schedule, "tile_gpu", "S1"), std::string("S1 is already mapped to the GPU"));
    QCOMPARE(why(matmul, mapped.schedule, "cache_shared_at", "S0"), std::string());

    QCOMPARE(why(matmul, m, "space_time_transform", "S1"), std::string());
    const CommandOutcome tiled = apply(matmul, m, "S1", "tile", {"i", "j", "4", "4"});
    QVERIFY(contains(why(matmul, tiled.schedule, "space_time_transform", "S1"), "is no source loop"));
  }

  void tableAsksEveryStatementAtEveryLoop() {
    const Kernel matmul = load_sample_kernel("matmul.c");
    const CommandAvailability table =
        command_availability(CommandContext{matmul.program(), matmul.dependences()}, matmul.original());
    QCOMPARE(table.reason("tile", "S1", "k"), why(matmul, matmul.original(), "tile", "S1", "k"));
    QVERIFY(!table.reason("tile", "S1", "k").empty());
    QCOMPARE(table.reason("tile", "S1", "i"), std::string());
    QCOMPARE(table.reason("send", "S0"), std::string("S0 has no distributed loop: distribute one first"));
    QVERIFY(!table.reason("inline", "S1").empty());
    // A loop S0 does not have was not asked about.
    QCOMPARE(table.reason("tile", "S0", "k"), std::string());
    // The dispatching form (tile on a statement or a node) answers as the statement form.
    QCOMPARE(find_command("tile")->unavailable(CommandContext{matmul.program(), matmul.dependences()},
                                               matmul.original(), "S1", "k"),
             find_command("tile", CommandTarget::Statement)
                 ->unavailable(CommandContext{matmul.program(), matmul.dependences()}, matmul.original(), "S1", "k"));
  }

  // The time-tiling sample scripts (issue 8) are made of clicks: before each
  // statement command of a script, the menus offer it for its statement and
  // loop (the first argument when it names a loop of the statement).
  void timeTilingScriptsUseOfferedCommands() {
    for (const char* kernel : {"jacobi-1d", "jacobi-2d", "heat-3d", "seidel-2d", "fdtd-2d"}) {
      const LoadedProgram l = testing::load_polybench(std::string("stencils/") + kernel);
      const CommandContext context{l.program, l.dependences};
      isl::schedule s = l.original_schedule;
      const std::vector<CommandCall> calls =
          read_script(std::string(LOOPSCAPE_SAMPLES) + "/scripts/time_tiling/" + kernel + ".ls");
      QVERIFY(calls.size() >= 5);
      for (const CommandCall& call : calls) {
        const Command* c = find_command(call.command);
        QVERIFY2(c, call.script_text().c_str());
        if (l.program.find_statement(call.target)) {
          std::string loop;
          for (const StatementLoop& sl :
               statement_loops(l.program, to_edit_tree(s), *l.program.find_statement(call.target)))
            if (!call.args.empty() && sl.name == call.args[0].text) loop = sl.name;
          const std::string reason = command_availability(context, s).reason(call.command, call.target, loop);
          QVERIFY2(reason.empty(), (std::string(kernel) + ": " + call.script_text() + ": " + reason).c_str());
        }
        s = c->apply(context, call, s).schedule;
      }
      QVERIFY(check_schedule(l.program, l.dependences, s).legal());
    }
  }
};

QTEST_GUILESS_MAIN(TestCommandAvailability)
#include "test_command_availability.moc"
