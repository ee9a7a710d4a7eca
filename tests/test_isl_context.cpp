// SPDX-License-Identifier: Apache-2.0
#include <QtTest>

#include "support/error.h"
#include "support/isl_context.h"

using namespace loopscape;

class TestIslContext : public QObject {
  Q_OBJECT
 private slots:
  void bindsToLibisl025() {
    QVERIFY(isl_version_string().rfind("isl-0.25", 0) == 0);
    check_isl_version();
  }
  void quotaStopsRunawayWork() {
    IslContext isl(1000);
    bool caught = false;
    try {
      isl.bounded("lexmin", [&] {
        isl::set s(isl.ctx(),
                   "[n] -> { [a,b,c,d] : 0 <= a,b,c,d < n and 3a + 5b - 7c + 11d = 13 and a + b > c }");
        for (int k = 0; k < 1000; ++k) s = s.unite(s.lexmin()).coalesce();
      });
    } catch (const IslError& e) {
      caught = true;
      QVERIFY(e.quota_exceeded());
      QVERIFY(std::string(e.what()).find("quota") != std::string::npos);
    }
    QVERIFY(caught);
    isl.set_max_operations(IslContext::kDefaultMaxOperations);
    isl.bounded("after quota", [&] {
      isl::set s(isl.ctx(), "{ [i] : 0 <= i < 10 }");
      QCOMPARE(s.is_empty(), false);
    });
  }
  void malformedInputIsAnErrorNotAnAbort() {
    IslContext isl;
    QVERIFY_THROWS_EXCEPTION(IslError, isl.bounded("parse", [&] { isl::set s(isl.ctx(), "{ [i : }"); }));
  }
};

QTEST_APPLESS_MAIN(TestIslContext)
#include "test_isl_context.moc"
