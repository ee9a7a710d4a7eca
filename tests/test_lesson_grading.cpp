// SPDX-License-Identifier: Apache-2.0
// A class at once and a course (lessons/class_grading.h, lessons/course.h):
// `lesson grade` reads a folder of twenty students' folders (right, wrong,
// equivalent but different, malformed, saved sessions) and writes the CSV
// and the HTML summary without touching a student's file; `lesson list`
// shows the bundled course by part; course files are checked at their line.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "cli_process.h"
#include "lessons/course.h"
#include "support/json_value.h"

using namespace loopscape;
using loopscape::testing::run_cli;

namespace {

namespace fs = std::filesystem;
const std::string kLessons = LOOPSCAPE_SAMPLES "/../resources/lessons";

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every file of the folder with its text and time: what a grader must not change.
std::map<std::string, std::pair<std::string, fs::file_time_type>> snapshot(const fs::path& dir) {
  std::map<std::string, std::pair<std::string, fs::file_time_type>> out;
  for (const auto& f : fs::recursive_directory_iterator(dir))
    if (f.is_regular_file()) out[f.path().string()] = {read(f.path()), fs::last_write_time(f.path())};
  return out;
}

// The CSV's rows as student/lesson/exercise -> result, first failing check and feedback.
struct Row {
  std::string result, check, feedback;
};

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const char c = line[k];
    if (quoted && c == '"' && k + 1 < line.size() && line[k + 1] == '"') {
      out.back() += '"';
      ++k;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::map<std::string, Row> rows_of(const std::string& csv) {
  std::map<std::string, Row> rows;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const std::vector<std::string> f = csv_fields(line);
    if (f.size() != 9) continue;
    rows[f[0] + "/" + f[1] + "/" + f[2]] = {f[4], f[5], f[6]};
  }
  return rows;
}

}  // namespace

class TestLessonGrading : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aClassOfTwenty() {
    QTemporaryDir tmp;
    const fs::path root = tmp.path().toStdString(), class_dir = root / "class";
    // Ten right answers, four of them another way to the same schedule.
    for (const char* s : {"s01", "s02", "s03", "s04", "s05", "s06"}) write(class_dir / s / "10-tiling.ls", "S1.tile(i, j, 8, 8)\n");
    for (const char* s : {"s07", "s08"})
      write(class_dir / s / "10-tiling.ls", "S1.split(i, 8)\nS1.split(j, 8)\nS1.interchange(i1, j0)\n");
    write(class_dir / "s09" / "10-tiling-1.ls", "S1.tile(i, j, 8, 8)\n");
    write(class_dir / "s10" / "session.json",
          R"json({"format": "loopscape-session", "version": 1, "source": "/elsewhere/matmul.c",
              "commands": ["S1.tile(i, j, 8, 8)"], "lesson": "/elsewhere/10-tiling.md", "exercise": 1})json");
    // Wrong: the wrong size, the wrong loops, a refused command.
    for (const char* s : {"s11", "s12", "s13"}) write(class_dir / s / "10-tiling.ls", "S1.tile(i, j, 4, 4)\n");
    write(class_dir / "s14" / "10-tiling.ls", "S1.tile(j, k, 8, 8)\n");
    write(class_dir / "s15" / "10-tiling.ls", "S1.interchange(i, k)\n");
    // Malformed: a script that does not parse, a truncated session.
    write(class_dir / "s16" / "10-tiling.ls", "S1.tile(i, j, 8 8)\n");
    write(class_dir / "s17" / "10-tiling.json", "{\"format\": \"loopscape-session\", \"commands\": [\"S1.tile()");
    // Typed answers of another lesson; one student hands in nothing, one a stray file.
    write(class_dir / "s18" / "17-counting-points-1.txt", "21\n");
    write(class_dir / "s18" / "17-counting-points-2.txt", "n * (n + 1) / 2\n");
    write(class_dir / "s19" / "17-counting-points-2.txt", "n * n\n");
    fs::create_directories(class_dir / "s20");
    write(class_dir / "s20" / "notes.txt", "I did not finish\n");
    // Windows: a byte-order mark and CRLF; a session showing step 1 of 2 (step 2 undone);
    // a truncated session named for nothing; file names that claim no exercise.
    write(class_dir / "s21" / "10-tiling.ls", "\xEF\xBB\xBFS1.tile(i, j, 8, 8)\r\n");
    write(class_dir / "s22" / "work.json",
          R"json({"format": "loopscape-session", "version": 1, "source": "/x/matmul.c", "lesson": "/x/10-tiling.md",
              "commands": ["S1.tile(i, j, 8, 8)", "S1.interchange(i0, j0)"], "view": {"step": 1}, "exercise": 1})json");
    write(class_dir / "s23" / "mine.json", "{\"format\": \"loopscape-session\", \"lesson\": \"/x/10-tiling.md\", \"comm");
    write(class_dir / "s23" / "10-tiling-0.ls", "S1.tile(i, j, 8, 8)\n");
    write(class_dir / "s23" / "10-tiling-9.txt", "1\n");
    // A whole-lesson script answers no typed exercise.
    write(class_dir / "s24" / "17-counting-points.ls", "S0.interchange(i, j)\n");
    const auto before = snapshot(class_dir);

    const std::string prefix = (root / "out" / "week3").string();
    fs::create_directories(root / "out");
    const auto run = run_cli({"lesson", "grade", QString::fromStdString(kLessons + "/course.md"), "--submissions",
                              QString::fromStdString(class_dir.string()), "-o", QString::fromStdString(prefix)});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY2(run.out.find("24 students") == 0, run.out.c_str());
    QVERIFY2(run.out.find("not graded: s23/10-tiling-0.ls: 10-tiling has exercises 1 to 2, not 0") != std::string::npos,
             run.out.c_str());
    QVERIFY2(run.out.find("not graded: s23/10-tiling-9.txt: 10-tiling has exercises 1 to 2, not 9") != std::string::npos,
             run.out.c_str());
    QVERIFY2(run.out.find("not graded: s20/notes.txt") != std::string::npos, run.out.c_str());
    QVERIFY(before == snapshot(class_dir));  // students' files are only read

    const auto rows = rows_of(read(prefix + ".csv"));
    QVERIFY(read(prefix + ".csv").rfind("student,lesson,exercise,title,result,first_failing_check,feedback,submitted,files\n", 0) == 0);
    for (const char* s : {"s01", "s06", "s07", "s08", "s09", "s10"})
      QVERIFY2(rows.at(std::string(s) + "/10-tiling/1").result == "pass", s);
    QCOMPARE(rows.at("s10/10-tiling/2").result, std::string("missing"));  // the session was of exercise 1
    QCOMPARE(rows.at("s09/10-tiling/2").result, std::string("missing"));
    const Row& wrong = rows.at("s11/10-tiling/1");
    QCOMPARE(wrong.result, std::string("fail"));
    QCOMPARE(wrong.check, std::string("same-order-as S1.tile(i, j, 8, 8)"));
    QVERIFY2(wrong.feedback.find("step 1 (S1.tile(i, j, 4, 4)) is where your schedule leaves the expected one") == 0,
             wrong.feedback.c_str());
    QCOMPARE(rows.at("s16/10-tiling/1").result, std::string("malformed"));
    QVERIFY(rows.at("s16/10-tiling/1").feedback.find("10-tiling.ls:1:1:") != std::string::npos);
    QCOMPARE(rows.at("s17/10-tiling/1").result, std::string("malformed"));
    QVERIFY(rows.at("s17/10-tiling/1").feedback.find("malformed JSON") != std::string::npos);
    QCOMPARE(rows.at("s18/17-counting-points/2").result, std::string("pass"));
    QCOMPARE(rows.at("s19/17-counting-points/2").result, std::string("fail"));
    QVERIFY(rows.at("s19/17-counting-points/2").feedback.find("at n = 2 your formula gives 4") == 0);
    QCOMPARE(rows.at("s20/10-tiling/1").result, std::string("missing"));
    QCOMPARE(rows.at("s21/10-tiling/1").result, std::string("pass"));
    QCOMPARE(rows.at("s22/10-tiling/1").result, std::string("pass"));  // the undone step is not graded
    QCOMPARE(rows.at("s23/10-tiling/1").result, std::string("malformed"));
    QCOMPARE(rows.at("s24/17-counting-points/1").result, std::string("missing"));
    QVERIFY(!rows.count("s01/01-sets-and-maps/1"));  // nobody handed that lesson in

    const std::string html = read(prefix + ".html");
    QVERIFY(html.find("<h2>Most common wrong answers</h2>") != std::string::npos);
    // The three students with 4 x 4 tiles share one wrong answer, counted once per exercise.
    QVERIFY2(html.find("<td class=\"n\">3</td><td>s11, s12, s13</td><td>10-tiling 1</td>") != std::string::npos,
             html.c_str());

    // The output may not go among the students' files.
    const auto inside = run_cli({"lesson", "grade", QString::fromStdString(kLessons + "/10-tiling.md"), "--submissions",
                                 QString::fromStdString(class_dir.string()), "-o",
                                 QString::fromStdString((class_dir / "s01" / "grades").string())});
    QCOMPARE(inside.exit_code, 2);
    QVERIFY(inside.err.find("students' folders are only read") != std::string::npos);
    QVERIFY(before == snapshot(class_dir));
    // One lesson instead of a course.
    // Whatever bytes a student's file holds, the CSV is UTF-8.
    write(class_dir / "s25" / "10-tiling.ls", "S1.tile(i, j, \xff, 8)\n");
    QVERIFY(run_cli({"lesson", "grade", QString::fromStdString(kLessons + "/10-tiling.md"), "--submissions",
                     QString::fromStdString(class_dir.string()), "-o", QString::fromStdString(prefix)})
                .exit_code == 0);
    QVERIFY(QString::fromUtf8(QByteArray::fromStdString(read(prefix + ".csv"))).toUtf8().toStdString() ==
            read(prefix + ".csv"));
    fs::remove_all(class_dir / "s25");
    const auto one = run_cli({"lesson", "grade", QString::fromStdString(kLessons + "/10-tiling.md"), "--submissions",
                              QString::fromStdString(class_dir.string()), "-o", QString::fromStdString(prefix)});
    QVERIFY2(one.exit_code == 0, one.err.c_str());
    QVERIFY(rows_of(read(prefix + ".csv")).count("s19/17-counting-points/2") == 0);
    QVERIFY(run_cli({"lesson", "grade", QString::fromStdString(kLessons + "/10-tiling.md")}).exit_code == 2);
  }

  void theBundledCourse() {
    const Course course = read_course(kLessons + "/course.md");
    QVERIFY(course.lessons().size() >= 24);
    QVERIFY(course.parts.size() >= 5);
    std::set<std::string> kinds;
    for (const Lesson* lesson : course.lessons()) {
      QVERIFY2(lesson->exercises.size() >= 2, lesson->file.c_str());
      QVERIFY2(lesson->minutes > 0 && !lesson->idea.empty(), lesson->file.c_str());
      for (const LessonExercise& e : lesson->exercises) kinds.insert(e.kind());
    }
    for (const char* kind : {"schedule", "fix", "target", "predict", "choices", "set or map", "count", "schedule map"})
      QVERIFY2(kinds.count(kind), kind);
    // Every lesson file is in the course.
    std::size_t files = 0;
    for (const auto& f : fs::directory_iterator(kLessons)) files += f.path().extension() == ".md" && f.path().stem() != "course";
    QCOMPARE(course.lessons().size(), files);

    const auto list = run_cli({"lesson", "list"});
    QVERIFY2(list.exit_code == 0, list.err.c_str());
    QVERIFY(list.out.find("Part 1: Sets, maps and domains\n  1. 01-sets-and-maps  Integer sets and maps (25 min, 3 "
                          "exercises: set or map)") != std::string::npos);
    QVERIFY(list.out.find("24. ") != std::string::npos);
  }

  void courseFilesNameTheirLine() {
    QTemporaryDir tmp;
    const fs::path dir = tmp.path().toStdString();
    fs::copy_file(kLessons + "/10-tiling.md", dir / "tiling.md");
    fs::copy_file(LOOPSCAPE_SAMPLES "/matmul.c", dir / "matmul.c");
    std::string lesson = read(dir / "tiling.md");
    lesson.replace(lesson.find("../../samples/matmul.c"), 22, "matmul.c");
    write(dir / "tiling.md", lesson);
    const auto error = [&](const std::string& text) {
      try {
        parse_course(text, (dir / "c.md").string());
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    QVERIFY(error("---\ntitle: Mine\n---\n## Week 1\ntiling.md\n").empty());
    QVERIFY(error("---\ntitle: Mine\n---\ntiling.md\n").find("c.md:4:1: a lesson before the first part") != std::string::npos);
    QVERIFY(error("---\ntitle: Mine\n---\n## W\nmissing.md\n").find("c.md:5:1: no lesson file") != std::string::npos);
    QVERIFY(error("---\ntitle: Mine\n---\n## W\nread the book\n").find("c.md:5:1: expected '## Part title'") !=
            std::string::npos);
    QVERIFY(error("---\ntitle: Mine\n---\n## W\ntiling.md\ntiling.md\n").find("already in the course") != std::string::npos);
    QVERIFY(error("---\n---\n## W\ntiling.md\n").find("no 'title:'") != std::string::npos);
    QVERIFY(error("---\ntitle: Mine\n---\n## W\n> a note\n").find("lists no lesson") != std::string::npos);
    write(dir / "mine.md", "---\ntitle: Mine\n---\n## Week 1\ntiling.md\n");
    QVERIFY(is_course_file((dir / "mine.md").string()));
    QVERIFY(!is_course_file((dir / "tiling.md").string()));
    const auto list = run_cli({"lesson", "list", QString::fromStdString((dir / "mine.md").string())});
    QVERIFY2(list.exit_code == 0 && list.out.find("Week 1\n  1. tiling") != std::string::npos, list.out.c_str());
  }

  void sessionsReadWithoutQt() {
    const JsonValue v = parse_json(R"({"a": [1, "x\u00e9\n", true, null], "b": {"c": -2.5e1}})", "s.json");
    QCOMPARE(v.find("a")->array.size(), std::size_t(4));
    QCOMPARE(v.find("a")->array[1].string, std::string("x\xc3\xa9\n"));
    QCOMPARE(v.find("b")->find("c")->number, -25.0);
    QVERIFY(v.find("a")->array[2].boolean);
    QVERIFY_THROWS_EXCEPTION(InputError, parse_json("{\"a\": [1, 2}", "s.json"));
    try {
      parse_json("{\n  \"a\": tru\n}", "s.json");
      QFAIL("not JSON");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).find("s.json:2:8:") == 0, e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestLessonGrading)
#include "test_lesson_grading.moc"
