// SPDX-License-Identifier: Apache-2.0
// sequential(L): always legal; the OpenMP target then puts no automatic
// parallel loop at L or inside it, while a loop the user parallelizes inside
// stays parallel; it replaces a parallel tag on L, and parallelize replaces it.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

// t carries the dependence; i is parallel inside it and large enough for
// the OpenMP target's automatic tag.
const char* kStencil =
    "#define T 4\n"
    "#define N 40000\n"
    "void kernel(double a[N], double b[N]) {\n"
    "  int t, i;\n"
    "#pragma scop\n"
    "  for (t = 0; t < T; t++) {\n"
    "    for (i = 1; i < N - 1; i++)\n"
    "      b[i] = 0.5 * (a[i - 1] + a[i + 1]);\n"
    "    for (i = 1; i < N - 1; i++)\n"
    "      a[i] = b[i];\n"
    "  }\n"
    "#pragma endscop\n"
    "}\n";

// With the OpenMP target's automatic parallel loops (the tag test support's
// openmp() leaves them out).
std::string automatic_openmp(const Kernel& k, const isl::schedule& schedule) {
  return generate(k.program(), schedule, k.dependences().all(), "openmp", CodegenOptions{}).text;
}

int pragmas(const std::string& code) {
  int n = 0;
  for (std::size_t at = code.find("#pragma omp parallel for"); at != std::string::npos;
       at = code.find("#pragma omp parallel for", at + 1))
    ++n;
  return n;
}

}  // namespace

class TestCommandSequential : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void keepsTheNestWithoutThreadsAndComputesTheSame() {
    Kernel k = load_kernel(kStencil);
    QCOMPARE(pragmas(automatic_openmp(k, k.original())), 2);  // the automatic tags, before
    const CommandOutcome out = apply(k, k.original(), "S0", "sequential", {"t"});
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    QVERIFY2(tree(out.schedule).find("[sequential]") != std::string::npos, tree(out.schedule).c_str());
    QVERIFY2(out.description.find("loop t of S0") != std::string::npos, out.description.c_str());
    const std::string code = automatic_openmp(k, out.schedule);
    QVERIFY2(pragmas(code) == 0, code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // Legal on a loop that carries a dependence: it changes no order.
  void legalOnACarryingLoop() {
    Kernel k = load_kernel(matmul_source("ijk"));
    for (const char* loop : {"i", "j", "k"}) {
      const CommandOutcome out = apply(k, k.original(), "S0", "sequential", {loop});
      QVERIFY2(legality(k, out.schedule).legal(), loop);
    }
  }

  void theUsersParallelLoopInsideStaysParallel() {
    Kernel k = load_kernel(kStencil);
    const CommandOutcome seq = apply(k, k.original(), "S0", "sequential", {"t"});
    const CommandOutcome par = apply(k, seq.schedule, "S1", "parallelize", {"i"});
    QVERIFY(legality(k, par.schedule).legal());
    const std::string code = automatic_openmp(k, par.schedule);
    QVERIFY2(pragmas(code) == 1, code.c_str());
    // the pragma is on S1's loop, the second i loop
    QVERIFY2(code.find("#pragma omp parallel for") > code.find("b[i] ="), code.c_str());
  }

  void replacesAParallelTagAndIsReplacedByOne() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome par = apply(k, k.original(), "S0", "parallelize", {"i"});
    const CommandOutcome seq = apply(k, par.schedule, "S0", "sequential", {"i"});
    QVERIFY2(tree(seq.schedule).find("[parallel]") == std::string::npos, tree(seq.schedule).c_str());
    QVERIFY2(pragmas(automatic_openmp(k, seq.schedule)) == 0, automatic_openmp(k, seq.schedule).c_str());
    const CommandOutcome again = apply(k, seq.schedule, "S0", "parallelize", {"i"});
    QVERIFY2(tree(again.schedule).find("[sequential]") == std::string::npos, tree(again.schedule).c_str());
    QVERIFY2(pragmas(openmp(k, again.schedule)) == 1, openmp(k, again.schedule).c_str());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "sequential", {"x"}).find("has no loop 'x'") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "sequential", {"i", "j"}).empty());
    QVERIFY(!refusal(k, k.original(), "S9", "sequential", {"i"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandSequential)
#include "test_command_sequential.moc"
