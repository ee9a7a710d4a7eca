// SPDX-License-Identifier: Apache-2.0
// cache_shared_at(P, L): recorded on a block-level loop of a GPU-mapped P.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandCacheSharedAt : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void blockLoopOfAMappedStatementIsAccepted() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome gpu = apply(k, k.original(), "S0", "tile_gpu", {"i", "j", "8", "8"});
    const CommandOutcome out = apply(k, gpu.schedule, "S0", "cache_shared_at", {"S0", "j0"});
    QVERIFY2(tree(out.schedule).find("[cache_shared(S0,C)]") != std::string::npos, tree(out.schedule).c_str());
    QVERIFY(legality(k, out.schedule).legal());
  }

  void threadLoopsAndUnmappedStatementsAreRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "cache_shared_at", {"S0", "i"}).find("GPU") != std::string::npos);
    const CommandOutcome gpu = apply(k, k.original(), "S0", "tile_gpu", {"i", "j", "8", "8"});
    QVERIFY(refusal(k, gpu.schedule, "S0", "cache_shared_at", {"S0", "i1"}).find("thread") != std::string::npos);
    QVERIFY(!refusal(k, gpu.schedule, "S0", "cache_shared_at", {"S7", "i0"}).empty());
  }

  void statementThatDoesNotUseTheBufferIsRefused() {
    Kernel k = load_kernel(kTwoCopies);
    QVERIFY(refusal(k, k.original(), "S0", "cache_shared_at", {"S1", "i"}).find("does not access") !=
            std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestCommandCacheSharedAt)
#include "test_command_cache_shared_at.moc"
