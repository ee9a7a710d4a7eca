// SPDX-License-Identifier: Apache-2.0
#include "lessons/course.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace loopscape {
namespace {

namespace fs = std::filesystem;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot read the file");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::vector<const Lesson*> Course::lessons() const {
  std::vector<const Lesson*> out;
  for (const CoursePart& part : parts)
    for (const Lesson& lesson : part.lessons) out.push_back(&lesson);
  return out;
}

int Course::minutes() const {
  int total = 0;
  for (const Lesson* lesson : lessons()) total += lesson->minutes;
  return total;
}

Course parse_course(const std::string& text, const std::string& file) {
  Course course;
  course.file = file;
  std::istringstream in(text);
  std::string line;
  unsigned number = 0;
  const auto at = [&] { return SourceLocation{file, number, 1}; };
  if (!std::getline(in, line) || trim(line) != "---")
    throw InputError(SourceLocation{file, 1, 1}, "a course starts with a front matter: '---', 'title: ...', '---'");
  ++number;
  bool closed = false;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (t == "---") {
      closed = true;
      break;
    }
    if (t.empty()) continue;
    if (t.rfind("title:", 0) != 0)
      throw InputError(at(), "a course's front matter has only 'title: ...' and ends with '---' (is the closing '---' "
                             "missing?)");
    course.title = trim(t.substr(6));
  }
  if (!closed) throw InputError(at(), "the front matter has no closing '---'");
  if (course.title.empty()) throw InputError(SourceLocation{file, 1, 1}, "the course has no 'title:'");
  const fs::path folder = fs::absolute(fs::path(file)).parent_path();
  std::set<std::string> seen;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '>') continue;
    if (t.rfind("## ", 0) == 0) {
      if (!course.parts.empty() && course.parts.back().lessons.empty())
        throw InputError(at(), "part '" + course.parts.back().title + "' (before this line) has no lesson");
      course.parts.push_back({trim(t.substr(3)), {}});
      continue;
    }
    if (t.size() < 4 || t.substr(t.size() - 3) != ".md")
      throw InputError(at(), "expected '## Part title' or a lesson file (NAME.md), not '" + t + "'");
    if (course.parts.empty()) throw InputError(at(), "a lesson before the first part: start with '## Part 1: ...'");
    const std::string path = (fs::path(t).is_relative() ? (folder / t) : fs::path(t)).lexically_normal().string();
    if (!seen.insert(path).second) throw InputError(at(), t + " is already in the course");
    if (!fs::exists(path)) throw InputError({file, number, static_cast<unsigned>(line.find(t) + 1)}, "no lesson file " + path);
    course.parts.back().lessons.push_back(read_lesson(path));
  }
  if (course.lessons().empty()) throw InputError(at(), "the course lists no lesson");
  if (!course.parts.empty() && course.parts.back().lessons.empty())
    throw InputError(at(), "part '" + course.parts.back().title + "' (the last) has no lesson");
  return course;
}

Course read_course(const std::string& path) { return parse_course(file_text(path), path); }

bool is_course_file(const std::string& path) {
  std::istringstream in(file_text(path));
  std::string line;
  if (!std::getline(in, line) || trim(line) != "---") return false;
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (t == "---") return true;
    if (t.rfind("kernel:", 0) == 0) return false;
  }
  return false;
}

std::string course_listing(const Course& course) {
  std::ostringstream out;
  out << course.title << " (" << course.lessons().size() << " lessons";
  if (course.minutes()) out << ", about " << (course.minutes() + 30) / 60 << " hours";
  out << ")\n";
  int n = 0;
  for (const CoursePart& part : course.parts) {
    out << "\n" << part.title << "\n";
    for (const Lesson& lesson : part.lessons) {
      std::set<std::string> kinds;
      std::string kind_list;
      for (const LessonExercise& e : lesson.exercises)
        if (kinds.insert(e.kind()).second) kind_list += (kind_list.empty() ? "" : ", ") + e.kind();
      out << "  " << ++n << ". " << fs::path(lesson.file).stem().string() << "  " << lesson.title << " ("
          << (lesson.minutes ? std::to_string(lesson.minutes) + " min, " : std::string()) << lesson.exercises.size()
          << (lesson.exercises.size() == 1 ? " exercise: " : " exercises: ") << kind_list << ")\n";
      if (!lesson.idea.empty()) out << "     " << lesson.idea << "\n";
    }
  }
  return out.str();
}

}  // namespace loopscape
