// SPDX-License-Identifier: Apache-2.0
#pragma once
// Lessons for classrooms: a plain-text file a teacher writes, Markdown with a
// front matter, read here into the kernel to open, the text, and the
// exercises whose goals the engine checks (lessons/lesson_check.h).
//
//   ---
//   title: Interchange makes the outer loop parallel
//   kernel: ../../samples/matmul.c        (relative to the lesson file)
//   defines: N=16                         (optional, space-separated)
//   time: 30 min                          (optional: the estimated time)
//   idea: Interchange moves the parallel loop outwards.   (optional: one sentence)
//   plot: n=12                            (optional: the plot's parameter values)
//   ---
//   Text of the lesson (Markdown) ...
//
//   ## Exercise: Parallel outer loop
//   What the student is asked, in Markdown ...
//   check: legal
//   check: parallel S0 i | i still carries a dependence: which loop carries none?
//   hint: Which loop does the dependence's distance vector leave at 0?
//   solution: S0.interchange(i, j)
//
//   ## Exercise: The domain
//   Write the iteration domain of S0 as an isl set.
//   check: answer domain S0 | Look at the loop bounds again.
//   answer: [n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }
//
// `check:` lines take a check of the vocabulary in lesson_check.h, then
// optionally `|` and the feedback the student reads when it fails; `hint:`
// lines are revealed one at a time; `solution:` lines form a script (one
// command each) that must pass every check. An exercise with `answer` checks
// asks the student to type an isl set or map; its `answer:` line is the model
// answer (shown as the solution, and checked with it). Errors name file:line.
//
// The exercise kinds beyond "reach a schedule" (docs/guide/lessons.md):
//   given: CMD        the history the student starts from (fix the schedule;
//                     predict and choices read its schedule); a refused line
//                     stops it, and the exercise shows the refusal
//   target: CMD       the schedule whose code the exercise shows (match the
//                     target; checked by `check: matches-target code|order`)
//   choice: CLAIM | text   an option of a multiple choice (`check: choices`);
//                     CLAIM is a check of the vocabulary, or refuses CMD /
//                     accepts CMD, and is true when it holds on the given schedule
//   plot: n=12        the plot's parameter values for this exercise
//   axes: t i         the loops the plot draws for this exercise
// Typed answers: `answer WHAT` (an isl set or map, `count S` a number or a
// formula, `schedule` a schedule map), `predict K` (the first K instances
// in execution order), `choices` (the numbers of the true options).
#include <map>
#include <string>
#include <vector>

#include "model/program.h"
#include "support/error.h"

namespace loopscape {

struct LessonCheck {
  // legal, parallel, carried, tagged, loops, same-results, same-order-as,
  // answer, predict, matches-target, choices; and in `choice:` lines refuses, accepts
  std::string kind;
  std::vector<std::string> args;  // words after the kind (same-order-as: one script line each, split by ';';
                                  // answer with a literal: the isl text as one word)
  std::string feedback;           // after '|', "" for the default
  SourceLocation where;
  std::string text;               // the line as written, after "check:"
};

// One option of a multiple-choice exercise: a claim the engine decides.
struct LessonChoice {
  LessonCheck claim;
  std::string text;  // what the student reads
};

struct LessonExercise {
  std::string title;
  std::string text;  // Markdown
  std::vector<LessonCheck> checks;
  std::vector<std::string> given;  // script lines: the history the student starts from
  std::vector<SourceLocation> given_where;
  std::vector<std::string> target;  // script lines: the schedule whose code is the target
  std::vector<SourceLocation> target_where;
  std::vector<LessonChoice> choices;
  std::map<std::string, long> plot;  // the plot's parameter values (its own over the lesson's)
  std::vector<std::string> axes;     // the loops the plot draws (empty: the plot's choice)
  std::vector<std::string> hints;
  std::vector<std::string> solution;  // script lines
  std::vector<SourceLocation> solution_where;  // where each solution line's command starts
  std::string answer;                 // the model answer of typed checks ("" when none: computed)
  SourceLocation where;
  bool asks_for_answer() const;
  // The typed check (answer, predict, choices), nullptr when none.
  const LessonCheck* typed_check() const;
  // What the student does (docs/guide/lessons.md): "schedule" (reach one),
  // "fix", "target", "predict", "choices", "set or map", "count", "schedule map".
  std::string kind() const;
};

struct Lesson {
  std::string file;
  std::string title;
  std::string kernel;                 // absolute or relative to the working directory
  CompileOptions compile;             // defines (and include dirs: the kernel's folder)
  std::string text;                   // Markdown before the first exercise
  int minutes = 0;                    // the estimated time; 0 when not given
  std::string idea;                   // the idea it teaches, in one sentence
  std::map<std::string, long> plot;   // the plot's parameter values for every exercise
  std::vector<LessonExercise> exercises;
};

// Parses a lesson's text; `file` names it in errors and anchors the kernel path.
Lesson parse_lesson(const std::string& text, const std::string& file);
Lesson read_lesson(const std::string& path);

}  // namespace loopscape
