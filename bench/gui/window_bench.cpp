// SPDX-License-Identifier: Apache-2.0
// How long each click takes in the real window (offscreen), issue 24: a file
// is opened, then the commands of a script are applied one by one as the
// command forms apply them; for each, the time until the window shows the
// views (tree, plot, dependences, legality: resultReady handled and the
// window painted) and until every target's code is in its tab (the last
// codeReady). Then undo and redo of the last step, which the window has
// already computed.
//
//   QT_QPA_PLATFORM=offscreen loopscape-window-bench FILE.c SCRIPT [-I DIR] [FILE.c ...]
//
// FILE may be a C++ program (.cpp): its open then includes building it
// (set LOOPSCAPE_CPP_CACHE to an empty folder to time a first open).
#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine_worker.h"
#include "main_window.h"
#include "session/script.h"

#include "../bench_cases.h"

using namespace loopscape;

namespace {

struct Timing {
  double views_ms = -1;
  double code_ms = -1;
};

// Runs `request` on the window's worker and times its answer.
template <typename Request>
Timing timed(MainWindow& window, Request request) {
  EngineWorker* worker = window.worker();
  Timing t;
  QElapsedTimer clock;
  quint64 generation = 0;
  // Connected after the window's own slots: they run first, so these times
  // include the window's filling of the views; the paint they schedule is
  // done here, before the clock is read (a user sees the views once painted).
  auto views = QObject::connect(worker, &EngineWorker::resultReady, [&](const EngineResult& r) {
    if (r.generation != generation || !r.snapshot) return;
    window.repaint();
    t.views_ms = double(clock.nsecsElapsed()) / 1e6;
    if (!r.snapshot->code_pending()) t.code_ms = t.views_ms;
  });
  auto code = QObject::connect(worker, &EngineWorker::codeReady,
                               [&](quint64 g, std::shared_ptr<const Snapshot> s) {
                                 if (g == generation && s && !s->code_pending()) t.code_ms = double(clock.nsecsElapsed()) / 1e6;
                               });
  clock.start();
  generation = request(*worker);
  worker->waitForIdle(600000);
  QObject::disconnect(views);
  QObject::disconnect(code);
  return t;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

constexpr const char* kUsage =
    "usage: loopscape-window-bench [-I DIR] FILE.c SCRIPT [FILE.c SCRIPT ...]\n"
    "Opens each FILE.c in the real window (run it with QT_QPA_PLATFORM=offscreen), applies its SCRIPT's\n"
    "commands one by one, then undo and redo, and prints per step: views ms (tree, plot, dependences\n"
    "and legality drawn) and code ms (every code tab filled). docs/guide/benchmarks.md says more.\n";

int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k)
    if (std::string(argv[k]) == "-h" || std::string(argv[k]) == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
  QStandardPaths::setTestModeEnabled(true);  // no user settings, recent files or autosaves
  QApplication app(argc, argv);
  const BenchCases parsed = parse_bench_cases(argc, argv);
  if (parsed.cases.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const CompileOptions& options = parsed.options;
  const auto& cases = parsed.cases;
  std::printf("%-24s %-4s %-44s %10s %10s\n", "case", "step", "command", "views ms", "code ms");
  for (const auto& [file, script] : cases) {
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.setCompileOptions(options);
    // A C++ program outside the samples would ask before it is built and run.
    window.setTrustPrompt([](const RunRequest&) { return TrustAnswer::RunOnce; });
    const std::string name = file.substr(file.rfind('/') + 1);
    QString error;
    Timing open;
    {
      QElapsedTimer clock;
      clock.start();
      if (!window.openFile(QString::fromStdString(file), &error)) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), qPrintable(error));
        continue;
      }
      window.worker()->waitForIdle(600000);
      open.views_ms = open.code_ms = double(clock.nsecsElapsed()) / 1e6;
    }
    std::printf("%-24s %-4s %-44s %10.1f %10.1f\n", name.c_str(), "0", "(open)", open.views_ms, open.code_ms);
    std::vector<CommandCall> calls;
    try {
      calls = parse_script(read_text(script), script);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: %s\n", script.c_str(), e.what());
      continue;
    }
    for (std::size_t k = 0; k < calls.size(); ++k) {
      const Timing t = timed(window, [&](EngineWorker& w) { return w.apply(calls[k]); });
      std::printf("%-24s %-4zu %-44s %10.1f %10.1f\n", name.c_str(), k + 1, format_call(calls[k]).substr(0, 44).c_str(),
                  t.views_ms, t.code_ms);
      std::fflush(stdout);
    }
    const Timing undo = timed(window, [](EngineWorker& w) { return w.undo(); });
    std::printf("%-24s %-4s %-44s %10.1f %10.1f\n", name.c_str(), "", "undo", undo.views_ms, undo.code_ms);
    const Timing redo = timed(window, [](EngineWorker& w) { return w.redo(); });
    std::printf("%-24s %-4s %-44s %10.1f %10.1f\n", name.c_str(), "", "redo", redo.views_ms, redo.code_ms);
  }
  return 0;
}
