// SPDX-License-Identifier: Apache-2.0
// The differential sweep: seeded random command sequences that the engine
// accepts, on every C sample, the PolyBench stand-in kernels and the sweep's
// own kernels (statements named like their arrays, extents with offsets),
// printed for every target and built and run with that target's real
// toolchain (gcc/OpenMP, mpicc + mpirun on 1 to 4 ranks, g++ C simulation,
// Halide's LLVM as an object and in-process JIT, nvcc) against the original
// program. Each case must end as equal results, or as a refusal when the
// script is checked for the target (`check --target T`); a build failure or a
// difference is a bug.
//
// The suite runs a bounded number of cases from a fixed seed. A long run is
//   LOOPSCAPE_SWEEP_CASES=400 LOOPSCAPE_SWEEP_SEED=7 build/tests/test_differential_sweep
// which prints the figures (cases, equal, refused at check time, built but
// not run, failures) and every failing script.
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <random>
#include <sstream>

#include "cli_process.h"
#include "codegen/registry/registry.h"
#include "commands/tag_support.h"
#include "loading/load_program.h"
#include "polybench_corpus.h"
#include "runner/harness.h"
#include "runner/jit_run.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

struct SweepKernel {
  QString path;         // absolute
  QString folder;       // the CLI runs here
  QStringList options;  // -I, -D and extra sources, as the CLI takes them
  CompileOptions compile;
  bool own_main = false;
};

std::vector<SweepKernel> sweep_kernels() {
  std::vector<SweepKernel> out;
  auto plain = [&](const QString& path) {
    SweepKernel k;
    k.path = path;
    k.folder = QFileInfo(path).absolutePath();
    out.push_back(k);
  };
  for (const QString& f : QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name))
    plain(QStringLiteral(LOOPSCAPE_SAMPLES "/") + f);
  for (const QString& f : QDir(QStringLiteral(LOOPSCAPE_TEST_DATA "/sweep")).entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name))
    plain(QStringLiteral(LOOPSCAPE_TEST_DATA "/sweep/") + f);
  for (const QString& k : polybench_kernels()) {
    SweepKernel s;
    s.path = kPolybenchCorpus + "/" + k;
    s.folder = kPolybenchCorpus;
    const QString dir = QFileInfo(s.path).absolutePath();
    s.options = {"-I", kPolybenchCorpus + "/utilities", "-I", dir, kPolybenchCorpus + "/utilities/polybench.c",
                 "-DMINI_DATASET"};
    s.compile.include_dirs = {(kPolybenchCorpus + "/utilities").toStdString(), dir.toStdString()};
    s.compile.defines = {"MINI_DATASET"};
    out.push_back(s);
  }
  return out;
}

// Random commands of the families users click, on a random statement and its
// loops in the current schedule. Each is tried on the session; refused ones are
// dropped, so every script the sweep keeps is legal.
class ScriptMaker {
 public:
  explicit ScriptMaker(unsigned seed) : random_(seed) {}

  std::vector<std::string> make(Session& session, int steps) {
    std::vector<std::string> script;
    for (int attempt = 0; attempt < 40 && static_cast<int>(script.size()) < steps; ++attempt) {
      const std::optional<std::string> line = propose(session);
      if (!line) continue;
      const std::optional<CommandCall> call = parse_script_line(*line, SourceLocation{"sweep", 1, 1});
      if (!call) continue;
      std::optional<Refusal> refused;
      try {
        refused = session.apply(*call);
      } catch (const std::exception&) {
        continue;  // an isl quota: not a schedule the sweep can judge
      }
      if (!refused) script.push_back(*line);
    }
    return script;
  }

 private:
  std::mt19937 random_;

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  template <class T>
  const T& any(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(pick(static_cast<int>(items.size())))];
  }

  std::optional<std::string> propose(const Session& session) {
    const Program& program = session.program();
    if (program.statements.empty()) return std::nullopt;
    const Statement& s = any(program.statements);
    std::vector<std::string> loops;
    for (const StatementLoop& l : tag_support::loops_of(program, session.schedule(), s))
      if (!l.name.empty()) loops.push_back(l.name);
    if (loops.empty()) return std::nullopt;
    const std::size_t at = static_cast<std::size_t>(pick(static_cast<int>(loops.size())));
    const std::string& a = loops[at];
    const bool has_next = at + 1 < loops.size();
    const std::string b = has_next ? loops[at + 1] : std::string();
    const std::string other = any(program.statements).name;
    auto size = [&] { return std::to_string(any(std::vector<int>{2, 3, 4, 5, 7, 8, 16})); };
    const std::string call = s.name + ".";
    switch (pick(16)) {
      case 0: return has_next ? call + "interchange(" + a + ", " + b + ")" : std::optional<std::string>();
      case 1:
      case 2: return has_next ? call + "tile(" + a + ", " + b + ", " + size() + ", " + size() + ")" : std::optional<std::string>();
      case 3: return has_next ? call + "skew(" + a + ", " + b + ", " + std::to_string(1 + pick(2)) + ")" : std::optional<std::string>();
      case 4: return call + "loop_reversal(" + a + ")";
      case 5: return call + "shift(" + a + ", " + std::to_string(pick(3) - 1) + ")";
      case 6: return call + "parallelize(" + a + ")";
      case 7: return call + "split(" + a + ", " + size() + ")";
      case 8: return call + "unroll(" + a + ", " + std::to_string(2 + 2 * pick(2)) + ")";
      case 9: return call + "vectorize(" + loops.back() + ", " + std::to_string(4 * (1 + pick(2))) + ")";
      case 10:
      case 11: return call + "distribute(" + a + ")";
      case 12: return has_next ? call + "tile_gpu(" + a + ", " + b + ", " + size() + ", " + size() + ")" : call + "gpu(" + a + ")";
      case 13: return call + "cache_shared_at(" + other + ", " + a + ")";
      case 14: return call + (pick(2) ? "after(" : "before(") + other + ", " + (pick(2) ? std::string("root") : a) + ")";
      default: return has_next ? call + "gpu(" + a + ", " + b + ")" : call + "gpu(" + a + ")";
    }
  }
};

struct SweepFigures {
  int cases = 0, runs = 0, equal = 0, refused = 0, not_run = 0;
  std::vector<std::string> failures;
};

std::string joined(const QStringList& script) {
  std::string s;
  for (const QString& l : script) s += (s.empty() ? "" : "; ") + l.toStdString();
  return s;
}

// Prints the script for each target in this process (as `check --target`
// does) and, when the target takes it, verifies it through the command line.
// Returns the failures of this case.
std::vector<std::string> run_case(const SweepKernel& kernel, const Session& session, const QStringList& script,
                                  int number, const QString& scratch, SweepFigures& figures) {
  std::vector<std::string> failures;
  ++figures.cases;
  const QString script_file = scratch + QStringLiteral("/case%1.ls").arg(number);
  {
    QFile f(script_file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return {"cannot write " + script_file.toStdString()};
    for (const QString& line : script) f.write((line + "\n").toUtf8());
  }
  std::vector<std::string> targets = {"openmp", "c", "mpi", "halide"};
  if (defines_main(session.program().source_text)) {
    targets.push_back("hls");
    targets.push_back("cuda");
  }
  for (const std::string& target : targets) {
    const std::string what = kernel.path.toStdString() + " --target " + target + " with script [" + joined(script) + "]";
    try {
      generate(session.program(), session.schedule(), session.dependences().all(), target, {}, nullptr,
               &session.dependences());
    } catch (const InputError&) {
      ++figures.refused;  // refused when checked for the target: the allowed outcome
      continue;
    } catch (const std::exception& e) {
      failures.push_back(what + ": the printer failed: " + e.what());
      continue;
    }
    if (target == "halide") {
      // The Run dock's path too: the same lowering JIT-compiled in this
      // process, against the original schedule's run.
      try {
        const std::map<std::string, long> sizes = default_run_parameters(session.program());
        const JitRunResult original =
            execute_jit_run(*prepare_jit_run(session.program(), session.loaded().original_schedule, sizes), 1);
        const JitRunResult transformed = execute_jit_run(*prepare_jit_run(session.program(), session.schedule(), sizes), 1);
        ++figures.runs;
        if (const std::optional<std::string> d = first_difference(original, transformed))
          failures.push_back(what + " (JIT): " + *d);
        else
          ++figures.equal;
      } catch (const InputError&) {
        ++figures.refused;  // the run refuses what it cannot size or lower, with its reason
      } catch (const std::exception& e) {
        failures.push_back(what + " (JIT): " + e.what());
      }
    }
    QStringList args = {"verify", kernel.path, "--script", script_file, "--target", QString::fromStdString(target)};
    if (target == "mpi") args << "--ranks" << QString::number(1 + number % 4);
    args << kernel.options;
    ++figures.runs;
    const CliRun run = run_cli(args, kernel.folder);
    if (run.exit_code == 0) ++figures.equal;
    else if (run.exit_code == 5 && (target == "cuda" || target == "halide")) ++figures.not_run;
    else failures.push_back(what + ": exit " + std::to_string(run.exit_code) + "\n" + run.out + run.err);
  }
  figures.failures.insert(figures.failures.end(), failures.begin(), failures.end());
  return failures;
}

unsigned sweep_seed() {
  return qEnvironmentVariableIsSet("LOOPSCAPE_SWEEP_SEED")
             ? static_cast<unsigned>(qEnvironmentVariableIntValue("LOOPSCAPE_SWEEP_SEED"))
             : 23u;
}
int sweep_cases() {
  return qEnvironmentVariableIsSet("LOOPSCAPE_SWEEP_CASES") ? qEnvironmentVariableIntValue("LOOPSCAPE_SWEEP_CASES") : 10;
}

}  // namespace

class TestDifferentialSweep : public QObject {
  Q_OBJECT

  std::vector<SweepKernel> kernels_ = sweep_kernels();
  std::map<int, std::shared_ptr<const LoadedProgram>> loaded_;
  QTemporaryDir scratch_;
  SweepFigures figures_;

  std::shared_ptr<const LoadedProgram> program(int kernel) {
    std::shared_ptr<const LoadedProgram>& p = loaded_[kernel];
    if (!p) {
      const SweepKernel& k = kernels_.at(static_cast<std::size_t>(kernel));
      p = std::make_shared<const LoadedProgram>(load_program(k.path.toStdString(), k.compile));
    }
    return p;
  }

 private Q_SLOTS:
  // One row a case: a kernel and a legal script for it, from the seed.
  void everyTargetComputesTheOriginalsResultsOrRefuses_data() {
    QTest::addColumn<int>("kernel");
    QTest::addColumn<QStringList>("script");
    const unsigned seed = sweep_seed();
    std::mt19937 order(seed);
    for (int c = 0; c < sweep_cases(); ++c) {
      const int kernel = static_cast<int>(order() % kernels_.size());
      const int steps = 1 + static_cast<int>(order() % 3);
      std::vector<std::string> script;
      try {
        Session session(program(kernel));
        ScriptMaker maker(seed * 1000003u + static_cast<unsigned>(c));
        script = maker.make(session, steps);
      } catch (const std::exception& e) {
        QTest::newRow(qPrintable(QStringLiteral("case %1 does not open").arg(c))) << kernel << QStringList{};
        continue;
      }
      if (script.empty()) continue;
      QStringList lines;
      for (const std::string& l : script) lines << QString::fromStdString(l);
      QTest::newRow(qPrintable(QStringLiteral("case %1 %2").arg(c).arg(QFileInfo(kernels_[static_cast<std::size_t>(kernel)].path).fileName())))
          << kernel << lines;
    }
  }
  void everyTargetComputesTheOriginalsResultsOrRefuses() {
    QFETCH(int, kernel);
    QFETCH(QStringList, script);
    QVERIFY2(!script.isEmpty(), "the kernel does not open");
    Session session(program(kernel));
    for (const QString& line : script)
      QVERIFY(!session.apply(*parse_script_line(line.toStdString(), SourceLocation{"sweep", 1, 1})));
    const std::vector<std::string> failures =
        run_case(kernels_.at(static_cast<std::size_t>(kernel)), session, script, figures_.cases + 1, scratch_.path(), figures_);
    std::string text;
    for (const std::string& f : failures) text += "\n--- " + f;
    QVERIFY2(failures.empty(), text.c_str());
  }

  void cleanupTestCase() {
    qInfo("sweep (seed %u): %d cases, %d target runs: %d equal, %d refused when checked for the target, %d built but "
          "not run (no CUDA device), %zu failures",
          sweep_seed(), figures_.cases, figures_.runs, figures_.equal, figures_.refused, figures_.not_run,
          figures_.failures.size());
    QVERIFY(figures_.runs > 0);
  }
};

QTEST_GUILESS_MAIN(TestDifferentialSweep)
#include "test_differential_sweep.moc"
