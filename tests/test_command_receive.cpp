// SPDX-License-Identifier: Apache-2.0
// receive(L, buffer, s, q [, {props}]): recorded on a loop of a distributed
// statement, arguments checked.
#include <QtTest>

#include "analysis/transfer_pairing.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandReceive : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void transferOnADistributedLoopIsRecorded() {
    Kernel k = load_kernel(kRankKernel);
    const CommandOutcome dist = apply(k, k.original(), "S0", "distribute", {"r"});
    const CommandOutcome out = apply(k, dist.schedule, "S0", "receive", {"r", "B[r][0]", "8", "r - 1", "{async, block}"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[receive(S0,B[r][0],8,r - 1,async|block|mpi|cpu2cpu)]") != std::string::npos, t.c_str());
    QVERIFY(legality(k, out.schedule).legal());
    const CommandOutcome plain = apply(k, dist.schedule, "S0", "receive", {"i", "A", "1", "0"});
    QVERIFY(plain.description.find("sync, block, mpi") != std::string::npos);
  }

  void sendsAndReceivesPairUp() {
    Kernel k = load_kernel(kTwoRankKernel);
    isl::schedule s = apply(k, k.original(), "S0", "distribute", {"r"}).schedule;
    s = apply(k, s, "S1", "distribute", {"r"}).schedule;
    const isl::schedule half = apply(k, s, "S0", "send", {"r", "B[r][0]", "8", "r + 1"}).schedule;
    std::vector<std::string> w = unmatched_transfers(k.program(), half);
    QCOMPARE(int(w.size()), 1);
    QVERIFY2(w[0].find("S0 sends B[r][0] to rank r + 1, but rank 1 has no receive for the message rank 0 sends") !=
                 std::string::npos,
             w[0].c_str());
    // The matching receive: rank r takes from r - 1 what r - 1 sent to r.
    const isl::schedule pair = apply(k, half, "S1", "receive", {"r", "B[r][0]", "8", "r - 1"}).schedule;
    QVERIFY(unmatched_transfers(k.program(), pair).empty());
    // A receive from the wrong side leaves both halves alone.
    const isl::schedule wrong = apply(k, half, "S1", "receive", {"r", "B[r][0]", "8", "r + 1"}).schedule;
    w = unmatched_transfers(k.program(), wrong);
    QCOMPARE(int(w.size()), 2);
    QVERIFY2(w[1].find("S1 receives B[r][0] from rank r + 1, but rank 1 sends rank 0 no message") != std::string::npos,
             w[1].c_str());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(kRankKernel);
    QVERIFY(refusal(k, k.original(), "S0", "receive", {"r", "B", "8", "r - 1"}).find("distribute") !=
            std::string::npos);
    const CommandOutcome dist = apply(k, k.original(), "S0", "distribute", {"r"});
    QVERIFY(refusal(k, dist.schedule, "S0", "receive", {"r", "B", "8", "r"}).find("itself") != std::string::npos);
    QVERIFY(refusal(k, dist.schedule, "S0", "receive", {"r", "B", "8", "r + 100"}).find("never") !=
            std::string::npos);
    QVERIFY(refusal(k, dist.schedule, "S0", "receive", {"r", "B", "8", "r - 1", "{sync, async}"})
                .find("contradict") != std::string::npos);
    QVERIFY(!refusal(k, dist.schedule, "S0", "receive", {"r", "Z", "8", "r - 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "receive", {"r", "B[r]", "8", "r - 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "receive", {"r", "B", "0", "r - 1"}).empty());
    QVERIFY(!refusal(k, dist.schedule, "S0", "receive", {"r", "B", "8", "r - 1", "{mpi, gpu2gpu}"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandReceive)
#include "test_command_receive.moc"
