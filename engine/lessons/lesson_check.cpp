#include "lessons/lesson_check.h"

#include <isl/union_map.h>

#include "analysis/legality.h"
#include "codegen/emitter.h"
#include "codegen/target.h"
#include "commands/tag_support.h"
#include "runner/runner.h"
#include "session/script.h"

namespace loopscape {

bool ExerciseOutcome::passed() const {
  for (const CheckOutcome& c : checks)
    if (!c.passed) return false;
  return true;
}

std::string ExerciseOutcome::feedback() const {
  std::string out;
  for (const CheckOutcome& c : checks)
    if (!c.passed) out += c.feedback + "\n";
  return out;
}

namespace {

// "x before y" for every pair of instances the schedule orders.
isl::union_map runs_before(const isl::schedule& schedule) {
  const isl::union_map map = schedule.get_map().intersect_domain(schedule.domain());
  return isl::manage(isl_union_map_lex_lt_union_map(map.copy(), map.copy()));
}

const Statement& statement_named(const Program& program, const std::string& name, const LessonCheck& c) {
  const Statement* s = program.find_statement(name);
  if (!s) throw InputError(c.where, "the lesson's kernel has no statement " + name);
  return *s;
}

// What the check finds; the feedback is the engine's explanation.
std::pair<bool, std::string> evaluate(const Session& session, const LessonCheck& c) {
  const Program& program = session.program();
  const isl::schedule& schedule = session.schedule();
  if (c.kind == "legal") {
    const LegalityReport report = check_schedule(program, session.dependences(), schedule);
    return {report.legal(), "the schedule is not legal: " + report.summary()};
  }
  if (c.kind == "parallel" || c.kind == "carried" || c.kind == "tagged") {
    const Statement& s = statement_named(program, c.args[0], c);
    tag_support::TagLoop loop;
    try {
      loop = tag_support::resolve_tag_loop(program, schedule, s, CommandArgument{c.args[1], c.where});
    } catch (const InputError& e) {
      return {false, e.what()};
    }
    if (c.kind == "tagged") {
      for (const auto& [depth, tag] : tag_support::statement_tags(program, schedule, s))
        if (depth == loop.depth && tag.kind == c.args[2]) return {true, ""};
      return {false, "loop " + c.args[1] + " of " + s.name + " is not tagged " + c.args[2]};
    }
    const LoopDependenceCheck carried = carried_by(program, session.dependences(), loop.loop.band, loop.loop.member);
    if (c.kind == "parallel") return {!carried.carried, carried.explanation};
    return {carried.carried, "loop " + c.args[1] + " of " + s.name + " carries no dependence"};
  }
  if (c.kind == "loops") {
    const Statement& s = statement_named(program, c.args[0], c);
    const std::size_t have = tag_support::loops_of(program, schedule, s).size();
    return {std::to_string(have) == c.args[1],
            s.name + " has " + std::to_string(have) + " loop" + (have == 1 ? "" : "s") + ", not " + c.args[1]};
  }
  if (c.kind == "same-results") {
    const GeneratedCode code = generate(program, schedule, session.dependences().all(), "c", {}, nullptr,
                                        &session.dependences());
    const VerifyResult r = verify_equivalence(program, emit_file(program, code), RunnerOptions{});
    return {r.equal(), "the generated code does not compute the original's results: " + r.message};
  }
  // same-order-as: the commands applied to the original schedule, in a session of their own.
  Session reference(session.loaded_ptr());
  for (const std::string& line : c.args) {
    const std::optional<CommandCall> call = parse_script_line(line, c.where);
    if (!call) continue;
    if (const std::optional<Refusal> refused = reference.apply(*call))
      throw InputError(c.where, "the lesson's reference command '" + line + "' is refused: " + refused->report());
  }
  const bool same = runs_before(schedule).is_equal(runs_before(reference.schedule()));
  return {same, "the instances do not run in the order the exercise asks for"};
}

}  // namespace

ExerciseOutcome check_exercise(const Session& session, const LessonExercise& exercise) {
  ExerciseOutcome out;
  for (const LessonCheck& c : exercise.checks) {
    CheckOutcome o;
    o.check = &c;
    std::string why;
    session.program().isl().bounded("check an exercise", [&] { std::tie(o.passed, why) = evaluate(session, c); });
    if (!o.passed) o.feedback = c.feedback.empty() ? why : c.feedback;
    out.checks.push_back(std::move(o));
  }
  return out;
}

}  // namespace loopscape
