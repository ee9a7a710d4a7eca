// SPDX-License-Identifier: Apache-2.0
#include "lessons/lesson_check.h"

#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <optional>

#include "analysis/legality.h"
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

std::pair<bool, std::string> check_answer(const Session& session, const LessonCheck& c, const std::string& answer) {
  const Program& program = session.program();
  if (answer.find_first_not_of(" \t\n") == std::string::npos)
    return {false, "type your answer (an isl set or map) in the answer box"};
  IslObject got;
  try {
    got = read_isl_object(program.ctx(), answer, {"", 1, 1});
  } catch (const InputError& e) {
    const bool undeclared = e.message().find("unknown identifier") != std::string::npos;
    return {false, "your answer is not an isl set or map (at column " + std::to_string(e.where().column) + ": " +
                       e.message() + "): " +
                       (undeclared ? "a parameter is declared before the braces: [n] -> { S[i, j] : ... }"
                                   : "write it as [params] -> { S[i, j] : constraints }")};
  }
  const IslObject want = expected_answer(session, c);
  if (want.set && !got.set) return {false, "a set is asked for ({ S[i] : ... }), not a map"};
  if (want.map && !got.map) return {false, "a map is asked for ({ S[i] -> A[i] : ... }), not a set"};
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

// What the check finds; the feedback is the engine's explanation.
std::pair<bool, std::string> evaluate(const Session& session, const LessonCheck& c, const std::string& answer) {
  const Program& program = session.program();
  const isl::schedule& schedule = session.schedule();
  if (c.kind == "answer") return check_answer(session, c, answer);
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
  const bool same = runs_before(schedule).is_equal(runs_before(reference.schedule()));
  return {same, "the instances do not run in the order the exercise asks for"};
}

// The lesson's words when it has some. A typed answer also gets the engine's
// specifics (a point that is missing or extra), and a malformed one only
// those: the lesson's hint about the content would mislead.
std::string feedback_for(const LessonCheck& c, const std::string& why) {
  if (c.feedback.empty()) return why;
  if (why.rfind(kNoSuchLoop, 0) == 0) return why + " (" + c.feedback + ")";
  if (c.kind != "answer") return c.feedback;
  if (why.rfind("your answer is not", 0) == 0 || why.rfind("type your answer", 0) == 0 ||
      why.rfind("a set is asked", 0) == 0 || why.rfind("a map is asked", 0) == 0)
    return why;
  return c.feedback + " (" + why + ")";
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

void validate_lesson(const std::shared_ptr<const LoadedProgram>& kernel, const Lesson& lesson) {
  const Session original(kernel);
  for (const LessonExercise& exercise : lesson.exercises) {
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
    std::string why;
    session.program().isl().bounded("check an exercise", [&] { std::tie(o.passed, why) = evaluate(session, c, answer); });
    if (!o.passed) o.feedback = feedback_for(c, why);
    out.checks.push_back(std::move(o));
  }
  return out;
}

}  // namespace loopscape
