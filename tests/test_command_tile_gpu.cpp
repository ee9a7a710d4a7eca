// SPDX-License-Identifier: Apache-2.0
// tile_gpu(L1, L2, s1, s2): tile, then tile loops -> blocks, point loops -> threads.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandTileGpu : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void independentLoopsAreLegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "tile_gpu", {"i", "j", "8", "8"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[gpu_block(y)]") != std::string::npos && t.find("[gpu_block(x)]") != std::string::npos &&
                 t.find("[gpu_thread(y)]") != std::string::npos && t.find("[gpu_thread(x)]") != std::string::npos,
             t.c_str());
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    const CommandOutcome named = apply(k, k.original(), "S0", "tile_gpu", {"i", "j", "4", "8", "a", "b", "c", "d"});
    QVERIFY(legality(k, named.schedule).legal());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void carryingLoopIsIllegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "tile_gpu", {"j", "k", "8", "8"});
    QVERIFY(!legality(k, out.schedule).legal());
  }

  void bigTilesAreRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "tile_gpu", {"i", "j", "64", "64"}).find("1024") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "tile_gpu", {"i", "j", "8"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandTileGpu)
#include "test_command_tile_gpu.moc"
