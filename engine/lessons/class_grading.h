// SPDX-License-Identifier: Apache-2.0
#pragma once
// Grading a class at once: a folder with one folder per student, each
// holding what the student handed in, checked against every exercise of a
// lesson or a course. A student's folder may hold, per lesson (by the
// lesson file's name, e.g. 10-tiling):
//
//   10-tiling.ls       a script, checked against every exercise
//   10-tiling-2.ls     a script for exercise 2 (over 10-tiling.ls)
//   10-tiling-2.txt    the typed answer of exercise 2 (isl text, instances, options)
//   *.json             a saved session (File › Save Session) with its lesson,
//                      exercise and answer box
//
// Students' files are only read. The result is one row per student, lesson
// and exercise (for the lessons anybody handed something in for), written
// as CSV for a gradebook and as a one-page HTML summary with the most common
// wrong answers.
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace loopscape {

struct GradeRow {
  std::string student;
  std::string lesson;     // the lesson file's name without .md
  int exercise = 0;       // 1-based
  std::string title;      // the exercise's
  std::string result;     // pass, fail, missing, malformed
  std::string check;      // the first failing check as written ("" when it passes)
  std::string feedback;   // what that check says (the engine's finding first)
  std::string submitted;  // the newest file's time, "2026-11-28 14:03" UTC ("" when missing)
  std::string files;      // the files graded, relative to the submissions folder
};

struct ClassGrades {
  std::vector<GradeRow> rows;
  std::vector<std::string> students;
  std::vector<std::string> ignored;  // files no lesson claims ("name: why")
};

struct GradingOptions {
  bool may_run_programs = true;  // same-results checks build and run the kernel
};

// InputError when `submissions` is not a folder of student folders.
ClassGrades grade_class(const std::vector<const Lesson*>& lessons, const std::string& submissions,
                        const GradingOptions& options = {});

std::string grades_csv(const ClassGrades& grades);
// `title`: the course's or lesson's.
std::string grades_html(const ClassGrades& grades, const std::string& title);

}  // namespace loopscape
