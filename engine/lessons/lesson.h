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
#include <string>
#include <vector>

#include "model/program.h"
#include "support/error.h"

namespace loopscape {

struct LessonCheck {
  std::string kind;               // legal, parallel, carried, tagged, loops, same-results, same-order-as, answer
  std::vector<std::string> args;  // words after the kind (same-order-as: one script line each, split by ';';
                                  // answer with a literal: the isl text as one word)
  std::string feedback;           // after '|', "" for the default
  SourceLocation where;
  std::string text;               // the line as written, after "check:"
};

struct LessonExercise {
  std::string title;
  std::string text;  // Markdown
  std::vector<LessonCheck> checks;
  std::vector<std::string> hints;
  std::vector<std::string> solution;  // script lines
  std::vector<SourceLocation> solution_where;  // where each solution line's command starts
  std::string answer;                 // the model answer of `answer` checks ("" when none)
  SourceLocation where;
  bool asks_for_answer() const;
};

struct Lesson {
  std::string file;
  std::string title;
  std::string kernel;                 // absolute or relative to the working directory
  CompileOptions compile;             // defines (and include dirs: the kernel's folder)
  std::string text;                   // Markdown before the first exercise
  std::vector<LessonExercise> exercises;
};

// Parses a lesson's text; `file` names it in errors and anchors the kernel path.
Lesson parse_lesson(const std::string& text, const std::string& file);
Lesson read_lesson(const std::string& path);

}  // namespace loopscape
