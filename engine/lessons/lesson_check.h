// SPDX-License-Identifier: Apache-2.0
#pragma once
// Checking a lesson's exercise against a session: each check of the
// vocabulary below is a property of the schedule the student reached, asked
// of the engine (isl, the legality check, the runner), never a comparison of
// text.
//
//   legal                 every dependence is respected
//   parallel S L          loop L of statement S carries no dependence
//   carried S L           loop L of S carries some dependence
//   tagged S L TAG        loop L of S carries the tag TAG (parallel, vector, unroll, ...)
//   loops S N             S has N loops (after tiling: 4 for a 2-D tile)
//   same-results          the generated C computes the original's results (built and run)
//   same-order-as C; ...  the schedule runs the instances in the same order as the
//                         original schedule after the commands C (isl: equal
//                         "runs before" relations), whatever the loops look like
//   answer WHAT           the isl set or map the student typed equals (isl: same
//                         points) the kernel's `domain S`, `reads S [A]`,
//                         `writes S [A]` (both on S's domain), `raw`, `war`,
//                         `waw`, `dependences`, or a literal `{ ... }`; parameters
//                         are matched by name under the kernel's context;
//                         `count S` (a number at the plot's values, or a
//                         formula) and `schedule` (a schedule map, compared by
//                         the order it gives with the solution's)
//   predict K             the first K instances the given schedule runs, in order
//   matches-target code   the code of the schedule equals the target's up to the
//                         names of the loops (`order`: the same order of instances)
//   choices               the numbers typed are exactly the options whose claim holds
// Feedback names the engine's finding first: a concrete instance, pair or
// value, and for an order the first step where the history went astray.
#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "session/session.h"

namespace loopscape {

struct CheckOutcome {
  const LessonCheck* check = nullptr;
  bool passed = false;
  std::string feedback;  // why it fails: the lesson's words when it has some, else the engine's
};

struct ExerciseOutcome {
  std::vector<CheckOutcome> checks;
  bool passed() const;
  // The failing checks' feedback, one per line ("" when it passes).
  std::string feedback() const;
};

// What a lesson's checks name exists: each statement in the kernel, each
// loop in the kernel or in the schedule the exercise's solution reaches (a
// loop a command creates). InputError at the check's line otherwise: a typo
// would fail every student, and the teacher's own solution, with only the
// teacher's text. A solution that is refused is reported at its exercise.
void validate_lesson(const std::shared_ptr<const LoadedProgram>& kernel, const Lesson& lesson);

// Whether grading the exercise builds and runs the lesson's kernel (a
// same-results check): code that came with the lesson, which the window asks
// before running.
bool exercise_runs_code(const LessonExercise& exercise);

// The answer that passes the exercise's typed check: the lesson's `answer:`
// line, else the engine's own (predict: the first K instances; choices: the
// true options' numbers). "" when the exercise asks for none.
std::string model_answer(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise);

// Runs under the program's isl quota (IslError). `answer` is the student's
// isl text for `answer` checks ("" when none was typed). Without
// `may_run_programs`, checks that run the kernel fail and say why.
ExerciseOutcome check_exercise(const Session& session, const LessonExercise& exercise, const std::string& answer = "",
                               bool may_run_programs = true);

}  // namespace loopscape
