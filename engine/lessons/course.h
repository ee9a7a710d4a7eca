// SPDX-License-Identifier: Apache-2.0
#pragma once
// A course: an ordered list of lessons in parts, in a plain file a teacher
// edits and hands out (resources/lessons/course.md is the bundled one):
//
//   ---
//   title: Polyhedral loop transformations, one semester
//   ---
//   ## Part 1: Sets, maps and domains
//   01-sets-and-maps.md                   (relative to the course file)
//   17-counting-points.md
//   ## Part 2: Schedules and dependences
//   ...
//
// Blank lines and lines starting with '>' (a note to students) are free;
// anything else is an error at its line. Every lesson must read.
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace loopscape {

struct CoursePart {
  std::string title;
  std::vector<Lesson> lessons;
};

struct Course {
  std::string file;
  std::string title;
  std::vector<CoursePart> parts;
  std::vector<const Lesson*> lessons() const;  // in course order
  int minutes() const;                         // the lessons' estimated times together
};

Course parse_course(const std::string& text, const std::string& file);
Course read_course(const std::string& path);

// Whether `path` is a course file rather than a lesson (its front matter has no `kernel:`).
bool is_course_file(const std::string& path);

// One line per lesson, by part: "  3. 04-schedules  Schedules ... (25 min, 2 exercises: schedule, fix)"
// and the idea under it.
std::string course_listing(const Course& course);

}  // namespace loopscape
