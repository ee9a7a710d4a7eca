// SPDX-License-Identifier: Apache-2.0
#include "lessons/class_grading.h"

#include <algorithm>
#include <cctype>
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

// Text a gradebook can read: bytes that are not UTF-8 (a student's file in
// another encoding, quoted in a message) become '?'.
std::string valid_utf8(const std::string& s) {
  std::string out;
  for (std::size_t k = 0; k < s.size();) {
    const auto c = static_cast<unsigned char>(s[k]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = n > 0 && k + n <= s.size();
    for (std::size_t j = 1; ok && j < n; ++j) ok = (static_cast<unsigned char>(s[k + j]) >> 6) == 0x2;
    if (ok) {
      out.append(s, k, n);
      k += n;
    } else {
      out += '?';
      ++k;
    }
  }
  return out;
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

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string html(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// What students share in a wrong answer: the finding without the file it was
// found in ("/class/dee/10-tiling.ls:1:1: error: tile takes ..." -> "tile takes ...").
std::string shared_finding(const std::string& feedback) {
  std::string line = first_line(feedback);
  if (const auto error = line.find(": error: "); error != std::string::npos && line.find('/') < error)
    return line.substr(error + 9);
  const auto colon = line.find(": ");
  if (colon != std::string::npos && line.find('/') < colon && std::isdigit(static_cast<unsigned char>(line[colon - 1])))
    return line.substr(colon + 2);
  return line;
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

std::string grades_csv(const ClassGrades& grades) {
  std::string out = "student,lesson,exercise,title,result,first_failing_check,feedback,submitted,files\n";
  for (const GradeRow& r : grades.rows)
    out += csv_field(r.student) + "," + csv_field(r.lesson) + "," + std::to_string(r.exercise) + "," +
           csv_field(r.title) + "," + r.result + "," + csv_field(r.check) + "," + csv_field(r.feedback) + "," +
           r.submitted + "," + csv_field(r.files) + "\n";
  return valid_utf8(out);
}

std::string grades_html(const ClassGrades& grades, const std::string& title) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << html(title)
      << " — grades</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
         "table{border-collapse:collapse;margin-bottom:1.5em}td,th{border:1px solid #bbb;padding:.25em .6em;text-align:left}"
         "td.n{text-align:right}.pass{color:#0a6b2d}.fail{color:#a11}</style></head><body>\n";
  out << "<h1>" << html(title) << "</h1>\n<p>" << grades.students.size() << " students, " << grades.rows.size()
      << " graded exercises.</p>\n";
  // Per exercise.
  struct Tally {
    int pass = 0, fail = 0, missing = 0, malformed = 0;
    std::string title;
  };
  std::vector<std::pair<std::string, int>> order;
  std::map<std::pair<std::string, int>, Tally> tally;
  for (const GradeRow& r : grades.rows) {
    const auto key = std::make_pair(r.lesson, r.exercise);
    if (!tally.count(key)) order.push_back(key);
    Tally& t = tally[key];
    t.title = r.title;
    (r.result == "pass" ? t.pass : r.result == "fail" ? t.fail : r.result == "missing" ? t.missing : t.malformed)++;
  }
  out << "<h2>Exercises</h2>\n<table><tr><th>Lesson</th><th>Exercise</th><th>Pass</th><th>Fail</th><th>Malformed</th>"
         "<th>Missing</th></tr>\n";
  for (const auto& key : order) {
    const Tally& t = tally[key];
    out << "<tr><td>" << html(key.first) << "</td><td>" << key.second << ". " << html(t.title) << "</td><td class=\"n pass\">"
        << t.pass << "</td><td class=\"n fail\">" << t.fail << "</td><td class=\"n\">" << t.malformed
        << "</td><td class=\"n\">" << t.missing << "</td></tr>\n";
  }
  out << "</table>\n";
  // The most common wrong answers: failing rows grouped by what the engine said.
  std::map<std::tuple<std::string, int, std::string, std::string>, std::vector<std::string>> wrong;
  for (const GradeRow& r : grades.rows)
    if (r.result == "fail" || r.result == "malformed")
      wrong[{r.lesson, r.exercise, r.check, (r.result == "malformed" ? "malformed: " : "") + shared_finding(r.feedback)}]
          .push_back(r.student);
  std::vector<std::pair<std::size_t, decltype(wrong)::const_iterator>> ranked;
  for (auto it = wrong.begin(); it != wrong.end(); ++it) ranked.push_back({it->second.size(), it});
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  out << "<h2>Most common wrong answers</h2>\n";
  if (ranked.empty()) out << "<p>None: every answer handed in passes.</p>\n";
  else out << "<table><tr><th>Students</th><th>Who</th><th>Exercise</th><th>Check</th><th>What the engine found</th></tr>\n";
  for (std::size_t k = 0; k < ranked.size() && k < 10; ++k) {
    const auto& [key, students] = *ranked[k].second;
    std::string names;
    for (const std::string& s : students) names += (names.empty() ? "" : ", ") + s;
    out << "<tr><td class=\"n\">" << students.size() << "</td><td>" << html(names) << "</td><td>" << html(std::get<0>(key))
        << " " << std::get<1>(key) << "</td><td><code>" << html(std::get<2>(key)) << "</code></td><td>"
        << html(std::get<3>(key)) << "</td></tr>\n";
  }
  if (!ranked.empty()) out << "</table>\n";
  // Per student.
  out << "<h2>Students</h2>\n<table><tr><th>Student</th><th>Passed</th><th>Handed in</th></tr>\n";
  for (const std::string& student : grades.students) {
    int passed = 0, handed = 0, total = 0;
    for (const GradeRow& r : grades.rows) {
      if (r.student != student) continue;
      ++total;
      passed += r.result == "pass";
      handed += r.result != "missing";
    }
    out << "<tr><td>" << html(student) << "</td><td class=\"n\">" << passed << " / " << total << "</td><td class=\"n\">"
        << handed << "</td></tr>\n";
  }
  out << "</table>\n";
  if (!grades.ignored.empty()) {
    out << "<h2>Files not graded</h2>\n<ul>\n";
    for (const std::string& i : grades.ignored) out << "<li>" << html(i) << "</li>\n";
    out << "</ul>\n";
  }
  out << "</body></html>\n";
  return valid_utf8(out.str());
}

}  // namespace loopscape
