// SPDX-License-Identifier: Apache-2.0
// The target registry (codegen/registry/registry.h): a target that exists only
// in this test is registered and then listed, printed, built and run against
// the original like a built-in one, with nothing else told its name. Built-in
// targets describe themselves (display name, order, how they run), and the
// runner refuses what a target cannot run.
#include <QtTest>

#include <algorithm>

#include "command_test_support.h"
#include "runner/target_run.h"
#include "support/c_text.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

// Sequential C with a banner: the c target's code, said to be another target.
class BannerTarget : public Target {
 public:
  std::string name() const override { return "banner-c"; }
  std::string description() const override { return "sequential C under a banner comment"; }
  std::string display_name() const override { return "Banner C"; }
  int display_order() const override { return 50; }
  GeneratedCode generate(const CodegenInput& input) const override {
    GeneratedCode out = find_target("c")->generate(input);
    out.target = name();
    out.text = "/* printed by the banner-c target */\n" + out.text;
    return out;
  }
};

std::size_t position(const std::vector<std::string>& names, const std::string& name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

}  // namespace

class TestTargetRegistry : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { register_target(std::make_unique<BannerTarget>()); }

  void aRegisteredTargetIsListedInItsPlace() {
    const std::vector<std::string> names = target_names();
    QVERIFY(std::find(names.begin(), names.end(), "banner-c") != names.end());
    const std::vector<std::string> shown = target_names_in_display_order();
    QCOMPARE(shown.size(), names.size());
    QCOMPARE(shown.front(), std::string("openmp"));
    QVERIFY(position(shown, "c") < position(shown, "banner-c"));
    QVERIFY(position(shown, "banner-c") < position(shown, "cuda"));
  }

  void aRegisteredTargetPrintsAndRunsLikeABuiltInOne() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const isl::schedule s = apply_all(l, {"S1.interchange(k, j)"});
    const GeneratedCode code = generate(l.program, s, l.dependences.all(), "banner-c");
    QCOMPARE(code.target, std::string("banner-c"));
    QVERIFY(code.replaces_region);
    QVERIFY(code.text.starts_with("/* printed by the banner-c target */"));
    const Target& banner = *find_target("banner-c");
    const VerifyResult r =
        verify_equivalence(l.program, emit_file(l.program, code), runner_options_for(banner, l.program, {}));
    QVERIFY2(r.equal(), (to_string(r.status) + ": " + r.message + "\n" + r.log).c_str());
    QVERIFY(r.values_compared > 0);
  }

  void builtInTargetsDescribeThemselves() {
    for (const std::string& name : target_names()) {
      const Target& target = *find_target(name);
      QVERIFY2(!target.display_name().empty(), name.c_str());
      QVERIFY2(!target.description().empty(), name.c_str());
      QVERIFY2(!target.file_suffix().empty(), name.c_str());
    }
    QCOMPARE(find_target("openmp")->display_name(), std::string("OpenMP"));
    QCOMPARE(find_target("mpi")->run_recipe().toolchain, RunRecipe::Toolchain::MpiC);
    QCOMPARE(find_target("tree")->run_recipe().toolchain, RunRecipe::Toolchain::None);
    QVERIFY(find_target("halide")->needs_output_file());
    QVERIFY(!find_target("openmp")->needs_output_file());
  }

  void theRunnerRefusesWhatATargetCannotRun() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    // The tree target prints no program.
    try {
      runner_options_for(*find_target("tree"), l.program, {});
      QFAIL("a tree was accepted as a program");
    } catch (const InputError& e) {
      QVERIFY2(e.message().find("prints no program") != std::string::npos, e.message().c_str());
    }
    // The hls target runs the file's own main, and this file is a bare function.
    const LoadedProgram bare = load_program(LOOPSCAPE_TEST_DATA "/runner/float_sum.c", CompileOptions{});
    QVERIFY(!defines_main(bare.program.source_text));
    try {
      runner_options_for(*find_target("hls"), bare.program, {});
      QFAIL("a file without main was accepted for the hls target");
    } catch (const InputError& e) {
      QVERIFY2(e.message().find("needs a file with a main") != std::string::npos, e.message().c_str());
    }
  }

  void mpiRunsOnTheRanksAsked() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    TargetRunSettings three_ranks;
    three_ranks.ranks = 3;
    const RunnerOptions options = runner_options_for(*find_target("mpi"), l.program, three_ranks);
    QVERIFY(std::find(options.emitted_launcher.begin(), options.emitted_launcher.end(), "3") !=
            options.emitted_launcher.end());
  }
};

QTEST_GUILESS_MAIN(TestTargetRegistry)
#include "test_target_registry.moc"
