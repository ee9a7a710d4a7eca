// SPDX-License-Identifier: Apache-2.0
#include "lessons/lesson.h"

#include <algorithm>
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
  static const std::set<std::string> kinds{"legal",  "parallel", "carried",        "tagged",
                                           "loops",  "same-results", "same-order-as", "answer",
                                           "predict", "matches-target", "choices"};
  return kinds;
}

const char* const kVocabulary =
    "legal, parallel S L, carried S L, tagged S L TAG, loops S N, same-results, same-order-as CMD; CMD..., "
    "answer WHAT, predict K, matches-target code|order, choices";

// "n=12 m=8" (front matter and exercises' `plot:`).
std::map<std::string, long> parse_plot_values(const std::string& value, const SourceLocation& where) {
  std::map<std::string, long> out;
  for (const std::string& w : words(value)) {
    const auto eq = w.find('=');
    long v = 0;
    std::size_t used = 0;
    bool ok = eq != std::string::npos && eq > 0;
    if (ok) {
      try {
        v = std::stol(w.substr(eq + 1), &used);
      } catch (const std::exception&) {
        ok = false;
      }
      ok = ok && used == w.size() - eq - 1;
    }
    if (!ok) throw InputError(where, "plot: expected NAME=VALUE pairs (n=12 m=8), not '" + w + "'");
    out[w.substr(0, eq)] = v;
  }
  if (out.empty()) throw InputError(where, "plot: give the parameter values, as n=12 m=8");
  return out;
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
  if (w.empty()) throw InputError(where, std::string("an empty check: write one of ") + kVocabulary);
  c.kind = w[0];
  if (!check_kinds().count(c.kind))
    throw InputError(where, "unknown check '" + c.kind + "': the vocabulary is " + kVocabulary);
  if (c.kind == "predict") {
    c.args.assign(w.begin() + 1, w.end());
    if (c.args.size() != 1 || c.args[0].empty() || c.args[0].size() > 3 ||
        c.args[0].find_first_not_of("0123456789") != std::string::npos || std::stol(c.args[0]) < 1 ||
        std::stol(c.args[0]) > 200)
      throw InputError(where, "'predict' takes how many instances the student lists (1 to 200): predict 6");
    return c;
  }
  if (c.kind == "matches-target") {
    c.args.assign(w.begin() + 1, w.end());
    if (c.args.size() != 1 || (c.args[0] != "code" && c.args[0] != "order"))
      throw InputError(where, "'matches-target' takes code (the same code up to the loops' names) or order (the "
                              "instances in the same order)");
    return c;
  }
  if (c.kind == "choices") {
    if (w.size() != 1) throw InputError(where, "'choices' takes nothing: the options are the exercise's 'choice:' lines");
    return c;
  }
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
    const bool ok = (what == "domain" && n == 2) || (what == "count" && (n == 2 || (n == 3 && c.args[2] == "formula"))) ||
                    ((what == "reads" || what == "writes") && (n == 2 || n == 3)) ||
                    ((what == "raw" || what == "war" || what == "waw" || what == "dependences" || what == "schedule") &&
                     n == 1);
    if (!ok)
      throw InputError(where, "'answer' compares the student's isl text with: domain S, reads S [ARRAY], writes S "
                              "[ARRAY], raw, war, waw, dependences, count S [formula] (a number or a formula; formula: only a formula), schedule (a "
                              "schedule map, against the solution's order), or an isl set or map written out ({ ... })");
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

// "parallel S0 j | Loop j can run in parallel": a claim of the check
// vocabulary (or refuses/accepts CMD) and the option's text.
LessonChoice parse_choice(const std::string& body, const SourceLocation& where) {
  const auto bar = body.find('|');
  if (bar == std::string::npos || trim(body.substr(bar + 1)).empty())
    throw InputError(where, "a choice is a claim, '|' and the option's text: choice: parallel S0 j | Loop j can run in "
                            "parallel");
  LessonChoice choice;
  choice.text = trim(body.substr(bar + 1));
  const std::string claim = trim(body.substr(0, bar));
  const std::vector<std::string> w = words(claim);
  if (!w.empty() && (w[0] == "refuses" || w[0] == "accepts")) {
    choice.claim.kind = w[0];
    choice.claim.where = where;
    choice.claim.text = claim;
    const std::string command = trim(claim.substr(w[0].size()));
    if (command.empty()) throw InputError(where, "'" + w[0] + "' takes the command: refuses S0.interchange(i, j)");
    choice.claim.args = {command};
    return choice;
  }
  choice.claim = parse_check(claim, where);
  static const std::set<std::string> claims{"legal", "parallel", "carried", "tagged", "loops"};
  if (!claims.count(choice.claim.kind))
    throw InputError(where, "a choice claims legal, parallel S L, carried S L, tagged S L TAG, loops S N, refuses CMD "
                            "or accepts CMD, not '" + choice.claim.kind + "'");
  return choice;
}

bool typed(const LessonCheck& c) { return c.kind == "answer" || c.kind == "predict" || c.kind == "choices"; }

}  // namespace

bool LessonExercise::asks_for_answer() const { return typed_check() != nullptr; }

const LessonCheck* LessonExercise::typed_check() const {
  for (const LessonCheck& c : checks)
    if (typed(c)) return &c;
  return nullptr;
}

std::string LessonExercise::kind() const {
  if (const LessonCheck* c = typed_check()) {
    if (c->kind != "answer") return c->kind;
    if (c->args[0] == "count") return "count";
    if (c->args[0] == "schedule") return "schedule map";
    return "set or map";
  }
  if (!target.empty()) return "target";
  if (!given.empty()) return "fix";
  return "schedule";
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
    } else if (key == "time") {
      const std::vector<std::string> w = words(value);
      const bool ok = (w.size() == 1 || (w.size() == 2 && (w[1] == "min" || w[1] == "minutes"))) &&
                      !w[0].empty() && w[0].size() < 4 && w[0].find_first_not_of("0123456789") == std::string::npos;
      if (!ok) throw InputError(at(), "time: the estimated minutes, as 'time: 30 min'");
      lesson.minutes = std::stoi(w[0]);
    } else if (key == "idea") {
      lesson.idea = value;
    } else if (key == "plot") {
      lesson.plot = parse_plot_values(value, at());
    } else {
      throw InputError(at(), "unknown front-matter key '" + key + "' (title, kernel, defines, time, idea, plot)");
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
    static const char* const kDirectives[] = {"check:", "hint:",  "solution:", "answer:", "given:",
                                              "target:", "choice:", "plot:",     "axes:"};
    const bool directive =
        std::any_of(std::begin(kDirectives), std::end(kDirectives), [&](const char* d) { return starts_with(t, d); });
    const auto body_at = [&] {
      const std::size_t body = line.find_first_not_of(" \t", line.find(':') + 1);
      return at(static_cast<unsigned>((body == std::string::npos ? line.size() : body) + 1));
    };
    const auto body = [&] { return trim(t.substr(t.find(':') + 1)); };
    if (directive && !current) throw InputError(at(), "'" + t.substr(0, t.find(':') + 1) + "' outside an exercise");
    if (starts_with(t, "check:")) {
      current->checks.push_back(parse_check(body(), body_at()));
    } else if (starts_with(t, "hint:")) {
      current->hints.push_back(body());
    } else if (starts_with(t, "solution:")) {
      current->solution.push_back(body());
      current->solution_where.push_back(body_at());
    } else if (starts_with(t, "given:")) {
      current->given.push_back(body());
      current->given_where.push_back(body_at());
    } else if (starts_with(t, "target:")) {
      current->target.push_back(body());
      current->target_where.push_back(body_at());
    } else if (starts_with(t, "choice:")) {
      current->choices.push_back(parse_choice(body(), body_at()));
    } else if (starts_with(t, "plot:")) {
      current->plot = parse_plot_values(body(), body_at());
    } else if (starts_with(t, "axes:")) {
      current->axes = words(body());
    } else if (starts_with(t, "answer:")) {
      if (!current->answer.empty()) throw InputError(at(), "an exercise has one 'answer:' line");
      current->answer = trim(t.substr(7));
    } else if (current) {
      current->text += line + "\n";
    } else {
      lesson.text += line + "\n";
    }
  }
  for (LessonExercise& e : lesson.exercises)
    for (const auto& [name, value] : lesson.plot) e.plot.emplace(name, value);
  for (const LessonExercise& e : lesson.exercises) {
    const std::string named = "exercise '" + e.title + "' ";
    if (e.checks.empty()) throw InputError(e.where, named + "has no 'check:' line");
    const long typed_checks = std::count_if(e.checks.begin(), e.checks.end(), typed);
    if (typed_checks > 1)
      throw InputError(e.where, named + "has " + std::to_string(typed_checks) +
                                    " checks of what the student types (answer, predict, choices): the answer box "
                                    "holds one answer");
    const LessonCheck* asked = e.typed_check();
    if (asked && asked->kind == "answer" && e.answer.empty())
      throw InputError(e.where, named + "has an 'answer' check but no 'answer:' line (the model answer)");
    if (!asked && !e.answer.empty())
      throw InputError(e.where, named + "has an 'answer:' line but no check of a typed answer");
    const bool asks_choices = asked && asked->kind == "choices";
    if (asks_choices && e.choices.size() < 2) throw InputError(e.where, named + "needs two 'choice:' lines or more");
    if (!asks_choices && !e.choices.empty())
      throw InputError(e.where, named + "has 'choice:' lines but no 'check: choices'");
    const bool matches = std::any_of(e.checks.begin(), e.checks.end(),
                                     [](const LessonCheck& c) { return c.kind == "matches-target"; });
    if (matches && e.target.empty()) throw InputError(e.where, named + "checks matches-target but has no 'target:' lines");
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
