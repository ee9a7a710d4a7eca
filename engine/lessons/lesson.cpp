// SPDX-License-Identifier: Apache-2.0
#include "lessons/lesson.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "model/code_running_flags.h"

namespace loopscape {
namespace {

namespace fs = std::filesystem;

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

const std::set<std::string>& check_kinds() {
  static const std::set<std::string> kinds{"legal", "parallel", "carried", "tagged", "loops", "same-results",
                                           "same-order-as", "answer"};
  return kinds;
}

LessonCheck parse_check(const std::string& body, const SourceLocation& where) {
  LessonCheck c;
  c.where = where;
  c.text = body;
  std::string spec = body;
  if (const auto bar = body.find('|'); bar != std::string::npos) {
    spec = trim(body.substr(0, bar));
    c.feedback = trim(body.substr(bar + 1));
  }
  const std::vector<std::string> w = words(spec);
  if (w.empty()) throw InputError(where, "an empty check: write one of legal, parallel, carried, tagged, loops, "
                                         "same-results, same-order-as, answer");
  c.kind = w[0];
  if (!check_kinds().count(c.kind))
    throw InputError(where, "unknown check '" + c.kind + "': the vocabulary is legal, parallel S L, carried S L, "
                                                     "tagged S L TAG, loops S N, same-results, same-order-as CMD; CMD..., "
                                                     "answer WHAT");
  if (c.kind == "answer") {
    // What the typed answer must equal: one of the kernel's relations, or an isl literal.
    const std::string rest = trim(spec.substr(c.kind.size()));
    if (!rest.empty() && (rest[0] == '{' || rest[0] == '[')) {
      c.args = {rest};
      return c;
    }
    c.args = words(rest);
    const std::string what = c.args.empty() ? "" : c.args[0];
    const std::size_t n = c.args.size();
    const bool ok = ((what == "domain") && n == 2) || ((what == "reads" || what == "writes") && (n == 2 || n == 3)) ||
                    ((what == "raw" || what == "war" || what == "waw" || what == "dependences") && n == 1);
    if (!ok)
      throw InputError(where, "'answer' compares the student's isl text with: domain S, reads S [ARRAY], writes S "
                              "[ARRAY], raw, war, waw, dependences, or an isl set or map written out ({ ... })");
    return c;
  }
  if (c.kind == "same-order-as") {
    std::string rest = trim(spec.substr(c.kind.size()));
    std::stringstream parts(rest);
    for (std::string line; std::getline(parts, line, ';');)
      if (!trim(line).empty()) c.args.push_back(trim(line));
    if (c.args.empty()) throw InputError(where, "same-order-as needs the commands whose order to compare with");
    return c;
  }
  c.args.assign(w.begin() + 1, w.end());
  const std::size_t want = c.kind == "parallel" || c.kind == "carried" || c.kind == "loops" ? 2
                           : c.kind == "tagged"                                             ? 3
                                                                                            : 0;
  if (c.args.size() != want)
    throw InputError(where, "'" + c.kind + "' takes " + std::to_string(want) + " word" + (want == 1 ? "" : "s") +
                                " (" +
                                (c.kind == "tagged"  ? std::string("statement, loop, tag")
                                 : c.kind == "loops" ? std::string("statement, count")
                                 : want == 2         ? std::string("statement, loop")
                                                     : std::string("nothing")) +
                                "), not " + std::to_string(c.args.size()));
  if (c.kind == "tagged") {
    // The tag as the schedule holds it; the command that sets it names it too.
    static const std::map<std::string, std::string> by_command = {
        {"parallelize", "parallel"}, {"vectorize", "vector"}, {"distribute", "node"}, {"distributed", "node"}};
    static const std::set<std::string> kinds = {"parallel", "vector",   "unroll",       "gpu_block", "gpu_thread", "node",
                                                "pipeline", "space",    "cache_shared", "send",      "receive"};
    if (const auto alias = by_command.find(c.args[2]); alias != by_command.end()) c.args[2] = alias->second;
    if (!kinds.count(c.args[2])) {
      std::string known;
      for (const std::string& k : kinds) known += (known.empty() ? "" : ", ") + k;
      throw InputError(where, "unknown tag '" + c.args[2] + "' (tags: " + known + "; distribute's is node)");
    }
  }
  return c;
}

}  // namespace

bool LessonExercise::asks_for_answer() const {
  for (const LessonCheck& c : checks)
    if (c.kind == "answer") return true;
  return false;
}

Lesson parse_lesson(const std::string& text, const std::string& file) {
  Lesson lesson;
  lesson.file = file;
  std::istringstream in(text);
  std::string line;
  unsigned number = 0;
  auto at = [&](unsigned column = 1) { return SourceLocation{file, number, column}; };
  // Front matter.
  if (!std::getline(in, line) || trim(line) != "---")
    throw InputError(SourceLocation{file, 1, 1}, "a lesson starts with a front matter: a line '---', then "
                                                 "'title: ...' and 'kernel: ...', then '---'");
  ++number;
  bool closed = false;
  while (std::getline(in, line)) {
    ++number;
    if (trim(line) == "---") {
      closed = true;
      break;
    }
    if (trim(line).empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) throw InputError(at(), "expected 'key: value' in the front matter");
    const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (key == "title") {
      lesson.title = value;
    } else if (key == "kernel") {
      lesson.kernel = value;
    } else if (key == "defines") {
      for (const std::string& d : words(value)) {
        if (const std::string why = flag_runs_code(d); !why.empty())
          throw InputError({file, number, static_cast<unsigned>(line.find(d) + 1)},
                           "defines: " + why + "; a lesson names macros, not flags that run code");
        if (const std::string why = malformed_define(d); !why.empty())
          throw InputError({file, number, static_cast<unsigned>(line.find(d) + 1)}, "defines: " + why);
        lesson.compile.defines.push_back(d);
      }
    } else {
      throw InputError(at(), "unknown front-matter key '" + key + "' (title, kernel, defines)");
    }
  }
  if (!closed) throw InputError(at(), "the front matter has no closing '---'");
  if (lesson.title.empty()) throw InputError(SourceLocation{file, 1, 1}, "the front matter has no 'title:'");
  if (lesson.kernel.empty()) throw InputError(SourceLocation{file, 1, 1}, "the front matter has no 'kernel:'");
  // Anchored at the lesson's folder as an absolute path: a lesson named
  // without a folder ("rowscan.md") has an empty parent, and an empty -I
  // would swallow the argument after it.
  if (fs::path(lesson.kernel).is_relative())
    lesson.kernel = (fs::absolute(fs::path(file)).parent_path() / lesson.kernel).lexically_normal().string();
  lesson.compile.include_dirs.push_back(fs::path(lesson.kernel).parent_path().string());

  // Text and exercises.
  LessonExercise* current = nullptr;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (starts_with(t, "## Exercise:")) {
      lesson.exercises.push_back({});
      current = &lesson.exercises.back();
      current->title = trim(t.substr(12));
      current->where = at();
      if (current->title.empty()) throw InputError(at(13), "an exercise needs a title after '## Exercise:'");
      continue;
    }
    const bool directive = starts_with(t, "check:") || starts_with(t, "hint:") || starts_with(t, "solution:") ||
                           starts_with(t, "answer:");
    if (directive && !current) throw InputError(at(), "'" + t.substr(0, t.find(':') + 1) + "' outside an exercise");
    if (starts_with(t, "check:")) {
      const std::size_t body = line.find_first_not_of(" \t", line.find(':') + 1);
      current->checks.push_back(parse_check(trim(t.substr(6)), at(static_cast<unsigned>(
                                                                   (body == std::string::npos ? line.size() : body) + 1))));
    } else if (starts_with(t, "hint:")) {
      current->hints.push_back(trim(t.substr(5)));
    } else if (starts_with(t, "solution:")) {
      current->solution.push_back(trim(t.substr(9)));
      const std::size_t body = line.find_first_not_of(" \t", line.find(':') + 1);
      current->solution_where.push_back(at(static_cast<unsigned>((body == std::string::npos ? line.size() : body) + 1)));
    } else if (starts_with(t, "answer:")) {
      if (!current->answer.empty()) throw InputError(at(), "an exercise has one 'answer:' line");
      current->answer = trim(t.substr(7));
    } else if (current) {
      current->text += line + "\n";
    } else {
      lesson.text += line + "\n";
    }
  }
  for (const LessonExercise& e : lesson.exercises) {
    if (e.checks.empty()) throw InputError(e.where, "exercise '" + e.title + "' has no 'check:' line");
    if (e.asks_for_answer() && e.answer.empty())
      throw InputError(e.where, "exercise '" + e.title + "' has 'answer' checks but no 'answer:' line (the model answer)");
    if (!e.asks_for_answer() && !e.answer.empty())
      throw InputError(e.where, "exercise '" + e.title + "' has an 'answer:' line but no 'check: answer ...'");
  }
  return lesson;
}

Lesson read_lesson(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot read the lesson file");
  std::stringstream text;
  text << in.rdbuf();
  return parse_lesson(text.str(), path);
}

}  // namespace loopscape
