// SPDX-License-Identifier: Apache-2.0
#include <QtTest>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/schedule.h>

#include <sstream>

#include <filesystem>

#include "analysis/dependences.h"
#include "frontend/frontend.h"
#include "model/program.h"
#include "polybench_corpus.h"
#include "schedule/original_schedule.h"

using namespace loopscape;

namespace {

// A hand-built Program: statements with domains, loops and accesses.
class ProgramBuilder {
 public:
  ProgramBuilder() : program_(std::make_shared<IslContext>()) {}

  // loops: "i:0 j:1" (iterator:loop id, outermost first).
  ProgramBuilder& statement(const std::string& name, const std::string& domain,
                            const std::vector<std::pair<std::string, int>>& loops) {
    Statement s;
    s.name = name;
    s.domain = isl::set(program_.ctx(), domain);
    for (const auto& [iterator, id] : loops) s.loops.push_back(Loop{iterator, id, 1, {}});
    program_.statements.push_back(std::move(s));
    return *this;
  }
  ProgramBuilder& read(const std::string& relation) { return access(Access::Kind::Read, relation); }
  ProgramBuilder& write(const std::string& relation) { return access(Access::Kind::Write, relation); }

  Program& program() { return program_; }

 private:
  ProgramBuilder& access(Access::Kind kind, const std::string& relation) {
    Access a;
    a.kind = kind;
    a.relation = isl::map(program_.ctx(), relation);
    a.array = a.relation.range_tuple_id().name();
    program_.statements.back().accesses.push_back(a);
    if (!program_.find_array(a.array)) program_.arrays.push_back(Array{a.array, "double", {}, false, {}});
    return *this;
  }
  Program program_;
};

// The dataflow of the whole program in one isl call per kind: what
// compute_dependences gives by another route (it groups the accesses first).
// Each access instance is tagged ([S[i] -> tag3[]] -> A[i]) so that a
// statement's read comes before its own write.
struct WholeProgramFlow {
  isl::union_map raw, war, waw;
  isl::union_set live_in;
};

WholeProgramFlow whole_program_flow(const Program& p, const isl::schedule& schedule) {
  isl::union_map reads = isl::union_map::empty(p.ctx()), writes = reads, untag = reads;
  for (const Statement& s : p.statements) {
    isl::set domain = s.domain;
    if (!p.context.is_null()) domain = domain.intersect_params(p.context);
    for (std::size_t k = 0; k < s.accesses.size(); ++k) {
      const Access& a = s.accesses[k];
      const isl::set tag(p.ctx(), "{ tag" + std::to_string(k) + "[] }");
      const isl::map tagged_instance =
          isl::manage(isl_map_domain_map(isl_map_from_domain_and_range(domain.copy(), tag.copy())));
      const isl::union_map relation(tagged_instance.apply_range(a.relation.intersect_domain(domain)));
      (a.kind == Access::Kind::Read ? reads : writes) = (a.kind == Access::Kind::Read ? reads : writes).unite(relation);
      untag = untag.unite(isl::union_map(tagged_instance));
    }
  }
  const isl::schedule tagged_schedule = isl::manage(isl_schedule_pullback_union_pw_multi_aff(
      schedule.copy(), isl_union_pw_multi_aff_from_union_map(untag.copy())));
  const isl::union_flow raw =
      isl::union_access_info(reads).set_must_source(writes).set_schedule(tagged_schedule).compute_flow();
  const isl::union_flow waw =
      isl::union_access_info(writes).set_must_source(writes).set_schedule(tagged_schedule).compute_flow();
  const isl::union_flow war = isl::union_access_info(writes)
                                  .set_may_source(reads)
                                  .set_kill(writes)
                                  .set_schedule(tagged_schedule)
                                  .compute_flow();
  auto instances = [](const isl::union_map& tagged) { return tagged.domain_factor_domain().range_factor_domain(); };
  return {instances(raw.must_dependence()), instances(war.may_dependence()), instances(waw.must_dependence()),
          raw.must_no_source().domain_factor_domain().wrap()};
}

isl::union_map listed(const Dependences& deps, DependenceKind kind, isl::ctx ctx) {
  isl::union_map out = isl::union_map::empty(ctx);
  for (const Dependence& d : deps.list)
    if (d.kind == kind) out = out.unite(isl::union_map(d.relation));
  return out;
}

// Statements that each write their own slice of one array, all in one nest:
// the case the grouping exists for.
std::string fused_slices(int statements) {
  std::string c = "void k(int n, double A[" + std::to_string(statements + 1) + "][64][64], double s[1]) {\n#pragma scop\n"
                  "for (int i = 1; i < n - 1; i++)\n  for (int j = 1; j < n - 1; j++) {\n";
  for (int k = 0; k < statements; ++k) {
    const std::string from = std::to_string(k), to = std::to_string(k + 1);
    c += "    A[" + to + "][i][j] = 0.5 * (A[" + from + "][i-1][j] + A[" + from + "][i][j+1]) + A[" + to + "][i][j];\n";
  }
  c += "    s[0] = s[0] + A[" + std::to_string(statements) + "][i][j];\n  }\n#pragma endscop\n}\n";
  return c;
}

std::string str(const isl::map& m) {
  std::ostringstream out;
  out << m;
  return out.str();
}

const Dependence* find(const Dependences& deps, DependenceKind kind, const std::string& source,
                       int source_access, const std::string& sink, int sink_access) {
  for (const Dependence& d : deps.list)
    if (d.kind == kind && d.source_statement == source && d.source_access == source_access &&
        d.sink_statement == sink && d.sink_access == sink_access)
      return &d;
  return nullptr;
}

int count(const Dependences& deps, DependenceKind kind) {
  int n = 0;
  for (const Dependence& d : deps.list) n += d.kind == kind;
  return n;
}

void expect_relation(const Program& p, const Dependence* d, const std::string& expected) {
  QVERIFY2(d, ("missing dependence, expected " + expected).c_str());
  const isl::map want(p.ctx(), expected);
  QVERIFY2(d->relation.is_equal(want), ("got " + str(d->relation) + ", expected " + expected).c_str());
}

void expect_distance(const Dependence* d, const std::vector<long>& distance, int level) {
  QVERIFY(d);
  QVERIFY2(d->distance.has_value(), (str(d->relation) + " has no uniform distance").c_str());
  QCOMPARE(*d->distance, distance);
  QCOMPARE(d->carried_level, level);
}

}  // namespace

class TestDependences : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void shortNames() {
    QCOMPARE(short_name(DependenceKind::ReadAfterWrite), std::string("RAW"));
    QCOMPARE(short_name(DependenceKind::WriteAfterRead), std::string("WAR"));
    QCOMPARE(short_name(DependenceKind::WriteAfterWrite), std::string("WAW"));
  }

  // for i, j: S0: C[i][j] = 0; for k: S1: C[i][j] += A[i][k] * B[k][j];
  void matmulReductionCarriedAtK() {
    ProgramBuilder b;
    b.statement("S0", "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", {{"i", 0}, {"j", 1}})
        .write("[n] -> { S0[i, j] -> C[i, j] }");
    b.statement("S1", "[n] -> { S1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }",
                {{"i", 0}, {"j", 1}, {"k", 2}})
        .read("[n] -> { S1[i, j, k] -> C[i, j] }")
        .read("[n] -> { S1[i, j, k] -> A[i, k] }")
        .read("[n] -> { S1[i, j, k] -> B[k, j] }")
        .write("[n] -> { S1[i, j, k] -> C[i, j] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"
child:
  schedule: "[n] -> [{ S0[i, j] -> [(i)]; S1[i, j, k] -> [(i)] }, { S0[i, j] -> [(j)]; S1[i, j, k] -> [(j)] }]"
  child:
    sequence:
    - filter: "{ S0[i, j] }"
    - filter: "{ S1[i, j, k] }"
      child:
        schedule: "[n] -> [{ S1[i, j, k] -> [(k)] }]"
)");
    const Dependences deps = compute_dependences(p, tree);
    const auto RAW = DependenceKind::ReadAfterWrite, WAR = DependenceKind::WriteAfterRead,
               WAW = DependenceKind::WriteAfterWrite;

    // The initialisation reaches only the first k: later ones read S1's value.
    const Dependence* init = find(deps, RAW, "S0", 0, "S1", 0);
    expect_relation(p, init, "[n] -> { S0[i, j] -> S1[i, j, 0] : 0 <= i < n and 0 <= j < n }");
    expect_distance(init, {0, 0}, 0);
    QCOMPARE(init->common_loops, 2u);
    QCOMPARE(init->array, std::string("C"));

    const Dependence* reduction = find(deps, RAW, "S1", 3, "S1", 0);
    expect_relation(p, reduction,
                    "[n] -> { S1[i, j, k] -> S1[i, j, k + 1] : 0 <= i < n and 0 <= j < n and 0 <= k < n - 1 }");
    expect_distance(reduction, {0, 0, 1}, 3);
    QCOMPARE(count(deps, RAW), 2);

    const Dependence* waw_init = find(deps, WAW, "S0", 0, "S1", 3);
    expect_relation(p, waw_init, "[n] -> { S0[i, j] -> S1[i, j, 0] : 0 <= i < n and 0 <= j < n }");
    expect_distance(waw_init, {0, 0}, 0);
    const Dependence* waw = find(deps, WAW, "S1", 3, "S1", 3);
    expect_distance(waw, {0, 0, 1}, 3);
    QCOMPARE(count(deps, WAW), 2);

    // The read of C in S1[k] is overwritten by S1[k + 1] (its own write comes at the same instance).
    const Dependence* war = find(deps, WAR, "S1", 0, "S1", 3);
    expect_relation(p, war,
                    "[n] -> { S1[i, j, k] -> S1[i, j, k + 1] : 0 <= i < n and 0 <= j < n and 0 <= k < n - 1 }");
    expect_distance(war, {0, 0, 1}, 3);
    QCOMPARE(count(deps, WAR), 1);

    // A and B are read-only: live-in; C is never live-in.
    const isl::union_set live_in_c = deps.live_in.intersect(isl::union_set(
        isl::set(p.ctx(), "[n] -> { [S1[i, j, k] -> C[a, b]] }")));
    QVERIFY(live_in_c.is_empty());
    QVERIFY(!deps.live_in.intersect(isl::union_set(isl::set(p.ctx(), "[n] -> { [S1[i, j, k] -> A[a, b]] }")))
                 .is_empty());

    QVERIFY(deps.all().is_equal(
        deps.read_after_write.unite(deps.write_after_read).unite(deps.write_after_write)));
  }

  // for t: { for i: S0: B[i] = (A[i-1] + A[i] + A[i+1]) / 3; for i: S1: A[i] = B[i]; }
  void jacobi1d() {
    ProgramBuilder b;
    const std::string dom = "0 <= t < T and 1 <= i <= n - 2";
    b.statement("S0", "[T, n] -> { S0[t, i] : " + dom + " }", {{"t", 0}, {"i", 1}})
        .read("[T, n] -> { S0[t, i] -> A[i - 1] }")
        .read("[T, n] -> { S0[t, i] -> A[i] }")
        .read("[T, n] -> { S0[t, i] -> A[i + 1] }")
        .write("[T, n] -> { S0[t, i] -> B[i] }");
    b.statement("S1", "[T, n] -> { S1[t, i] : " + dom + " }", {{"t", 0}, {"i", 2}})
        .read("[T, n] -> { S1[t, i] -> B[i] }")
        .write("[T, n] -> { S1[t, i] -> A[i] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[T, n] -> { S0[t, i] : 0 <= t < T and 1 <= i <= n - 2; S1[t, i] : 0 <= t < T and 1 <= i <= n - 2 }"
child:
  schedule: "[T, n] -> [{ S0[t, i] -> [(t)]; S1[t, i] -> [(t)] }]"
  child:
    sequence:
    - filter: "{ S0[t, i] }"
      child:
        schedule: "[T, n] -> [{ S0[t, i] -> [(i)] }]"
    - filter: "{ S1[t, i] }"
      child:
        schedule: "[T, n] -> [{ S1[t, i] -> [(i)] }]"
)");
    const Dependences deps = compute_dependences(p, tree);
    const auto RAW = DependenceKind::ReadAfterWrite, WAR = DependenceKind::WriteAfterRead,
               WAW = DependenceKind::WriteAfterWrite;

    const Dependence* b_flow = find(deps, RAW, "S0", 3, "S1", 0);
    expect_relation(p, b_flow, "[T, n] -> { S0[t, i] -> S1[t, i] : " + dom + " }");
    expect_distance(b_flow, {0}, 0);

    const Dependence* left = find(deps, RAW, "S1", 1, "S0", 0);  // A[i - 1] from S1[t - 1, i - 1]
    expect_relation(p, left,
                    "[T, n] -> { S1[t, i] -> S0[t + 1, i + 1] : 0 <= t < T - 1 and 1 <= i <= n - 3 }");
    expect_distance(left, {1}, 1);
    QCOMPARE(left->common_loops, 1u);
    const Dependence* right = find(deps, RAW, "S1", 1, "S0", 2);
    expect_relation(p, right,
                    "[T, n] -> { S1[t, i] -> S0[t + 1, i - 1] : 0 <= t < T - 1 and 2 <= i <= n - 2 }");
    QCOMPARE(count(deps, RAW), 4);

    // Exact WAR: the read of A[i] in S0[t, i] is overwritten by S1[t, i], not again by S1[t + 1, i].
    const Dependence* war_a = find(deps, WAR, "S0", 1, "S1", 1);
    expect_relation(p, war_a, "[T, n] -> { S0[t, i] -> S1[t, i] : " + dom + " }");
    expect_distance(war_a, {0}, 0);
    const Dependence* war_b = find(deps, WAR, "S1", 0, "S0", 3);
    expect_relation(p, war_b,
                    "[T, n] -> { S1[t, i] -> S0[t + 1, i] : 0 <= t < T - 1 and 1 <= i <= n - 2 }");
    expect_distance(war_b, {1}, 1);
    QVERIFY(find(deps, WAR, "S0", 0, "S1", 1));
    QVERIFY(find(deps, WAR, "S0", 2, "S1", 1));
    QCOMPARE(count(deps, WAR), 4);

    const Dependence* waw_b = find(deps, WAW, "S0", 3, "S0", 3);
    expect_relation(p, waw_b,
                    "[T, n] -> { S0[t, i] -> S0[t + 1, i] : 0 <= t < T - 1 and 1 <= i <= n - 2 }");
    expect_distance(waw_b, {1, 0}, 1);
    QVERIFY(find(deps, WAW, "S1", 1, "S1", 1));
    QCOMPARE(count(deps, WAW), 2);

    // A[0] and A[n - 1] are never written: their reads are live-in at every t.
    const isl::union_set boundary(isl::set(p.ctx(), "[T, n] -> { [S0[t, i] -> A[0]] : 0 <= t < T and i = 1 and n >= 3 }"));
    QVERIFY(boundary.is_subset(deps.live_in));
  }

  // for t, i, j: A[i][j] = (sum of the 3x3 neighbourhood of A[i][j]) / 9
  void seidel2dDistances() {
    ProgramBuilder b;
    b.statement("S0", "[T, n] -> { S0[t, i, j] : 0 <= t < T and 1 <= i <= n - 2 and 1 <= j <= n - 2 }",
                {{"t", 0}, {"i", 1}, {"j", 2}});
    for (int di = -1; di <= 1; ++di)
      for (int dj = -1; dj <= 1; ++dj)
        b.read("[T, n] -> { S0[t, i, j] -> A[i + (" + std::to_string(di) + "), j + (" + std::to_string(dj) +
               ")] }");
    b.write("[T, n] -> { S0[t, i, j] -> A[i, j] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[T, n] -> { S0[t, i, j] : 0 <= t < T and 1 <= i <= n - 2 and 1 <= j <= n - 2 }"
child:
  schedule: "[T, n] -> [{ S0[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(i)] }, { S0[t, i, j] -> [(j)] }]"
)");
    const Dependences deps = compute_dependences(p, tree);
    const auto RAW = DependenceKind::ReadAfterWrite;
    // Neighbours already updated in this sweep come from the same t; the others from t - 1.
    const std::vector<std::vector<long>> expected = {
        {0, 1, 1}, {0, 1, 0}, {0, 1, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, -1}, {1, -1, 1}, {1, -1, 0}, {1, -1, -1}};
    const std::vector<int> levels = {2, 2, 2, 3, 1, 1, 1, 1, 1};
    for (int a = 0; a < 9; ++a) {
      const Dependence* d = find(deps, RAW, "S0", 9, "S0", a);
      QVERIFY2(d, ("no RAW into read " + std::to_string(a)).c_str());
      expect_distance(d, expected[a], levels[a]);
      QCOMPARE(d->array, std::string("A"));
    }
    QCOMPARE(count(deps, RAW), 9);
    const Dependence* waw = find(deps, DependenceKind::WriteAfterWrite, "S0", 9, "S0", 9);
    expect_distance(waw, {1, 0, 0}, 1);
    // Every read is overwritten by exactly one later instance; the read of
    // A[i][j] is written by its own instance too, and still depends on the next
    // write (as in a reduction: implied by the WAW, but kept).
    expect_distance(find(deps, DependenceKind::WriteAfterRead, "S0", 4, "S0", 9), {1, 0, 0}, 1);
    QCOMPARE(count(deps, DependenceKind::WriteAfterRead), 9);
    const Dependence* war = find(deps, DependenceKind::WriteAfterRead, "S0", 8, "S0", 9);  // A[i+1][j+1]
    expect_distance(war, {0, 1, 1}, 2);
    const Dependence* war_up = find(deps, DependenceKind::WriteAfterRead, "S0", 0, "S0", 9);  // A[i-1][j-1]
    expect_distance(war_up, {1, -1, -1}, 1);
  }

  // for i: { S0: t = A[i]; S1: B[i] = 2 * t; }: the scalar t is reused, and
  // kills make every dependence on it exact (no S0[i] -> S1[i + 1]).
  void scalarReuseIsExactWithKills() {
    ProgramBuilder b;
    b.statement("S0", "[n] -> { S0[i] : 0 <= i < n }", {{"i", 0}})
        .read("[n] -> { S0[i] -> A[i] }")
        .write("[n] -> { S0[i] -> t[] }");
    b.statement("S1", "[n] -> { S1[i] : 0 <= i < n }", {{"i", 0}})
        .read("[n] -> { S1[i] -> t[] }")
        .write("[n] -> { S1[i] -> B[i] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[n] -> { S0[i] : 0 <= i < n; S1[i] : 0 <= i < n }"
child:
  schedule: "[n] -> [{ S0[i] -> [(i)]; S1[i] -> [(i)] }]"
  child:
    sequence:
    - filter: "{ S0[i] }"
    - filter: "{ S1[i] }"
)");
    const Dependences deps = compute_dependences(p, tree);
    const Dependence* raw = find(deps, DependenceKind::ReadAfterWrite, "S0", 1, "S1", 0);
    expect_relation(p, raw, "[n] -> { S0[i] -> S1[i] : 0 <= i < n }");
    expect_distance(raw, {0}, 0);
    const Dependence* war = find(deps, DependenceKind::WriteAfterRead, "S1", 0, "S0", 1);
    expect_relation(p, war, "[n] -> { S1[i] -> S0[i + 1] : 0 <= i < n - 1 }");
    expect_distance(war, {1}, 1);
    QCOMPARE(war->array, std::string("t"));
    const Dependence* waw = find(deps, DependenceKind::WriteAfterWrite, "S0", 1, "S0", 1);
    expect_relation(p, waw, "[n] -> { S0[i] -> S0[i + 1] : 0 <= i < n - 1 }");
    QCOMPARE(int(deps.list.size()), 3);
  }

  // S0: x = 1; for i: S1: B[i] = x; S2: x = 2; S3: x = 3;
  // Every read of x is overwritten by S2 only; S3 overwrites S2, not S0.
  void warFromManyReadsStopsAtTheNextWrite() {
    ProgramBuilder b;
    b.statement("S0", "{ S0[] }", {}).write("{ S0[] -> x[] }");
    b.statement("S1", "[n] -> { S1[i] : 0 <= i < n }", {{"i", 0}})
        .read("[n] -> { S1[i] -> x[] }")
        .write("[n] -> { S1[i] -> B[i] }");
    b.statement("S2", "{ S2[] }", {}).write("{ S2[] -> x[] }");
    b.statement("S3", "{ S3[] }", {}).write("{ S3[] -> x[] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[n] -> { S0[]; S1[i] : 0 <= i < n; S2[]; S3[] }"
child:
  sequence:
  - filter: "{ S0[] }"
  - filter: "{ S1[i] }"
    child:
      schedule: "[n] -> [{ S1[i] -> [(i)] }]"
  - filter: "{ S2[] }"
  - filter: "{ S3[] }"
)");
    const Dependences deps = compute_dependences(p, tree);
    const auto RAW = DependenceKind::ReadAfterWrite, WAR = DependenceKind::WriteAfterRead,
               WAW = DependenceKind::WriteAfterWrite;
    expect_relation(p, find(deps, RAW, "S0", 0, "S1", 0), "[n] -> { S0[] -> S1[i] : 0 <= i < n }");
    const Dependence* war = find(deps, WAR, "S1", 0, "S2", 0);
    expect_relation(p, war, "[n] -> { S1[i] -> S2[] : 0 <= i < n }");
    expect_distance(war, {}, 0);
    QVERIFY(!find(deps, WAR, "S1", 0, "S3", 0));
    QVERIFY(find(deps, WAW, "S0", 0, "S2", 0));
    QVERIFY(find(deps, WAW, "S2", 0, "S3", 0));
    QVERIFY(!find(deps, WAW, "S0", 0, "S3", 0));
    QCOMPARE(count(deps, RAW), 1);
    QCOMPARE(count(deps, WAR), 1);
    QCOMPARE(count(deps, WAW), 2);
  }

  // for i: A[i] = A[n - 1 - i]: the distance depends on i, so it is not uniform.
  void nonUniformDistanceAndMixedLevels() {
    ProgramBuilder b;
    b.statement("S0", "[n] -> { S0[i] : 0 <= i < n }", {{"i", 0}})
        .read("[n] -> { S0[i] -> A[n - 1 - i] }")
        .write("[n] -> { S0[i] -> A[i] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[n] -> { S0[i] : 0 <= i < n }"
child:
  schedule: "[n] -> [{ S0[i] -> [(i)] }]"
)");
    const Dependences deps = compute_dependences(p, tree);
    const Dependence* raw = find(deps, DependenceKind::ReadAfterWrite, "S0", 1, "S0", 0);
    expect_relation(p, raw, "[n] -> { S0[i] -> S0[n - 1 - i] : 0 <= i and 2i < n - 1 }");
    QVERIFY(!raw->distance.has_value());
    QCOMPARE(raw->carried_level, 1);
    // The same element is read and written by the middle instance: no self dependence.
    const Dependence* war = find(deps, DependenceKind::WriteAfterRead, "S0", 0, "S0", 1);
    expect_relation(p, war, "[n] -> { S0[i] -> S0[n - 1 - i] : 0 <= i and 2i < n - 1 }");
  }

  // The front-end's program and original schedule tree, end to end.
  void polybenchSeidelThroughTheFrontEnd() {
    const std::string root = std::string(LOOPSCAPE_TEST_DATA) + "/polybench/";
    const std::string file = root + "stencils/seidel-2d/seidel-2d.c";
    if (!std::filesystem::exists(file)) QSKIP("no PolyBench stand-in corpus");
    CompileOptions options;
    options.defines = {"MINI_DATASET"};
    options.include_dirs = {root + "utilities"};
    const Program p = parse_c_file(file, options);
    const Dependences deps = compute_dependences(p, build_original_schedule(p));
    QCOMPARE(count(deps, DependenceKind::ReadAfterWrite), 9);
    QCOMPARE(count(deps, DependenceKind::WriteAfterRead), 9);
    QCOMPARE(count(deps, DependenceKind::WriteAfterWrite), 1);
    std::vector<std::vector<long>> distances;
    for (const Dependence& d : deps.list) {
      QVERIFY(d.distance.has_value());
      QCOMPARE(d.common_loops, 3u);
      if (d.kind == DependenceKind::ReadAfterWrite) distances.push_back(*d.distance);
      // Every seidel dependence goes forward in (t, i, j) at its carried level.
      QVERIFY(d.carried_level >= 1);
      QVERIFY((*d.distance)[std::size_t(d.carried_level - 1)] > 0);
    }
    std::sort(distances.begin(), distances.end());
    const std::vector<std::vector<long>> expected = {
        {0, 0, 1}, {0, 1, -1}, {0, 1, 0}, {0, 1, 1}, {1, -1, -1}, {1, -1, 0}, {1, -1, 1}, {1, 0, -1}, {1, 0, 0}};
    QCOMPARE(distances, expected);
  }

  // Dependences between statements under a condition on data are "may"
  // dependences; those of the guard's own reads are not. Guarded updates of
  // a[i] leave the loop over i free of carried dependences.
  void guardedStatementsGiveMayDependences() {
    const std::string source =
        "double a[64], b[64], c[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++) {\n"
        "    if (b[i] > 0.)\n"
        "      a[i] = b[i] * 2.;\n"
        "    c[i] = a[i] + 1.;\n"
        "  }\n"
        "  for (int i = 0; i < n; i++)\n"
        "    b[i] = 0.;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "may.c", {});
    const Dependences deps = compute_dependences(p, build_original_schedule(p));
    bool raw_a = false, war_guard = false;
    for (const Dependence& d : deps.list) {
      if (d.source_statement == "S0" && d.sink_statement == "S1" && d.array == "a") {
        raw_a = true;
        QVERIFY(d.may);
        QCOMPARE(d.carried_level, 0);
      }
      if (d.source_statement == "S0" && d.sink_statement == "S2" && d.array == "b" &&
          d.kind == DependenceKind::WriteAfterRead)
        war_guard = war_guard || !p.statements[0].accesses.at(std::size_t(d.source_access)).conditional;
      if (d.source_statement == d.sink_statement) QCOMPARE(d.carried_level, 0);
    }
    QVERIFY(raw_a);
    QVERIFY(war_guard);  // the guard's read of b[i] happens whether or not S0 runs
  }

  // Dataflow per group of accesses that may meet gives what one analysis of
  // the whole program gives, on every PolyBench kernel and a nest of slices.
  void groupedDataflowEqualsTheWholeProgramFlow() {
    const QStringList kernels = loopscape::testing::polybench_kernels();
    if (kernels.isEmpty()) QSKIP("no PolyBench stand-in corpus");
    CompileOptions options;
    options.defines = {"MINI_DATASET"};
    options.include_dirs = {(loopscape::testing::kPolybenchCorpus + "/utilities").toStdString()};
    std::vector<Program> programs;
    for (const QString& kernel : kernels)
      programs.push_back(parse_c_file((loopscape::testing::kPolybenchCorpus + "/" + kernel).toStdString(), options));
    programs.push_back(parse_c_source(fused_slices(12), "slices.c", CompileOptions{}));
    for (const Program& p : programs) {
      const isl::schedule schedule = build_original_schedule(p);
      const Dependences deps = compute_dependences(p, schedule);
      const WholeProgramFlow whole = whole_program_flow(p, schedule);
      const QByteArray file = QByteArray::fromStdString(p.file);
      QVERIFY2(deps.read_after_write.is_equal(whole.raw), file);
      QVERIFY2(deps.write_after_read.is_equal(whole.war), file);
      QVERIFY2(deps.write_after_write.is_equal(whole.waw), file);
      QVERIFY2(deps.live_in.is_equal(whole.live_in), file);
      QVERIFY2(listed(deps, DependenceKind::ReadAfterWrite, p.ctx()).is_equal(whole.raw), file);
      QVERIFY2(listed(deps, DependenceKind::WriteAfterRead, p.ctx()).is_equal(whole.war), file);
      QVERIFY2(listed(deps, DependenceKind::WriteAfterWrite, p.ctx()).is_equal(whole.waw), file);
    }
    // The slices: each statement meets only its neighbours, and the reduction
    // on s[0] meets itself and the last slice.
    const Dependences slices = compute_dependences(programs.back(), build_original_schedule(programs.back()));
    auto flows = [&](const std::string& source, const std::string& sink) {
      return std::any_of(slices.list.begin(), slices.list.end(), [&](const Dependence& d) {
        return d.kind == DependenceKind::ReadAfterWrite && d.source_statement == source && d.sink_statement == sink;
      });
    };
    QVERIFY(flows("S0", "S1"));
    QVERIFY(flows("S11", "S12"));
    QVERIFY(!flows("S0", "S2"));
    for (const Dependence& d : slices.list) {
      const int source = programs.back().statement_index(d.source_statement);
      const int sink = programs.back().statement_index(d.sink_statement);
      QVERIFY2(sink - source >= -1 && sink - source <= 1, (d.source_statement + " -> " + d.sink_statement).c_str());
    }
  }

  void quotaIsAnError() {
    ProgramBuilder b;
    b.statement("S0", "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }", {{"i", 0}, {"j", 1}})
        .read("[n] -> { S0[i, j] -> A[i - 1, j + 1] }")
        .write("[n] -> { S0[i, j] -> A[i, j] }");
    Program& p = b.program();
    const isl::schedule tree(p.ctx(), R"(
domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[n] -> [{ S0[i, j] -> [(i)] }, { S0[i, j] -> [(j)] }]"
)");
    p.isl().set_max_operations(10);
    QVERIFY_THROWS_EXCEPTION(IslError, compute_dependences(p, tree));
    p.isl().set_max_operations(IslContext::kDefaultMaxOperations);
    const Dependences deps = compute_dependences(p, tree);
    expect_distance(find(deps, DependenceKind::ReadAfterWrite, "S0", 1, "S0", 0), {1, -1}, 1);
  }
};

QTEST_APPLESS_MAIN(TestDependences)
#include "test_dependences.moc"
