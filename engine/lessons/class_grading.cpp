// SPDX-License-Identifier: Apache-2.0
#include "lessons/class_grading.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "lessons/lesson_check.h"
#include "loading/load_program.h"
#include "runner/process.h"
#include "session/script.h"
#include "support/json_value.h"

namespace loopscape {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) { return read_file_text(path.string()); }

std::string utc_time(const fs::path& path) {
  const auto written = fs::last_write_time(path);
  const auto system = std::chrono::file_clock::to_sys(written);
  const std::time_t t = std::chrono::system_clock::to_time_t(system);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &tm);
  return text;
}

// What one student handed in for one exercise.
struct Submission {
  std::optional<std::string> script;       // script text
  std::string script_file;                 // where it came from (for messages)
  std::optional<std::string> answer;       // typed answer
  std::vector<fs::path> files;
};

struct LessonFiles {
  std::optional<fs::path> script;                 // LESSON.ls
  std::map<int, fs::path> scripts, answers;       // LESSON-N.ls, LESSON-N.txt
  std::map<int, std::pair<fs::path, JsonValue>> sessions;  // exercise (0: all) -> saved session
  std::map<int, std::pair<fs::path, std::string>> broken;  // sessions that do not read, and why
};

std::string stem_of(const std::string& path) { return fs::path(path).stem().string(); }

// "10-tiling-2" -> ("10-tiling", 2) when 10-tiling is a lesson with an
// exercise 2; "10-tiling" -> ("10-tiling", 0). `why` says why a name that
// starts like a lesson's claims nothing.
std::optional<std::pair<std::string, int>> split_exercise(const std::string& stem,
                                                          const std::map<std::string, const Lesson*>& lessons,
                                                          std::string* why = nullptr) {
  if (lessons.count(stem)) return std::make_pair(stem, 0);
  const auto dash = stem.rfind('-');
  if (dash == std::string::npos) return std::nullopt;
  const std::string number = stem.substr(dash + 1);
  if (number.empty() || number.size() > 3 || number.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const auto lesson = lessons.find(stem.substr(0, dash));
  if (lesson == lessons.end()) return std::nullopt;
  const int n = std::stoi(number);
  const int exercises = static_cast<int>(lesson->second->exercises.size());
  if (n < 1 || n > exercises) {
    if (why)
      *why = lesson->first + " has exercises 1 to " + std::to_string(exercises) + ", not " + number;
    return std::nullopt;
  }
  return std::make_pair(lesson->first, n);
}

// The lesson a session that does not read names, if its text shows it.
std::optional<std::string> lesson_named_in(const std::string& text) {
  const auto key = text.find("\"lesson\"");
  if (key == std::string::npos) return std::nullopt;
  const auto open = text.find('"', text.find(':', key) + 1);
  const auto close = open == std::string::npos ? std::string::npos : text.find('"', open + 1);
  if (close == std::string::npos) return std::nullopt;
  return stem_of(text.substr(open + 1, close - open - 1));
}

GradeRow grade_one(const std::shared_ptr<const LoadedProgram>& kernel, const LessonExercise& exercise,
                   const Submission& submission, const GradingOptions& options) {
  GradeRow row;
  row.result = "fail";
  Session session(kernel);
  try {
    if (submission.script) {
      const ScriptRun run = apply_script(session, parse_script(*submission.script, submission.script_file));
      if (run.refusal) {
        // A command that does not parse or names nothing is a malformed answer; an illegal one a wrong one.
        if (run.refusal->kind == Refusal::Kind::Arguments) row.result = "malformed";
        else row.check = "legal (every command applies)";
        row.feedback = run.refusal->report();
        while (!row.feedback.empty() && row.feedback.back() == '\n') row.feedback.pop_back();
        return row;
      }
    }
    const ExerciseOutcome outcome =
        check_exercise(session, exercise, submission.answer.value_or(""), options.may_run_programs);
    for (const CheckOutcome& c : outcome.checks) {
      if (c.passed) continue;
      row.check = c.check->text.substr(0, c.check->text.find('|'));
      while (!row.check.empty() && row.check.back() == ' ') row.check.pop_back();
      row.feedback = c.feedback;
      return row;
    }
    row.result = "pass";
  } catch (const InputError& e) {
    row.result = "malformed";
    row.feedback = e.what();
  } catch (const IslError& e) {
    row.check = "(isl)";
    row.feedback = std::string("isl stopped: ") + e.what();
  }
  return row;
}

}  // namespace

ClassGrades grade_class(const std::vector<const Lesson*>& lessons, const std::string& submissions,
                        const GradingOptions& options) {
  if (!fs::is_directory(submissions))
    throw InputError(SourceLocation{submissions, 0, 0}, "not a folder: --submissions takes a folder of student folders");
  ClassGrades grades;
  std::map<std::string, const Lesson*> by_name;
  for (const Lesson* lesson : lessons) by_name[stem_of(lesson->file)] = lesson;
  // Student -> lesson -> files.
  std::map<std::string, std::map<std::string, LessonFiles>> handed_in;
  for (const auto& entry : fs::directory_iterator(submissions)) {
    if (!entry.is_directory()) {
      grades.ignored.push_back(entry.path().filename().string() + ": not in a student's folder");
      continue;
    }
    const std::string student = entry.path().filename().string();
    grades.students.push_back(student);
    auto& files = handed_in[student];
    for (const auto& file : fs::recursive_directory_iterator(entry.path())) {
      if (!file.is_regular_file()) continue;
      const fs::path& path = file.path();
      const std::string shown = fs::relative(path, submissions).string();
      const std::string extension = path.extension().string();
      if (extension == ".json") {
        try {
          JsonValue json = parse_json(read_text(path), path.string());
          const JsonValue* format = json.find("format");
          const JsonValue* lesson = json.find("lesson");
          if (!format || format->string != "loopscape-session") {
            grades.ignored.push_back(shown + ": not a saved Loopscape session");
            continue;
          }
          if (!lesson || !by_name.count(stem_of(lesson->string))) {
            grades.ignored.push_back(shown + ": a session of no lesson graded here");
            continue;
          }
          const JsonValue* exercise = json.find("exercise");
          const int n = exercise && exercise->kind == JsonValue::Kind::Number ? static_cast<int>(exercise->number) : 0;
          files[stem_of(lesson->string)].sessions[n] = {path, std::move(json)};
        } catch (const InputError& e) {
          // A truncated session is the answer, malformed, of the lesson its name or text names.
          std::optional<std::pair<std::string, int>> claimed = split_exercise(path.stem().string(), by_name);
          if (!claimed)
            if (const std::optional<std::string> named = lesson_named_in(read_text(path)); named && by_name.count(*named))
              claimed = std::make_pair(*named, 0);
          if (claimed)
            files[claimed->first].broken[claimed->second] = {path, e.what()};
          else
            grades.ignored.push_back(shown + ": " + e.what());
        }
        continue;
      }
      std::string why;
      const std::optional<std::pair<std::string, int>> claimed = split_exercise(path.stem().string(), by_name, &why);
      if (!claimed || (extension != ".ls" && extension != ".txt")) {
        grades.ignored.push_back(shown + ": " + (why.empty() ? "no lesson graded here is named so (LESSON.ls, "
                                                               "LESSON-N.ls, LESSON-N.txt)"
                                                             : why));
        continue;
      }
      LessonFiles& lf = files[claimed->first];
      if (extension == ".ls" && claimed->second == 0) lf.script = path;
      else if (extension == ".ls") lf.scripts[claimed->second] = path;
      else if (claimed->second) lf.answers[claimed->second] = path;
      else grades.ignored.push_back(shown + ": a typed answer names its exercise (LESSON-N.txt)");
    }
  }
  std::sort(grades.students.begin(), grades.students.end());
  // The lessons anybody handed something in for, in the course's order.
  std::set<std::string> graded;
  for (const auto& [student, per_lesson] : handed_in)
    for (const auto& [lesson, files] : per_lesson) graded.insert(lesson);
  for (const Lesson* lesson : lessons) {
    const std::string name = stem_of(lesson->file);
    if (!graded.count(name)) continue;
    const auto kernel = std::make_shared<const LoadedProgram>(load_program(lesson->kernel, lesson->compile));
    for (std::size_t e = 0; e < lesson->exercises.size(); ++e) {
      const int number = static_cast<int>(e) + 1;
      for (const std::string& student : grades.students) {
        Submission s;
        const auto found = handed_in[student].find(name);
        if (found != handed_in[student].end()) {
          const LessonFiles& lf = found->second;
          const auto session = lf.sessions.count(number) ? lf.sessions.find(number) : lf.sessions.find(0);
          if (session != lf.sessions.end()) {
            // The steps up to the one the student was looking at (view.step; -1 or none: all).
            long shown_steps = -1;
            if (const JsonValue* view = session->second.second.find("view"))
              if (const JsonValue* step = view->find("step"); step && step->kind == JsonValue::Kind::Number)
                shown_steps = static_cast<long>(step->number);
            std::string text;
            if (const JsonValue* commands = session->second.second.find("commands"))
              for (std::size_t c = 0; c < commands->array.size(); ++c)
                if (shown_steps < 0 || static_cast<long>(c) < shown_steps) text += commands->array[c].string + "\n";
            s.script = text;
            s.script_file = session->second.first.string();
            if (const JsonValue* answer = session->second.second.find("answer"); answer && session->first)
              s.answer = answer->string;
            s.files.push_back(session->second.first);
          }
          const auto script = lf.scripts.count(number) ? std::optional<fs::path>(lf.scripts.at(number)) : lf.script;
          if (script) {
            s.script = read_text(*script);
            s.script_file = script->string();
            s.files.push_back(*script);
          }
          if (const auto answer = lf.answers.find(number); answer != lf.answers.end()) {
            s.answer = read_text(answer->second);
            s.files.push_back(answer->second);
          }
        }
        GradeRow row;
        const LessonFiles* lf = found != handed_in[student].end() ? &found->second : nullptr;
        const auto broken = !lf ? decltype(lf->broken)::const_iterator{}
                            : lf->broken.count(number) ? lf->broken.find(number) : lf->broken.find(0);
        if (s.files.empty() && lf && broken != lf->broken.end()) {
          row.result = "malformed";
          row.feedback = broken->second.second;
          row.submitted = utc_time(broken->second.first);
          row.files = fs::relative(broken->second.first, submissions).string();
        } else if (s.files.empty() || (lesson->exercises[e].asks_for_answer() && !s.answer)) {
          // A script alone answers no typed exercise: nothing was handed in for it.
          row.result = "missing";
        } else {
          row = grade_one(kernel, lesson->exercises[e], s, options);
          std::string newest;
          for (const fs::path& f : s.files) {
            newest = std::max(newest, utc_time(f));
            row.files += (row.files.empty() ? "" : " ") + fs::relative(f, submissions).string();
          }
          row.submitted = newest;
        }
        row.student = student;
        row.lesson = name;
        row.exercise = number;
        row.title = lesson->exercises[e].title;
        grades.rows.push_back(std::move(row));
      }
    }
  }
  // A gradebook reads a student's rows together, in the course's order.
  std::vector<std::string> order;
  for (const Lesson* lesson : lessons) order.push_back(stem_of(lesson->file));
  const auto position = [&](const std::string& lesson) { return std::find(order.begin(), order.end(), lesson) - order.begin(); };
  std::stable_sort(grades.rows.begin(), grades.rows.end(), [&](const GradeRow& a, const GradeRow& b) {
    if (a.student != b.student) return a.student < b.student;
    if (a.lesson != b.lesson) return position(a.lesson) < position(b.lesson);
    return a.exercise < b.exercise;
  });
  return grades;
}

}  // namespace loopscape
