// SPDX-License-Identifier: Apache-2.0
#include "lessons/lesson_check.h"

#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <variant>

#include "analysis/legality.h"
#include "lessons/code_match.h"
#include "lessons/exercise_start.h"
#include "lessons/order_witness.h"
#include "lessons/typed_answers.h"
#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "commands/tag_support.h"
#include "runner/runner.h"
#include "schedule/tags.h"
#include "session/script.h"
#include "support/isl_text.h"
#include "support/text.h"

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

// Feedback that starts so is the engine's finding about the student's
// schedule itself; it comes before the lesson's words, which assume the loop exists.
const std::string kNoSuchLoop = "your schedule has no such loop: ";

bool names_a_loop(const LessonCheck& c) { return c.kind == "parallel" || c.kind == "carried" || c.kind == "tagged"; }

const Statement& statement_named(const Program& program, const std::string& name, const LessonCheck& c) {
  const Statement* s = program.find_statement(name);
  if (!s) throw InputError(c.where, "the lesson's kernel has no statement " + name);
  return *s;
}

isl::union_map accesses_of(const Program& program, const Statement& s, Access::Kind kind, const std::string& array) {
  isl::union_map out = isl::union_map::empty(program.ctx());
  for (const Access& a : s.accesses)
    if (a.kind == kind && (array.empty() || a.array == array))
      out = out.unite(isl::union_map(a.relation).intersect_domain(isl::union_set(s.domain)));
  return out;
}

// The relation an `answer` check names, from the kernel.
IslObject expected_answer(const Session& session, const LessonCheck& c) {
  const Program& program = session.program();
  const std::string& what = c.args[0];
  IslObject v;
  if (what == "domain") {
    v.set = isl::union_set(statement_named(program, c.args[1], c).domain);
  } else if (what == "reads" || what == "writes") {
    v.map = accesses_of(program, statement_named(program, c.args[1], c),
                        what == "reads" ? Access::Kind::Read : Access::Kind::Write, c.args.size() > 2 ? c.args[2] : "");
  } else if (what == "raw") {
    v.map = session.dependences().read_after_write;
  } else if (what == "war") {
    v.map = session.dependences().write_after_read;
  } else if (what == "waw") {
    v.map = session.dependences().write_after_write;
  } else if (what == "dependences") {
    v.map = session.dependences().all();
  } else {
    try {
      v = read_isl_object(program.ctx(), what, {});
    } catch (const InputError& e) {
      throw InputError(c.where, "the lesson's answer is not an isl set or map (" + e.message() + "): " + what);
    }
  }
  return v;
}

// "S1[i, j, k] -> a[i, k]"-style names of a value's spaces, for telling a student the tuples differ.
std::string space_names(const isl::union_map& value, bool sets) {
  std::string out;
  value.foreach_map([&](const isl::map& m) {
    const char* in = isl_map_get_tuple_name(m.get(), isl_dim_in);
    const char* to = isl_map_get_tuple_name(m.get(), isl_dim_out);
    const auto indices = [&](isl_dim_type type) {
      const isl_size n = isl_map_dim(m.get(), type);
      return " (" + std::to_string(n) + (n == 1 ? " index)" : " indices)");
    };
    std::string name = (in ? in : "") + indices(isl_dim_in);
    if (!sets) name += std::string(" -> ") + (to ? to : "") + indices(isl_dim_out);
    if (out.find(name) == std::string::npos) out += (out.empty() ? "" : ", ") + name;
  });
  return out;
}

// Why two values of the same kind differ, in words a student can act on.
std::string answer_difference(const isl::union_map& got, const isl::union_map& want, bool sets) {
  const std::string noun = sets ? "set" : "map";
  if (!got.is_empty() && !want.is_empty() && space_names(got, sets) != space_names(want, sets))
    return "your " + noun + " is over " + space_names(got, sets) + ", the kernel's over " + space_names(want, sets) +
           ": name the tuples as the kernel does";
  const auto example = [&](const isl::union_map& m) {
    return to_text(sets ? m.domain().sample_point() : m.wrap().sample_point());
  };
  if (got.is_subset(want)) return "your " + noun + " misses points, for example " + example(want.subtract(got));
  return "your " + noun + " has points it should not, for example " + example(got.subtract(want));
}

CheckFinding check_answer(const Session& session, const LessonCheck& c, const std::string& answer) {
  const Program& program = session.program();
  if (answer.find_first_not_of(" \t\n") == std::string::npos)
    return {false, "type your answer (an isl set or map) in the answer box", true};
  IslObject got;
  try {
    got = read_isl_object(program.ctx(), answer, {"", 1, 1});
  } catch (const InputError& e) {
    const bool undeclared = e.message().find("unknown identifier") != std::string::npos;
    return {false, "your answer is not an isl set or map (at column " + std::to_string(e.where().column) + ": " +
                       e.message() + "): " +
                       (undeclared ? "a parameter is declared before the braces: [n] -> { S[i, j] : ... }"
                                   : "write it as [params] -> { S[i, j] : constraints }"),
            true};
  }
  const IslObject want = expected_answer(session, c);
  if (want.set && !got.set) return {false, "a set is asked for ({ S[i] : ... }), not a map", true};
  if (want.map && !got.map) return {false, "a map is asked for ({ S[i] -> A[i] : ... }), not a set", true};
  const isl::set context = program.context;
  const isl::union_map g = want.set ? isl::union_map::from_domain(got.set->intersect_params(context))
                                    : got.map->intersect_params(context);
  const isl::union_map w = want.set ? isl::union_map::from_domain(want.set->intersect_params(context))
                                    : want.map->intersect_params(context);
  // Accesses are compared on the statement's instances: the student need not repeat its domain.
  const isl::union_map compared = c.args[0] == "reads" || c.args[0] == "writes"
                                      ? g.intersect_domain(isl::union_set(statement_named(program, c.args[1], c).domain))
                                      : g;
  if (compared.is_equal(w)) return {true, ""};
  return {false, answer_difference(compared, w, want.set.has_value())};
}

CheckFinding evaluate(const Session& session, const LessonExercise& exercise, const LessonCheck& c,
                                      const std::string& answer);

// Whether a multiple-choice option's claim holds on the exercise's starting
// schedule, and the engine's reason either way.
struct ClaimFinding {
  bool holds = false;
  std::string why;
};

ClaimFinding decide_claim(const Session& start, const LessonExercise& exercise, const LessonCheck& claim) {
  if (claim.kind == "refuses" || claim.kind == "accepts") {
    const std::optional<CommandCall> call = parse_script_line(claim.args[0], claim.where);
    if (!call) throw InputError(claim.where, "the choice names no command");
    const auto outcome = start.preview(*call);
    if (const Refusal* refused = std::get_if<Refusal>(&outcome)) {
      // The report's first line holds the witness; the rest repeats it in detail.
      std::string why = refused->report();
      why = why.substr(0, why.find('\n'));
      if (const auto error = why.find("error: "); error != std::string::npos) why = why.substr(error + 7);
      return {claim.kind == "refuses", "it is refused: " + why};
    }
    return {claim.kind == "accepts", claim.args[0] + " applies: it breaks no dependence"};
  }
  const CheckFinding finding = evaluate(start, exercise, claim, "");
  if (!finding.passed) return {false, finding.why};
  std::string holds = "it holds";
  if (claim.kind == "parallel") holds = "loop " + claim.args[1] + " of " + claim.args[0] + " carries no dependence";
  if (claim.kind == "legal") holds = "every dependence is respected";
  if (claim.kind == "carried") {
    const CheckFinding parallel = evaluate(start, exercise, LessonCheck{"parallel", claim.args, "", claim.where, ""}, "");
    holds = parallel.passed ? holds : parallel.why;
  }
  if (claim.kind == "loops") holds = claim.args[0] + " has " + claim.args[1] + " loops";
  return {true, holds};
}

// The option numbers a student typed: "1 3", "1, 3", "none".
std::optional<std::set<std::size_t>> typed_options(const std::string& typed, std::size_t options, std::string* why) {
  std::set<std::size_t> out;
  std::string word;
  bool none = false;
  std::string cleaned = typed;
  for (char& c : cleaned)
    if (c == ',' || c == ';') c = ' ';
  std::istringstream words(cleaned);
  while (words >> word) {
    if (word == "none") {
      none = true;
      continue;
    }
    if (word.find_first_not_of("0123456789") != std::string::npos || word.size() > 3) {
      *why = "type the numbers of the true options (1 3), or none: '" + word + "' is not one";
      return std::nullopt;
    }
    const std::size_t n = std::stoul(word);
    if (n < 1 || n > options) {
      *why = "there is no option " + word + ": the options are 1 to " + std::to_string(options);
      return std::nullopt;
    }
    out.insert(n);
  }
  if (out.empty() && !none) {
    *why = "type the numbers of the options you think are true (1 3), or none, in the answer box";
    return std::nullopt;
  }
  return out;
}

CheckFinding check_choices(const Session& session, const LessonExercise& exercise,
                                           const std::string& answer) {
  std::string why;
  const std::optional<std::set<std::size_t>> picked = typed_options(answer, exercise.choices.size(), &why);
  // Only an option number out of range is about the form; the other complaints keep the lesson's words.
  if (!picked) return {false, why, why.rfind("there is no option", 0) == 0};
  const ExerciseStart start = start_exercise(session.loaded_ptr(), exercise);
  for (std::size_t k = 0; k < exercise.choices.size(); ++k) {
    const LessonChoice& choice = exercise.choices[k];
    const ClaimFinding finding = decide_claim(*start.session, exercise, choice.claim);
    const bool chosen = picked->count(k + 1) > 0;
    if (chosen == finding.holds) continue;
    const std::string option = "option " + std::to_string(k + 1) + " (" + choice.text + ")";
    return {false, chosen ? option + " is not true: " + finding.why : option + " is true too: " + finding.why};
  }
  return {true, ""};
}

// A difference from `expected` ("" for none), led by the step of the
// student's history where it starts when one is to blame.
CheckFinding blamed(const Session& session, const Session& expected, const std::string& differs) {
  if (differs.empty()) return {true, ""};
  const std::string off = first_step_off_course(session.schedule_at(0), session.history(), expected.history());
  return {false, off.empty() ? differs : off + ": " + differs};
}

// Same order as an expected session, or why not: where the student's steps
// leave the expected ones, then a pair of instances in another order.
CheckFinding compare_order(const Session& session, const Session& expected) {
  return blamed(session, expected,
                order_difference(session.program(), runs_before(session.schedule()), runs_before(expected.schedule())));
}

// What the check finds; the feedback is the engine's explanation.
CheckFinding evaluate(const Session& session, const LessonExercise& exercise, const LessonCheck& c,
                                      const std::string& answer) {
  const Program& program = session.program();
  const isl::schedule& schedule = session.schedule();
  if (c.kind == "choices") return check_choices(session, exercise, answer);
  if (c.kind == "predict" || (c.kind == "answer" && c.args[0] == "count")) {
    const ExerciseStart start = start_exercise(session.loaded_ptr(), exercise);
    const std::map<std::string, long> values =
        exercise_parameter_values(program, start.session->schedule(), exercise.plot);
    if (c.kind == "predict") return check_prediction(*start.session, values, std::stoul(c.args[0]), answer);
    return check_count(program, statement_named(program, c.args[1], c), values, answer, c.args.size() > 2);
  }
  if (c.kind == "answer" && c.args[0] == "schedule")
    return check_schedule_map(program, solution_session(session.loaded_ptr(), exercise)->schedule(), answer);
  if (c.kind == "answer") return check_answer(session, c, answer);
  if (c.kind == "matches-target") {
    const std::unique_ptr<Session> target = target_session(session.loaded_ptr(), exercise);
    if (c.args[0] == "order") return compare_order(session, *target);
    return blamed(session, *target, code_difference(exercise_code(session), exercise_code(*target)));
  }
  if (c.kind == "legal") {
    const LegalityReport report = check_schedule(program, session.dependences(), schedule);
    return {report.legal(), "the schedule is not legal: " + report.summary()};
  }
  if (names_a_loop(c)) {
    const Statement& s = statement_named(program, c.args[0], c);
    tag_support::TagLoop loop;
    try {
      loop = tag_support::resolve_tag_loop(program, schedule, s, CommandArgument{c.args[1], c.where});
    } catch (const InputError& e) {
      return {false, kNoSuchLoop + e.message()};
    }
    if (c.kind == "tagged") {
      for (const auto& [depth, tag] : statement_tags(program, schedule, s))
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
  return compare_order(session, reference);
}

// The engine's finding first (the witness, the step that went wrong), then
// the lesson's words when it has some. A typed answer not written as asked
// gets only the engine's: the lesson's hint about the content would mislead.
std::string feedback_for(const LessonCheck& c, const CheckFinding& finding) {
  const std::string& why = finding.why;
  if (c.feedback.empty() || finding.about_form) return why;
  if (why.empty()) return c.feedback;
  return why + (why.back() == '.' ? " " : ". ") + c.feedback;
}

// The loop a check names, or the engine's reason it names none.
std::optional<std::string> missing_loop(const Session& session, const LessonCheck& c) {
  const Statement& s = statement_named(session.program(), c.args[0], c);
  try {
    tag_support::resolve_tag_loop(session.program(), session.schedule(), s, CommandArgument{c.args[1], c.where});
    return std::nullopt;
  } catch (const InputError& e) {
    return e.message();
  }
}

bool names_a_statement(const LessonCheck& c) {
  return names_a_loop(c) || c.kind == "loops" ||
         (c.kind == "answer" && c.args.size() > 1 && (c.args[0] == "domain" || c.args[0] == "reads" || c.args[0] == "writes"));
}

}  // namespace

std::string model_answer(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise) {
  if (!exercise.answer.empty()) return exercise.answer;
  const LessonCheck* asked = exercise.typed_check();
  if (!asked || asked->kind == "answer") return "";
  std::string out;
  kernel->program.isl().bounded("answer an exercise", [&] {
    const ExerciseStart start = start_exercise(kernel, exercise);
    if (asked->kind == "predict") {
      const auto values = exercise_parameter_values(kernel->program, start.session->schedule(), exercise.plot);
      out = first_instances(*start.session, values, std::stoul(asked->args[0]));
      return;
    }
    for (std::size_t k = 0; k < exercise.choices.size(); ++k)
      if (decide_claim(*start.session, exercise, exercise.choices[k].claim).holds)
        out += (out.empty() ? "" : " ") + std::to_string(k + 1);
    if (out.empty()) out = "none";
  });
  return out;
}

void validate_lesson(const std::shared_ptr<const LoadedProgram>& kernel, const Lesson& lesson) {
  const Session original(kernel);
  for (const LessonExercise& exercise : lesson.exercises) {
    kernel->program.isl().bounded("check a lesson", [&] {
      if (!exercise.target.empty()) target_session(kernel, exercise);
      const LessonCheck* asked = exercise.typed_check();
      if (asked && asked->kind == "answer" && asked->args[0] == "schedule" && exercise.solution.empty())
        throw InputError(asked->where, "'answer schedule' compares with the solution's schedule: give the exercise "
                                       "'solution:' lines");
      for (std::size_t k = 0; k < exercise.given.size(); ++k)
        parse_script_line(exercise.given[k], k < exercise.given_where.size() ? exercise.given_where[k] : exercise.where);
      // A choice's claim is decided on the exercise's starting schedule: what it names must be there.
      if (!exercise.choices.empty()) {
        const ExerciseStart start = start_exercise(kernel, exercise);
        for (const LessonChoice& choice : exercise.choices) {
          const LessonCheck& claim = choice.claim;
          if (names_a_statement(claim)) statement_named(kernel->program, claim.args[0], claim);
          if (names_a_loop(claim))
            if (const std::optional<std::string> why = missing_loop(*start.session, claim))
              throw InputError(claim.where, "choice '" + claim.text + "' names loop " + claim.args[1] + " of " +
                                                claim.args[0] + ", which the exercise's schedule does not have (" +
                                                *why + ")");
          if (claim.kind != "refuses" && claim.kind != "accepts") continue;
          const std::optional<CommandCall> call = parse_script_line(claim.args[0], claim.where);
          if (!call) throw InputError(claim.where, "the choice names no command");
          const auto outcome = start.session->preview(*call);
          if (const Refusal* refused = std::get_if<Refusal>(&outcome); refused && refused->kind != Refusal::Kind::Illegal)
            throw InputError(claim.where, "the command of choice '" + claim.text +
                                              "' does not apply, legal or not: " + refused->message);
        }
      }
    });
    Session solved(kernel);
    for (std::size_t k = 0; k < exercise.solution.size(); ++k) {
      const SourceLocation& where = k < exercise.solution_where.size() ? exercise.solution_where[k] : exercise.where;
      const std::optional<CommandCall> call = parse_script_line(exercise.solution[k], where);
      if (!call) continue;
      if (const std::optional<Refusal> refused = solved.apply(*call)) {
        std::string why = refused->message;
        if (why.rfind(where.str() + ": ", 0) == 0) why = why.substr(where.str().size() + 2);
        throw InputError(where, "the solution of exercise '" + exercise.title + "' is refused: " + why);
      }
    }
    for (const LessonCheck& c : exercise.checks) {
      if (!names_a_statement(c)) continue;
      const std::string& statement = c.args[c.kind == "answer" ? 1 : 0];
      statement_named(kernel->program, statement, c);
      if (!names_a_loop(c)) continue;
      kernel->program.isl().bounded("check a lesson", [&] {
        if (!missing_loop(original, c)) return;
        if (const std::optional<std::string> why = missing_loop(solved, c))
          throw InputError(c.where, "check '" + c.text + "' names loop " + c.args[1] + " of " + statement +
                                        ", which neither the kernel nor the exercise's solution has (" + *why + ")");
      });
    }
  }
}

namespace {
bool runs_code(const LessonCheck& check) { return check.kind == "same-results"; }
}  // namespace

bool exercise_runs_code(const LessonExercise& exercise) {
  return std::any_of(exercise.checks.begin(), exercise.checks.end(), runs_code);
}

ExerciseOutcome check_exercise(const Session& session, const LessonExercise& exercise, const std::string& answer,
                               bool may_run_programs) {
  ExerciseOutcome out;
  for (const LessonCheck& c : exercise.checks) {
    CheckOutcome o;
    o.check = &c;
    if (runs_code(c) && !may_run_programs) {
      o.feedback = "not checked: this check builds and runs the lesson's kernel, and the lesson's folder is not "
                   "trusted (trust it to let the check run, in a sandbox)";
      out.checks.push_back(std::move(o));
      continue;
    }
    CheckFinding finding;
    session.program().isl().bounded("check an exercise", [&] { finding = evaluate(session, exercise, c, answer); });
    o.passed = finding.passed;
    if (!o.passed) o.feedback = feedback_for(c, finding);
    out.checks.push_back(std::move(o));
  }
  return out;
}

}  // namespace loopscape
