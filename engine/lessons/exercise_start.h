// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where an exercise starts: its `given:` history applied to the kernel (the
// schedule a fix-the-schedule, predict or multiple-choice exercise is
// about), and what the exercise shows beyond its text: the given steps with
// the engine's refusal of a wrong one, the target's code.
#include <memory>
#include <optional>
#include <string>

#include "lessons/lesson.h"
#include "session/session.h"

namespace loopscape {

struct ExerciseStart {
  std::unique_ptr<Session> session;   // the kernel after the given lines that apply
  std::optional<Refusal> refused;     // the first given line that does not
  std::size_t refused_line = 0;       // its index in LessonExercise::given
};

// Throws InputError at a given line that does not parse.
ExerciseStart start_exercise(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise);

// The target's (solution's) lines applied to the kernel; InputError at a
// line that is refused (the lesson is wrong, not the student).
std::unique_ptr<Session> target_session(const std::shared_ptr<const LoadedProgram>& kernel,
                                        const LessonExercise& exercise);
std::unique_ptr<Session> solution_session(const std::shared_ptr<const LoadedProgram>& kernel,
                                          const LessonExercise& exercise);

// The code of a schedule as the exercises compare it: the C target's region.
std::string exercise_code(const Session& session);

// Markdown shown under the exercise's text: the given steps (and the refusal
// of a wrong one), the target program's code. "" when it has neither. Runs
// isl under the kernel's quota.
std::string exercise_briefing(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise);

}  // namespace loopscape
