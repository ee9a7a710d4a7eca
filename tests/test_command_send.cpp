// SPDX-License-Identifier: Apache-2.0
// send(L, buffer, s, q [, {props}]): recorded on a loop of a distributed
// statement, arguments checked.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandSend : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void transferOnADistributedLoopIsRecorded() {
    Kernel k = load_kernel(kRankKernel);
    const CommandOutcome dist = apply(k, k.original(), "S0", "distribute", {"r"});
    const CommandOutcome out = apply(k, dist.schedule, "S0", "send", {"r", "B[r][0]", "8", "r + 1", "{async, block}"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[send(S0,B[r][0],8,r + 1,async|block|mpi|cpu2cpu)]") != std::string::npos, t.c_str());
    QVERIFY(legality(k, out.schedule).legal());
    const CommandOutcome plain = apply(k, dist.schedule, "S0", "send", {"i", "A", "1", "0"});
    QVERIFY(plain.description.find("sync, block, mpi") != std::string::npos);
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(kRankKernel);
    QVERIFY(refusal(k, k.original(), "S0", "send", {"r", "B", "8", "r + 1"}).find("distribute") !=
            std::string::npos);
    const CommandOutcome dist = apply(k, k.original(), "S0", "distribute", {"r"});
    QVERIFY(refusal(k, dist.schedule, "S0", "send", {"r", "B", "8", "r"}).find("itself") != std::string::npos);
    QVERIFY(refusal(k, dist.schedule, "S0", "send", {"r", "B", "8", "r + 100"}).find("never") !=
            std::string::npos);
    QVERIFY(refusal(k, dist.schedule, "S0", "send", {"r", "B", "8", "r + 1", "{sync, async}"})
                .find("contradict") != std::string::npos);
    QVERIFY(!refusal(k, dist.schedule, "S0", "send", {"r", "Z", "8", "r + 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "send", {"r", "B[r]", "8", "r + 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "send", {"r", "B", "0", "r + 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "send", {"r", "B", "8", "r + 1", "{mpi, gpu2gpu}"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandSend)
#include "test_command_send.moc"
