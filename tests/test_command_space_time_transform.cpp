// space_time_transform (spec 004): T . d > 0 for every dependence, space
// loops innermost and contiguous, chained projections.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandSpaceTimeTransform : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void plainFormMakesTheOuterLoopTime() {
    Kernel k = load_kernel(matmul_source("kij"));
    const CommandOutcome out = apply(k, k.original(), "S0", "space_time_transform", {"{i, j}"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[time(t1=k)]") != std::string::npos && t.find("[space]") != std::string::npos, t.c_str());
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
  }

  void schedulingVectorWithPositiveTimeDistances() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "space_time_transform", {"{j, k}", "{1, 1}"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("time(t1=i+j+k)") != std::string::npos, t.c_str());
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    // The transformed (wavefront) schedule computes the same values.
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void nonPositiveTimeDistancesAreRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const std::string zero = refusal(k, k.original(), "S0", "space_time_transform", {"{j, k}", "{1, 0}"});
    QVERIFY2(zero.find("T . d") != std::string::npos && zero.find("S0[") != std::string::npos, zero.c_str());
    const std::string negative = refusal(k, k.original(), "S0", "space_time_transform", {"{j, k}", "{1, -1}"});
    QVERIFY2(negative.find("= -1") != std::string::npos, negative.c_str());
  }

  void spaceLoopsMustBeInnermostAndContiguous() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "space_time_transform", {"{i, j}"}).find("innermost") !=
            std::string::npos);
    QVERIFY(refusal(k, k.original(), "S0", "space_time_transform", {"{i, k}"}).find("contiguous") !=
            std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "space_time_transform", {"{i, j, k}"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "space_time_transform", {"{j, k}", "{1}"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "space_time_transform", {"{j, k}", "{1, 1}", "Sometimes"}).empty());
  }

  void chainedProjectionAndCheckTime() {
    Kernel k = load_kernel(matmul_source("kij"));
    const CommandOutcome first =
        apply(k, k.original(), "S0", "space_time_transform", {"{i, j}", "{1, 1}", "SpaceTimeTransform::CheckTime"});
    QVERIFY(tree(first.schedule).find("time(t1=k+i+j,check)") != std::string::npos);
    const CommandOutcome second = apply(k, first.schedule, "S0", "space_time_transform", {"{j}", "{2}"});
    const std::string t = tree(second.schedule);
    QVERIFY2(t.find("time(t2=i+2*j)") != std::string::npos, t.c_str());
    QVERIFY2(legality(k, second.schedule).legal(), legality(k, second.schedule).summary().c_str());
    const VerifyResult r = run_and_compare(k, second.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    // The later space loops must be a proper subset, innermost.
    QVERIFY(!refusal(k, first.schedule, "S0", "space_time_transform", {"{i}"}).empty());
    QVERIFY(!refusal(k, first.schedule, "S0", "space_time_transform", {"{i, j}"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandSpaceTimeTransform)
#include "test_command_space_time_transform.moc"
