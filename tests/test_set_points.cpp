// SPDX-License-Identifier: Apache-2.0
// for_each_point (support/set_points.h): every point of the set once, in
// lexicographic order, whether it has a few points (isl's own enumeration) or
// thousands (the scanning loops isl generates, run in place); stopping early.
#include <QtTest>

#include <stdexcept>

#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <vector>

#include "support/set_points.h"

using namespace loopscape;

namespace {

std::vector<std::vector<long>> isl_points(const isl::set& set) {
  std::vector<std::vector<long>> out;
  std::pair<std::vector<std::vector<long>>*, unsigned> state(&out, static_cast<unsigned>(isl_set_dim(set.get(), isl_dim_set)));
  isl_set_foreach_point(
      set.get(),
      [](isl_point* p, void* user) {
        auto* points = static_cast<std::pair<std::vector<std::vector<long>>*, unsigned>*>(user);
        std::vector<long> values(points->second);
        for (unsigned k = 0; k < points->second; ++k) {
          isl_val* v = isl_point_get_coordinate_val(p, isl_dim_set, static_cast<int>(k));
          values[k] = isl_val_get_num_si(v);
          isl_val_free(v);
        }
        isl_point_free(p);
        points->first->push_back(std::move(values));
        return isl_stat_ok;
      },
      &state);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

class TestViewSetPoints : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everyPointOnceInOrder_data() {
    QTest::addColumn<QString>("set");
    QTest::newRow("a few points") << "{ [i, j] : 0 <= i < 4 and 0 <= j <= i }";
    QTest::newRow("a box of thousands") << "{ [t, i, j] : 0 <= t < 10 and 0 <= i < 20 and 0 <= j < 30 }";
    QTest::newRow("tiles with divisions")
        << "{ [T, I, t, i] : T = floor(t/4) and I = floor((2t + i)/8) and 0 <= t < 20 and 1 <= i < 40 }";
    QTest::newRow("a wavefront of tiles")
        << "{ [w, p, t, i] : w = floor(t/4) + floor((2t + i)/8) and p = -floor(t/4) and 0 <= t < 16 and 1 <= i < 30 }";
    QTest::newRow("strides and a union")
        << "{ [i, j] : 0 <= i < 60 and 0 <= j < 60 and (i + j) mod 3 = 0; [i, j] : 100 <= i < 104 and j = 7 }";
    QTest::newRow("a wrapped pair")
        << "{ [[t, i] -> [t2, i2]] : t2 = t + 1 and i - 1 <= i2 <= i + 1 and 0 <= t < 15 and 0 <= i < 30 and "
           "0 <= i2 < 30 }";
    QTest::newRow("empty") << "{ [i] : 0 <= i < 0 }";
  }
  void everyPointOnceInOrder() {
    QFETCH(QString, set);
    isl_ctx* ctx = isl_ctx_alloc();
    {
      const isl::set s = isl::manage(isl_set_read_from_str(ctx, set.toUtf8().constData()));
      QVERIFY(!s.is_null());
      std::vector<std::vector<long>> seen;
      QVERIFY(for_each_point(s, [&](const std::vector<long>& p) {
        seen.push_back(p);
        return true;
      }));
      QVERIFY(std::is_sorted(seen.begin(), seen.end()));
      QCOMPARE(seen, isl_points(s));
    }
    isl_ctx_free(ctx);
  }

  void stopsWhenAsked() {
    isl_ctx* ctx = isl_ctx_alloc();
    {
      for (const char* text : {"{ [i] : 0 <= i < 10 }", "{ [i, j] : 0 <= i < 100 and 0 <= j < 100 }"}) {
        const isl::set s = isl::manage(isl_set_read_from_str(ctx, text));
        int calls = 0;
        QVERIFY(!for_each_point(s, [&](const std::vector<long>&) { return ++calls < 5; }));
        QCOMPARE(calls, 5);
      }
    }
    isl_ctx_free(ctx);
  }

  // One set of loops for a set with parameters, run at several values: the
  // points of the set with those values fixed; a missing value is refused.
  void parametricScanAtManyValues() {
    isl_ctx* ctx = isl_ctx_alloc();
    {
      const isl::set s = isl::manage(isl_set_read_from_str(
          ctx, "[n, m] -> { [t, i] : 0 <= t < n and 1 <= i < m - 1 and (t + i) mod 2 = 0 }"));
      ParametricScan scan(s);
      for (auto [n, m] : {std::pair{3L, 7L}, std::pair{1L, 3L}, std::pair{6L, 20L}, std::pair{0L, 9L}}) {
        std::vector<std::vector<long>> seen;
        QVERIFY(scan.for_each_point({{"n", n}, {"m", m}}, [&](const std::vector<long>& p) {
          seen.push_back(p);
          return true;
        }));
        isl::set fixed = isl::manage(isl_set_fix_si(s.copy(), isl_dim_param, 0, static_cast<int>(n)));
        fixed = isl::manage(isl_set_fix_si(fixed.release(), isl_dim_param, 1, static_cast<int>(m)));
        fixed = isl::manage(isl_set_project_out(fixed.release(), isl_dim_param, 0, 2));
        QCOMPARE(seen, isl_points(fixed));
      }
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                               scan.for_each_point({{"n", 3}}, [](const std::vector<long>&) { return true; }));
    }
    isl_ctx_free(ctx);
  }

  // By rows: each row of an innermost unit-step loop once, with its first and
  // last point and its length; the rows together are the points, in order.
  // A stride-2 innermost loop (the parity condition) is not one row.
  void rowsCoverThePointsInOrder() {
    isl_ctx* ctx = isl_ctx_alloc();
    {
      for (const char* text : {"[n] -> { [i, j] : 0 <= j <= i < n }", "[n] -> { [i, j, k] : 0 <= i < n and i <= j < n and 0 <= k < 3 }",
                               "[n] -> { [t, i] : 0 <= t < n and 1 <= i < n and (t + i) mod 2 = 0 }"}) {
        const isl::set s = isl::manage(isl_set_read_from_str(ctx, text));
        ParametricScan scan(s);
        for (long n : {0L, 1L, 5L, 9L}) {
          std::vector<std::vector<long>> points;
          QVERIFY(scan.for_each_point({{"n", n}}, [&](const std::vector<long>& p) {
            points.push_back(p);
            return true;
          }));
          std::size_t next = 0;
          long rows = 0;
          QVERIFY(scan.for_each_row({{"n", n}}, [&](const std::vector<long>& first, const std::vector<long>& last, long count) {
            ++rows;
            if (count < 1 || next + static_cast<std::size_t>(count) > points.size()) return false;
            if (first != points[next] || last != points[next + static_cast<std::size_t>(count) - 1]) return false;
            next += static_cast<std::size_t>(count);
            return true;
          }));
          QCOMPARE(next, points.size());
          QVERIFY(rows <= static_cast<long>(points.size()));
          if (std::string(text).find("0 <= j <= i") != std::string::npos) QCOMPARE(rows, n);  // one row per i
        }
      }
    }
    isl_ctx_free(ctx);
  }
};

QTEST_GUILESS_MAIN(TestViewSetPoints)
#include "test_set_points.moc"
