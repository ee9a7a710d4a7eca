// SPDX-License-Identifier: Apache-2.0
// Sessions: apply = command + exact legality check; refusals (illegal result,
// bad arguments, unknown command, isl quota) leave the session unchanged;
// undo/redo, preview, schedule_at and script(). The commands here are test
// doubles injected through Session's lookup, so the session is tested on its
// own; tests/test_cli_script.cpp runs the real commands.
#include <QtTest>

#include <isl/aff.h>
#include <isl/cpp.h>
#include <isl/schedule.h>

#include <cstdlib>

#include <memory>
#include <string>

#include "api/loopscape.h"
#include "loading/load_program.h"
#include "session/script.h"
#include "session/session.h"

using namespace loopscape;

namespace {

// A[i][j] depends on A[i-1][j+1]: distance (1, -1), so interchanging i and j is illegal.
const char* kKernel =
    "void kernel(int n, double A[100][100]) {\n"
    "  int i, j;\n"
    "#pragma scop\n"
    "  for (i = 1; i < n; i++)\n"
    "    for (j = 0; j < n - 1; j++)\n"
    "      A[i][j] = A[i - 1][j + 1] + 1.0;\n"
    "#pragma endscop\n"
    "}\n";

// place({ S0[i, j] -> [...] }): the schedule is the domain with that one band.
class PlaceCommand : public Command {
 public:
  std::string name() const override { return "place"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {{{parameter(ParameterKind::IslMap, "MAP", "the schedule")}, {}}};
  }
  std::string summary() const override { return "schedule every statement by MAP (test double)"; }
  CommandOutcome apply(const CommandContext& context, const CommandCall& call,
                       const isl::schedule& schedule) const override {
    if (call.args.size() != 1) throw InputError(call.where, "place takes one map");
    isl::union_map map;
    try {
      map = isl::union_map(context.program.ctx(), call.args[0].text);
    } catch (const isl::exception_quota&) {
      throw;
    } catch (const isl::exception&) {
      throw InputError(call.args[0].where, "not an isl map: '" + call.args[0].text + "'");
    }
    isl::multi_union_pw_aff band = isl::manage(isl_multi_union_pw_aff_from_union_map(map.copy()));
    isl::schedule out =
        isl::schedule::from_domain(schedule.get_domain()).get_root().child(0).insert_partial_schedule(band).get_schedule();
    return CommandOutcome{out, "places " + call.target, {call.target}, "try the identity"};
  }
};

// fail(ARG): always rejects its argument.
class FailCommand : public Command {
 public:
  std::string name() const override { return "fail"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {{{parameter(ParameterKind::Loop, "X", "anything")}, {}}};
  }
  std::string summary() const override { return "rejects its argument (test double)"; }
  CommandOutcome apply(const CommandContext&, const CommandCall& call, const isl::schedule&) const override {
    throw InputError(call.args.at(0).where, "unknown loop '" + call.args.at(0).text + "' of " + call.target);
  }
};

// crash(): fails like a bug would.
class CrashCommand : public Command {
 public:
  std::string name() const override { return "crash"; }
  std::vector<CommandSyntax> syntaxes() const override { return {CommandSyntax{}}; }
  std::string summary() const override { return "throws std::out_of_range (test double)"; }
  CommandOutcome apply(const CommandContext&, const CommandCall& call, const isl::schedule&) const override {
    return CommandOutcome{isl::schedule(), call.args.at(5).text, {}, {}};
  }
};

const PlaceCommand kPlace;
const FailCommand kFail;
const CrashCommand kCrash;
const Command* lookup(const std::string& name) {
  if (name == "place") return &kPlace;
  if (name == "fail") return &kFail;
  if (name == "crash") return &kCrash;
  return nullptr;
}

Session make_session() {
  return Session(load_program_source(kKernel, "kernel.c", CompileOptions{}), lookup);
}

CommandCall line(const std::string& text, unsigned line_number = 1) {
  return *parse_script_line(text, SourceLocation{"t.ls", line_number, 0});
}

bool same(const isl::schedule& a, const isl::schedule& b) {
  return a.get_map().is_equal(b.get_map());
}

const char* kIdentity = "S0.place({ S0[i, j] -> [i, j] })";
const char* kSkew = "S0.place({ S0[i, j] -> [i, i + j] })";
const char* kInterchange = "S0.place({ S0[i, j] -> [j, i] })";
const char* kSkewInterchange = "S0.place({ S0[i, j] -> [i + j, i] })";

}  // namespace

class TestSession : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void startsWithTheOriginalSchedule() {
    Session s = make_session();
    QVERIFY(!s.can_undo());
    QVERIFY(!s.can_redo());
    QVERIFY(s.history().empty());
    QVERIFY(same(s.schedule(), s.loaded().original_schedule));
    QVERIFY(same(s.schedule_at(0), s.loaded().original_schedule));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, s.schedule_at(1));
    QCOMPARE(s.script(), std::string());
  }

  void legalCommandsApplyInOrder() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kSkew, 1)));
    QVERIFY(!s.apply(line(kSkewInterchange, 2)));
    QCOMPARE(s.history().size(), std::size_t(2));
    QCOMPARE(s.history()[0].outcome.description, std::string("places S0"));
    QVERIFY(!same(s.schedule_at(1), s.schedule_at(2)));
    QVERIFY(same(s.schedule(), s.schedule_at(2)));
    QCOMPARE(s.script(), std::string(kSkew) + "\n" + kSkewInterchange + "\n");
  }

  void illegalCommandIsRefusedWithTheReport() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kIdentity, 1)));
    const isl::schedule before = s.schedule();
    const std::optional<Refusal> r = s.apply(line(kInterchange, 7));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Illegal);
    QVERIFY(r->legality);
    QVERIFY(!r->legality->legal());
    QCOMPARE(r->legality->violations.size(), std::size_t(1));
    const DependenceWitness& w = r->legality->violations[0].witness;
    QCOMPARE(w.source_statement, std::string("S0"));
    QCOMPARE(w.sink_iteration.size(), std::size_t(2));
    // The sink is one row below and one column left of its source.
    QCOMPARE(w.sink_iteration[0] - w.source_iteration[0], 1L);
    QCOMPARE(w.sink_iteration[1] - w.source_iteration[1], -1L);
    QVERIFY2(r->message.rfind("t.ls:7:1: error: S0.place({ S0[i, j] -> [j, i] }) is illegal", 0) == 0,
             r->message.c_str());
    QCOMPARE(r->repair_hint, std::string("try the identity"));  // the command's hint first
    const std::string report = r->report();
    for (const char* part : {"broken dependence: ", "dependence: RAW S0 -> S0 on A", "source iteration: S0[",
                             "sink iteration:   S0[", "hint: try the identity"})
      QVERIFY2(report.find(part) != std::string::npos, report.c_str());
    // Unchanged.
    QCOMPARE(s.history().size(), std::size_t(1));
    QVERIFY(same(s.schedule(), before));
  }

  void argumentErrorNamesTheArgument() {
    Session s = make_session();
    const auto r = s.apply(line("S0.fail(q)", 4));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Arguments);
    QVERIFY(!r->legality);
    QCOMPARE(r->message, std::string("t.ls:4:9: error: unknown loop 'q' of S0"));
    const auto bad_map = s.apply(line("S0.place({ S0[i, j] -> [i, ] }  )", 5));
    QVERIFY(bad_map);
    QCOMPARE(bad_map->message, std::string("t.ls:5:10: error: not an isl map: '{ S0[i, j] -> [i, ] }'"));
    QVERIFY(s.history().empty());
  }

  void unknownCommandIsRefused() {
    Session s = make_session();
    const auto r = s.apply(line("S0.frobnicate(i)", 3));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Arguments);
    QVERIFY2(r->message.rfind("t.ls:3:4: error: unknown command 'frobnicate'", 0) == 0, r->message.c_str());
  }

  void quotaIsARefusalAndTheSessionStaysUsable() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kSkew, 1)));
    s.program().isl().set_max_operations(1);
    const auto r = s.apply(line(kSkewInterchange, 2));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Quota);
    QVERIFY2(r->message.find("quota") != std::string::npos, r->message.c_str());
    QVERIFY2(r->message.rfind("t.ls:2:1: error: ", 0) == 0, r->message.c_str());
    QCOMPARE(s.history().size(), std::size_t(1));
    s.program().isl().set_max_operations(IslContext::kDefaultMaxOperations);
    QVERIFY(!s.apply(line(kSkewInterchange, 2)));
    QCOMPARE(s.history().size(), std::size_t(2));
  }

  void unexpectedFailureIsARefusal() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kSkew)));
    const auto r = s.apply(line("S0.crash()", 6));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Internal);
    QVERIFY2(r->message.rfind("t.ls:6:1: error: S0.crash() failed inside the engine: ", 0) == 0, r->message.c_str());
    QCOMPARE(s.history().size(), std::size_t(1));
  }

  void undoRedo() {
    Session s = make_session();
    QVERIFY(!s.undo());
    QVERIFY(!s.redo());
    QVERIFY(!s.apply(line(kIdentity)));
    QVERIFY(!s.apply(line(kSkew)));
    const isl::schedule skewed = s.schedule();
    QVERIFY(s.undo());
    QCOMPARE(s.history().size(), std::size_t(1));
    QVERIFY(s.can_redo());
    QVERIFY(same(s.schedule(), s.schedule_at(1)));
    QVERIFY(s.redo());
    QVERIFY(same(s.schedule(), skewed));
    QVERIFY(!s.can_redo());
    QVERIFY(s.undo());
    QVERIFY(s.undo());
    QVERIFY(same(s.schedule(), s.loaded().original_schedule));
    QCOMPARE(s.redo_list().size(), std::size_t(2));
    // A refused command keeps the redo list; an applied one clears it.
    QVERIFY(s.apply(line(kInterchange)));
    QCOMPARE(s.redo_list().size(), std::size_t(2));
    QVERIFY(!s.apply(line(kSkew)));
    QVERIFY(!s.can_redo());
    QCOMPARE(s.script(), std::string(kSkew) + "\n");
  }

  // A command after undo starts a new line of work; the old one is kept as a
  // variant, and switching swaps the two without replaying anything.
  void theHistoryIsATreeOfVariants() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kIdentity)));
    QVERIFY(!s.apply(line(kSkew)));
    const isl::schedule skewed = s.schedule();
    QVERIFY(s.undo());
    QVERIFY(!s.apply(line(kSkewInterchange)));
    QCOMPARE(s.variants().size(), std::size_t(1));
    QCOMPARE(s.variants()[0].script(), std::string(kIdentity) + "\n" + kSkew + "\n");
    QCOMPARE(s.shared_steps(s.variants()[0]), std::size_t(1));
    QCOMPARE(s.script(), std::string(kIdentity) + "\n" + kSkewInterchange + "\n");
    // The same line twice is kept once.
    QVERIFY(s.undo());
    QVERIFY(!s.apply(line(kSkew)));
    QCOMPARE(s.variants().size(), std::size_t(1));
    QCOMPARE(s.variants()[0].script(), std::string(kIdentity) + "\n" + kSkewInterchange + "\n");
    // Switching: the variant's steps are current, the line left is a variant.
    QVERIFY(same(s.schedule(), skewed));
    QVERIFY(s.switch_to_variant(0));
    QCOMPARE(s.script(), std::string(kIdentity) + "\n" + kSkewInterchange + "\n");
    QCOMPARE(s.variants()[0].script(), std::string(kIdentity) + "\n" + kSkew + "\n");
    QVERIFY(!s.can_redo());
    QVERIFY(s.switch_to_variant(0));
    QVERIFY(same(s.schedule(), skewed));
    QVERIFY(!s.switch_to_variant(3));
    // Undone steps belong to the line left.
    QVERIFY(s.undo());
    QVERIFY(s.switch_to_variant(0));
    QCOMPARE(s.variants()[0].script(), std::string(kIdentity) + "\n" + kSkew + "\n");
  }

  void aVariantFromCommandsIsCheckedAndLeavesTheCurrentLine() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kIdentity)));
    QVERIFY(!s.add_variant({line(kSkew), line(kSkewInterchange)}));
    QCOMPARE(s.variants().size(), std::size_t(1));
    QCOMPARE(s.shared_steps(s.variants()[0]), std::size_t(0));
    QCOMPARE(s.script(), std::string(kIdentity) + "\n");
    // An illegal step: nothing is added.
    const std::optional<Refusal> refused = s.add_variant({line(kInterchange)});
    QVERIFY(refused && refused->kind == Refusal::Kind::Illegal);
    QCOMPARE(s.variants().size(), std::size_t(1));
    // The current line itself, its first steps, or a variant held already: nothing new.
    QVERIFY(!s.add_variant({line(kIdentity)}));
    QVERIFY(!s.add_variant({}));
    QVERIFY(!s.add_variant({line(kSkew), line(kSkewInterchange)}));
    QCOMPARE(s.variants().size(), std::size_t(1));
  }

  // A drag's values replace each other: no variant per value.
  void replacingTheLastStepKeepsNoVariant() {
    Session s = make_session();
    QVERIFY(!s.apply(line(kIdentity)));
    QVERIFY(!s.replace_last(line(kSkew)));
    QVERIFY(!s.replace_last(line(kSkewInterchange)));
    QCOMPARE(s.history().size(), std::size_t(1));
    QVERIFY(s.variants().empty());
    QVERIFY(s.replace_last(line(kInterchange)));  // illegal: unchanged
    QCOMPARE(s.script(), std::string(kSkewInterchange) + "\n");
  }

  // Each step's legality is kept: the original schedule's is checked once
  // (copies of the session share it), an applied step's is the report its
  // command passed, and a command's check starts from its step's report
  // and still refuses what breaks a dependence.
  void legalityOfEachStepIsKept() {
    Session s = make_session();
    const std::shared_ptr<const LegalityReport> original = s.legality_at(0);
    QVERIFY(original && original->legal() && original->statement_times);
    QCOMPARE(s.legality_at(0).get(), original.get());
    const Session copy = s;
    QCOMPARE(copy.legality_at(0).get(), original.get());
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, s.legality_at(1));
    QVERIFY(s.apply(line(kInterchange)));  // refused from the original's report
    QVERIFY(!s.apply(line(kSkew)));
    QCOMPARE(s.legality_at(1).get(), s.history()[0].legality.get());
    QVERIFY(s.legality_at(1)->legal());
    QVERIFY(s.apply(line(kInterchange)));  // refused from the skewed step's report
    QVERIFY(!s.apply(line(kSkewInterchange)));
    QVERIFY(s.undo());
    QVERIFY(s.undo());
    QCOMPARE(s.legality_at(0).get(), original.get());
  }

  void previewChangesNothing() {
    Session s = make_session();
    auto legal = s.preview(line(kSkew));
    QVERIFY(std::holds_alternative<AppliedCommand>(legal));
    QVERIFY(!same(std::get<AppliedCommand>(legal).outcome.schedule, s.schedule()));
    auto illegal = s.preview(line(kInterchange));
    QVERIFY(std::holds_alternative<Refusal>(illegal));
    QVERIFY(s.history().empty());
    QVERIFY(same(s.schedule(), s.loaded().original_schedule));
  }

  void applyOrThrowCarriesTheRefusal() {
    Session s = make_session();
    try {
      s.apply_or_throw(line(kInterchange, 9));
      QFAIL("no exception");
    } catch (const CommandRefused& e) {
      QCOMPARE(e.refusal().kind, Refusal::Kind::Illegal);
      QCOMPARE(std::string(e.what()), e.refusal().report());
    }
    QVERIFY(s.history().empty());
  }

  void scriptRoundTrip() {
    Session s = make_session();
    const auto calls = parse_script(std::string(kSkew) + "  # skew\n\n" + kSkewInterchange + "\n", "r.ls");
    const ScriptRun run = apply_script(s, calls);
    QVERIFY(!run.refusal);
    QCOMPARE(run.applied, std::size_t(2));
    Session again = make_session();
    QVERIFY(!apply_script(again, parse_script(s.script(), "again.ls")).refusal);
    // Different isl contexts: compare the text.
    char* a = isl_schedule_to_str(again.schedule().get());
    char* b = isl_schedule_to_str(s.schedule().get());
    const std::string ta(a), tb(b);
    free(a);
    free(b);
    QCOMPARE(ta, tb);
  }

  void scriptStopsAtTheFirstRefusal() {
    Session s = make_session();
    const auto calls = parse_script(std::string(kSkew) + "\n" + kInterchange + "\n" + kIdentity + "\n", "x.ls");
    const ScriptRun run = apply_script(s, calls);
    QCOMPARE(run.applied, std::size_t(1));
    QVERIFY(run.refusal);
    QCOMPARE(run.refusal->call.where.line, 2u);
    QCOMPARE(s.history().size(), std::size_t(1));
  }

  void apiStatementHandle() {
    Session s = make_session();
    StatementHandle S0 = s.statement("S0");
    S0.call("place", {"{ S0[i, j] -> [i, i + j] }"});
    QCOMPARE(s.history().size(), std::size_t(1));
    QVERIFY_THROWS_EXCEPTION(CommandRefused, S0.call("place", {"{ S0[i, j] -> [j, i] }"}));
    QVERIFY_THROWS_EXCEPTION(CommandRefused, S0.call("fail", {"k", 3}));
    QCOMPARE(s.history().size(), std::size_t(1));
    loopscape::apply(s, kSkewInterchange);
    QCOMPARE(s.history().size(), std::size_t(2));
    QVERIFY_THROWS_EXCEPTION(InputError, loopscape::apply(s, "S0.place("));
    // emit prints the whole file with the region replaced.
    const std::string code = emit_code(s, "openmp");
    QVERIFY2(code.find("void kernel(int n, double A[100][100])") != std::string::npos, code.c_str());
    QVERIFY(emit_code(s, "tree").find("S0") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
