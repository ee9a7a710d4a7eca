// SPDX-License-Identifier: Apache-2.0
// space_time_transform (spec 004): T . d > 0 for every dependence, space
// loops innermost and contiguous, chained projections.
#include <QtTest>

#include "command_test_support.h"
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
    const std::string outer = refusal(k, first.schedule, "S0", "space_time_transform", {"{i}"});
    QVERIFY2(outer.find("innermost") != std::string::npos, outer.c_str());
    const std::string same = refusal(k, first.schedule, "S0", "space_time_transform", {"{i, j}"});
    QVERIFY2(same.find("proper subset of the previous space loops (i, j)") != std::string::npos, same.c_str());
  }

  // gemm (issue 8): once S1.after(S0, root) gave S1 a nest of its own, S0 no
  // longer shares loop i with it; the check must see the current schedule.
  void sharingFollowsTheCurrentSchedule() {
    namespace lt = loopscape::testing;
    const LoadedProgram l = lt::load_polybench("linear-algebra/blas/gemm");
    std::string e = lt::input_error([&] { lt::apply_all(l, {"S1.space_time_transform({k, j}, {1, 1})"}); });
    QVERIFY2(e.find("S0 shares loop i with S1") != std::string::npos, e.c_str());
    const isl::schedule s = lt::apply_all(l, {"S1.after(S0, root)", "S1.space_time_transform({k, j}, {1, 1})"});
    QVERIFY2(lt::legality(l, s).legal(), lt::legality(l, s).summary().c_str());
    const std::string diff = lt::run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // The plain form is refused for S1's own reduction now, not for S0.
    e = lt::input_error([&] { lt::apply_all(l, {"S1.after(S0, root)", "S1.space_time_transform({k, j})"}); });
    QVERIFY2(e.find("S0") == std::string::npos && e.find("breaks a dependence") != std::string::npos, e.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandSpaceTimeTransform)
#include "test_command_space_time_transform.moc"
