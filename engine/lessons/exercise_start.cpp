// SPDX-License-Identifier: Apache-2.0
#include "lessons/exercise_start.h"

#include "codegen/registry/registry.h"
#include "session/script.h"

namespace loopscape {

ExerciseStart start_exercise(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise) {
  ExerciseStart start;
  start.session = std::make_unique<Session>(kernel);
  for (std::size_t k = 0; k < exercise.given.size(); ++k) {
    const SourceLocation& where = k < exercise.given_where.size() ? exercise.given_where[k] : exercise.where;
    const std::optional<CommandCall> call = parse_script_line(exercise.given[k], where);
    if (!call) continue;
    if (std::optional<Refusal> refused = start.session->apply(*call)) {
      start.refused = std::move(refused);
      start.refused_line = k;
      break;
    }
  }
  return start;
}

namespace {

// The lesson's own lines (`what` names them in errors) applied to the kernel.
std::unique_ptr<Session> lesson_lines_applied(const std::shared_ptr<const LoadedProgram>& kernel,
                                              const LessonExercise& exercise, const std::vector<std::string>& lines,
                                              const std::vector<SourceLocation>& wheres, const std::string& what) {
  auto session = std::make_unique<Session>(kernel);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const SourceLocation& where = k < wheres.size() ? wheres[k] : exercise.where;
    const std::optional<CommandCall> call = parse_script_line(lines[k], where);
    if (!call) continue;
    if (const std::optional<Refusal> refused = session->apply(*call))
      throw InputError(where, "the " + what + " of exercise '" + exercise.title + "' is refused: " + refused->report());
  }
  return session;
}

}  // namespace

std::unique_ptr<Session> target_session(const std::shared_ptr<const LoadedProgram>& kernel,
                                        const LessonExercise& exercise) {
  return lesson_lines_applied(kernel, exercise, exercise.target, exercise.target_where, "target");
}

std::unique_ptr<Session> solution_session(const std::shared_ptr<const LoadedProgram>& kernel,
                                          const LessonExercise& exercise) {
  return lesson_lines_applied(kernel, exercise, exercise.solution, exercise.solution_where, "solution");
}

std::string exercise_code(const Session& session) {
  return generate(session.program(), session.schedule(), session.dependences().all(), "c", {}, nullptr,
                  &session.dependences())
      .text;
}

std::string exercise_briefing(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise) {
  std::string out;
  kernel->program.isl().bounded("prepare an exercise", [&] {
    if (!exercise.given.empty()) {
      const ExerciseStart start = start_exercise(kernel, exercise);
      out += "**You start from these steps** (the *Start From the Given Steps* button):\n\n```\n";
      for (const std::string& line : exercise.given) out += line + "\n";
      out += "```\n\n";
      if (start.refused)
        out += "Step " + std::to_string(start.refused_line + 1) + " is refused:\n\n```\n" + start.refused->report() +
               "```\n\n";
      else
        out += "Every step applies.\n\n";
    }
    if (!exercise.target.empty()) {
      const std::unique_ptr<Session> target = target_session(kernel, exercise);
      out += "**The target program:**\n\n```c\n" + exercise_code(*target) + "```\n\n";
    }
  });
  return out;
}

}  // namespace loopscape
