// SPDX-License-Identifier: Apache-2.0
// What a class's grades are written as: the CSV a gradebook loads and the
// one-page HTML summary (lessons/class_grading.h).
#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

#include "lessons/class_grading.h"

namespace loopscape {
namespace {

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

}  // namespace

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
