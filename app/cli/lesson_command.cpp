// SPDX-License-Identifier: Apache-2.0
#include "lesson_command.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "exit_codes.h"
#include "lessons/class_grading.h"
#include "lessons/course.h"
#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "loading/load_program.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

namespace loopscape::cli {
namespace {

// Applies one answer (a script's calls) to a fresh session of the lesson's
// kernel and checks the exercises; prints a line per exercise. `answer` is the
// typed isl answer; nullopt checks each exercise's model answer. Returns the exit status.
int grade(const std::shared_ptr<const LoadedProgram>& kernel, const Lesson& lesson, const std::string& label,
          const std::vector<CommandCall>& calls, int only, const std::optional<std::string>& answer) {
  Session session(kernel);
  const ScriptRun run = apply_script(session, calls);
  if (run.refusal) {
    std::cout << label << ": a command is refused\n" << run.refusal->report();
    return refusal_exit(*run.refusal);
  }
  int status = kExitOk;
  for (std::size_t e = 0; e < lesson.exercises.size(); ++e) {
    if (only && static_cast<int>(e) + 1 != only) continue;
    const LessonExercise& exercise = lesson.exercises[e];
    const ExerciseOutcome outcome = check_exercise(session, exercise, answer ? *answer : model_answer(kernel, exercise));
    std::cout << label << ": exercise " << e + 1 << " (" << exercise.title << "): "
              << (outcome.passed() ? "passed" : "not yet") << "\n";
    if (!outcome.passed()) {
      status = kExitDiffer;
      std::istringstream lines(outcome.feedback());
      for (std::string line; std::getline(lines, line);) std::cout << "  - " << line << "\n";
    }
  }
  return status;
}

// Every --script, a folder standing for the .ls scripts in it (a class's answers), by name.
std::vector<std::string> scripts_to_grade(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (const std::string& path : given) {
    if (!std::filesystem::is_directory(path)) {
      out.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(path))
      if (entry.is_regular_file() && entry.path().extension() == ".ls") found.push_back(entry.path().string());
    if (found.empty()) throw InputError({path, 0, 0}, "the folder has no .ls scripts to grade");
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

int check_lesson(const CliOptions& o) {
  const Lesson lesson = read_lesson(o.input);
  if (o.exercise > static_cast<int>(lesson.exercises.size()))
    throw InputError({o.input, 0, 0}, "the lesson has " + std::to_string(lesson.exercises.size()) + " exercises, not " +
                                          std::to_string(o.exercise));
  CompileOptions compile = lesson.compile;
  for (const std::string& d : o.compile.defines) compile.defines.push_back(d);
  const auto kernel = std::make_shared<const LoadedProgram>(load_program(lesson.kernel, compile));
  validate_lesson(kernel, lesson);
  int status = kExitOk;
  auto worst = [&](int s) {
    if (s == kExitOk) return;
    if (status == kExitOk || s != kExitDiffer) status = s;
  };
  if (o.answer && !o.exercise)
    throw InputError({o.input, 0, 0}, "--answer is the answer to one exercise: say which with --exercise N");
  if (o.answer && !lesson.exercises[static_cast<std::size_t>(o.exercise) - 1].asks_for_answer())
    throw InputError({o.input, 0, 0}, "exercise " + std::to_string(o.exercise) +
                                          " asks for no typed answer: give the student's steps with --script");
  if (o.answer && o.scripts.empty()) {
    worst(grade(kernel, lesson, "answer", {}, o.exercise, o.answer));
  } else if (o.scripts.empty()) {
    for (std::size_t e = 0; e < lesson.exercises.size(); ++e) {
      if (o.exercise && static_cast<int>(e) + 1 != o.exercise) continue;
      const LessonExercise& exercise = lesson.exercises[e];
      std::string text;
      for (const std::string& line : exercise.solution) text += line + "\n";
      const std::vector<CommandCall> calls = parse_script(text, o.input + " (solution of exercise " + std::to_string(e + 1) + ")");
      worst(grade(kernel, lesson, "solution " + std::to_string(e + 1), calls, static_cast<int>(e) + 1, std::nullopt));
    }
  } else {
    const std::vector<std::string> scripts = scripts_to_grade(o.scripts);
    int passed = 0;
    for (const std::string& script : scripts) {
      // One student's malformed script is that student's answer, not the end of the class's grading.
      std::vector<CommandCall> calls;
      try {
        calls = read_script(script);
      } catch (const InputError& e) {
        std::cout << script << ": malformed\n  - " << e.what() << "\n";
        worst(kExitBadInput);
        continue;
      }
      const int s = grade(kernel, lesson, script, calls, o.exercise, o.answer.value_or(""));
      if (s == kExitOk) ++passed;
      worst(s);
    }
    if (scripts.size() > 1)
      std::cout << passed << " of " << scripts.size() << " scripts pass every check\n";
  }
  return status;
}

// The bundled course: beside the samples a packaged install or
// LOOPSCAPE_SAMPLES_DIR names, else in the source tree this CLI was built from.
std::string bundled_course() {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  if (const char* samples = std::getenv("LOOPSCAPE_SAMPLES_DIR"); samples && *samples)
    candidates.push_back(fs::path(samples) / "../resources/lessons/course.md");
  char exe[4096];
  if (const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1); n > 0) {
    exe[n] = 0;
    candidates.push_back(fs::path(exe).parent_path() / "../share/loopscape/resources/lessons/course.md");
  }
  candidates.push_back(fs::path(LOOPSCAPE_LESSONS_DIR) / "course.md");
  for (const fs::path& c : candidates)
    if (fs::exists(c)) return c.lexically_normal().string();
  throw InputError({}, "no bundled course found: name a course file (loopscape-cli lesson list COURSE.md)");
}

int list_lessons(const CliOptions& o) {
  const std::string file = o.input.empty() ? bundled_course() : o.input;
  std::cout << course_listing(read_course(file));
  std::cout << "\n(" << file << ")\n";
  return kExitOk;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw InputError({path, 0, 0}, "cannot write the file");
}

int grade_lessons(const CliOptions& o) {
  namespace fs = std::filesystem;
  if (o.submissions.empty())
    throw InputError({o.input, 0, 0}, "lesson grade needs --submissions DIR (a folder of student folders)");
  std::optional<Course> course;
  std::vector<Lesson> single;
  std::vector<const Lesson*> lessons;
  std::string title;
  if (is_course_file(o.input)) {
    course = read_course(o.input);
    lessons = course->lessons();
    title = course->title;
  } else {
    single.push_back(read_lesson(o.input));
    lessons.push_back(&single.back());
    title = single.back().title;
  }
  for (const Lesson* lesson : lessons)
    validate_lesson(std::make_shared<const LoadedProgram>(load_program(lesson->kernel, lesson->compile)), *lesson);
  const std::string prefix = o.output.empty() ? "grades" : o.output;
  const fs::path submissions = fs::weakly_canonical(o.submissions);
  const fs::path written = fs::weakly_canonical(fs::absolute(prefix + ".csv"));
  if (written.string().rfind(submissions.string() + "/", 0) == 0)
    throw InputError({prefix, 0, 0}, "-o writes inside the submissions folder: students' folders are only read");
  const ClassGrades grades = grade_class(lessons, o.submissions);
  write_file(prefix + ".csv", grades_csv(grades));
  write_file(prefix + ".html", grades_html(grades, title));
  int pass = 0, fail = 0, missing = 0, malformed = 0;
  for (const GradeRow& r : grades.rows)
    (r.result == "pass" ? pass : r.result == "fail" ? fail : r.result == "missing" ? missing : malformed)++;
  std::cout << grades.students.size() << " students, " << grades.rows.size() << " exercises graded: " << pass
            << " pass, " << fail << " fail, " << malformed << " malformed, " << missing << " missing\n"
            << "wrote " << prefix << ".csv and " << prefix << ".html\n";
  for (const std::string& why : grades.ignored) std::cout << "not graded: " << why << "\n";
  return kExitOk;
}

}  // namespace

int run_lesson(const CliOptions& o) {
  if (o.action == "list") return list_lessons(o);
  if (o.action == "grade") return grade_lessons(o);
  return check_lesson(o);
}

}  // namespace loopscape::cli
