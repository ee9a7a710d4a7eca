// SPDX-License-Identifier: Apache-2.0
// Legality of candidate schedules: known-illegal transforms next to their legal
// counterparts, on C kernels parsed by the front-end. Every reported pair is
// re-checked independently (it is in the dependence relation and really runs
// in the wrong order), and every verdict is compared with a brute-force
// enumeration of the dependence pairs at small parameter values.
#include <QtTest>

#include <isl/map.h>
#include <isl/point.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/id.h>
#include <isl/val.h>

#include <filesystem>
#include <sstream>

#include "analysis/dependences.h"
#include "analysis/legality.h"
#include "frontend/frontend.h"
#include "schedule/node_names.h"
#include "schedule/original_schedule.h"
#include "schedule/tags.h"

using namespace loopscape;

namespace {

struct Loaded {
  Program program;
  isl::schedule original;
  Dependences deps;
};

Loaded load_program(Program p) {
  isl::schedule original = build_original_schedule(p);
  Dependences deps = compute_dependences(p, original);
  return Loaded{std::move(p), original, std::move(deps)};
}

Loaded load(const std::string& region_body, const std::string& params = "int n",
            const std::string& arrays = "double A[100][100], double B[100][100]") {
  const std::string src = "void kernel(" + params + ", " + arrays + ") {\n  int t, i, j, k;\n#pragma scop\n" +
                          region_body + "\n#pragma endscop\n}\n";
  return load_program(parse_c_source(src, "kernel.c", CompileOptions{}));
}

const char* kJacobi2d =
    "  for (t = 0; t < tsteps; t++) {\n"
    "    for (i = 1; i < n - 1; i++)\n"
    "      for (j = 1; j < n - 1; j++)\n"
    "        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);\n"
    "    for (i = 1; i < n - 1; i++)\n"
    "      for (j = 1; j < n - 1; j++)\n"
    "        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);\n"
    "  }";

const char* kSeidel2d =
    "  for (t = 0; t <= tsteps - 1; t++)\n"
    "    for (i = 1; i <= n - 2; i++)\n"
    "      for (j = 1; j <= n - 2; j++)\n"
    "        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]\n"
    "                   + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;";

const char* kMatmul =
    "  for (i = 0; i < n; i++)\n"
    "    for (j = 0; j < n; j++)\n"
    "      for (k = 0; k < n; k++)\n"
    "        C[i][j] = C[i][j] + A[i][k] * B[k][j];";

const char* kTwoSweeps =
    "  for (i = 1; i < n - 1; i++)\n"
    "    B[i] = A[i - 1] + A[i] + A[i + 1];\n"
    "  for (i = 1; i < n - 1; i++)\n"
    "    C[i] = B[i - 1] + B[i] + B[i + 1];";

Loaded jacobi() { return load(kJacobi2d, "int tsteps, int n"); }
Loaded seidel() { return load(kSeidel2d, "int tsteps, int n"); }
Loaded matmul() {
  return load(kMatmul, "int n", "double A[100][100], double B[100][100], double C[100][100]");
}
Loaded sweeps() { return load(kTwoSweeps, "int n", "double A[100], double B[100], double C[100]"); }

// A schedule with the program's domain and one band given as a union map.
isl::schedule schedule_from_map(const Program& p, const std::string& map) {
  isl::union_map m(p.ctx(), map);
  isl::multi_union_pw_aff mupa = isl::manage(isl_multi_union_pw_aff_from_union_map(m.copy()));
  isl::schedule_node node = isl::schedule_node::from_domain(p.domains()).child(0);
  return node.insert_partial_schedule(mupa).schedule();
}

isl::schedule_node node(const isl::schedule& s, const std::string& name) {
  std::optional<isl::schedule_node> n = find_node(s, name);
  if (!n) {
    char* text = isl_schedule_to_str(s.get());
    const std::string tree = text ? text : "";
    free(text);
    throw std::runtime_error("no node " + name + " in " + tree);
  }
  return *n;
}

// Name of the band holding loop `depth` (0: outermost) of `statement` in the original schedule.
std::string band_of(const Loaded& l, const std::string& statement, int depth) {
  struct Walk {
    isl::space space;
    int depth;
    std::string found;
  } walk{l.program.find_statement(statement)->domain.space(), depth, {}};
  isl_schedule_node* root = isl_schedule_get_root(l.original.get());
  isl_schedule_node_foreach_descendant_top_down(
      root,
      [](isl_schedule_node* raw, void* user) {
        auto* w = static_cast<Walk*>(user);
        isl::schedule_node n = isl::manage_copy(raw);
        // isl gives the root (domain node) an empty "reaching" domain.
        if (isl_schedule_node_get_type(raw) == isl_schedule_node_domain) return isl_bool_true;
        isl::union_set dom = isl::manage(isl_schedule_node_get_domain(raw));
        if (!w->found.empty() || dom.extract_set(w->space).is_empty()) return isl_bool_false;
        if (isl_schedule_node_get_type(raw) == isl_schedule_node_band) {
          const int m = int(isl_schedule_node_band_n_member(raw));
          if (w->depth < m) w->found = node_name(n);
          w->depth -= m;
        }
        return isl_bool_true;
      },
      &walk);
  isl_schedule_node_free(root);
  if (walk.found.empty()) throw std::runtime_error("no band for loop " + std::to_string(depth) + " of " + statement);
  return walk.found;
}

// The band named `band` with its members permuted/negated by `edit`.
isl::schedule edit_band(const isl::schedule& s, const std::string& band,
                        const std::function<isl::multi_union_pw_aff(isl::multi_union_pw_aff)>& edit) {
  isl::schedule_node n = node(s, band);
  isl::multi_union_pw_aff m = edit(n.as<isl::schedule_node_band>().partial_schedule());
  n = isl::manage(isl_schedule_node_delete(n.release()));
  n = n.insert_partial_schedule(m);
  return n.schedule();
}

isl::schedule interchange(const isl::schedule& s, const std::string& band, int a, int b) {
  return edit_band(s, band, [&](isl::multi_union_pw_aff m) {
    isl::union_pw_aff ua = m.at(a), ub = m.at(b);
    return m.set_at(a, ub).set_at(b, ua);
  });
}

isl::schedule reverse(const isl::schedule& s, const std::string& band, int member) {
  return edit_band(s, band, [&](isl::multi_union_pw_aff m) { return m.set_at(member, isl::manage(isl_union_pw_aff_neg(m.at(member).release()))); });
}

// Tags member `member` of band `band` as schedule/tags.h describes (a mark
// "@kind" directly above a band starting with the member), built with the C API.
isl::schedule tag(const isl::schedule& s, const std::string& band, int member, const std::string& kind) {
  isl_schedule_node* n = node(s, band).release();
  if (member > 0) n = isl_schedule_node_child(isl_schedule_node_band_split(n, member), 0);
  const std::string id = LoopTag{kind, {}}.mark_id();
  n = isl_schedule_node_insert_mark(n, isl_id_alloc(isl_schedule_node_get_ctx(n), id.c_str(), nullptr));
  return isl::manage(n).schedule();
}

std::vector<long> coords(isl_point* p, isl_dim_type type, int first, int n) {
  std::vector<long> out;
  for (int k = 0; k < n; ++k) {
    isl_val* v = isl_point_get_coordinate_val(p, type, first + k);
    out.push_back(isl_val_get_num_si(v));
    isl_val_free(v);
  }
  return out;
}

std::string params_prefix(const Program& p) {
  std::string names;
  for (const std::string& name : p.parameters) names += (names.empty() ? "" : ", ") + name;
  return "[" + names + "]";
}

// The witness really is a pair of the dependence, and really misordered.
void verify_witness(const Loaded& l, const isl::schedule& candidate, const DependenceWitness& w,
                    bool expect_misordered) {
  QVERIFY(w.dependence >= 0 && w.dependence < int(l.deps.list.size()));
  const Dependence& d = l.deps.list[std::size_t(w.dependence)];
  QCOMPARE(w.source_statement, d.source_statement);
  QCOMPARE(w.sink_statement, d.sink_statement);
  // In the relation, for the reported parameter values.
  std::string pair = params_prefix(l.program) + " -> { " + w.source + " -> " + w.sink;
  std::string cond;
  for (const auto& [name, value] : w.parameters) cond += (cond.empty() ? " : " : " and ") + name + " = " + std::to_string(value);
  pair += cond + " }";
  isl::map one(l.program.ctx(), pair);
  QVERIFY2(!one.is_empty(), pair.c_str());
  QVERIFY2(one.is_subset(d.relation), (pair + " is not in the dependence").c_str());
  if (!expect_misordered) return;
  // Misordered: the sink's time is lexicographically <= the source's.
  const isl::union_map sched = isl::manage(isl_schedule_get_map(candidate.get()));
  std::string fixed = params_prefix(l.program);
  auto instance_time = [&](const std::string& name, const std::vector<long>& it) {
    std::string text = fixed + " -> { " + name + "[";
    for (std::size_t k = 0; k < it.size(); ++k) text += (k ? ", " : "") + std::to_string(it[k]);
    text += "]" + cond + " }";
    isl::union_set t = isl::union_set(l.program.ctx(), text).apply(sched);
    isl::set ts = isl::manage(isl_set_from_union_set(t.copy()));
    isl::point p = ts.sample_point();
    return coords(p.get(), isl_dim_set, 0, int(isl_set_dim(ts.get(), isl_dim_set)));
  };
  const std::vector<long> ts = instance_time(w.source_statement, w.source_iteration);
  const std::vector<long> tk = instance_time(w.sink_statement, w.sink_iteration);
  QVERIFY(!ts.empty() && ts.size() == tk.size());
  QVERIFY2(!(ts < tk), (w.sink + " runs after " + w.source + " after all").c_str());
}

// Independent check: enumerate every dependence pair at the given parameter
// value and compare schedule times. Returns the number of misordered pairs.
long brute_force_misordered(const Loaded& l, const isl::schedule& candidate, long value) {
  const isl::union_map sched = isl::manage(isl_schedule_get_map(candidate.get()));
  long bad = 0;
  for (const Dependence& d : l.deps.list) {
    isl::map r = d.relation;
    for (int k = 0; k < isl_map_dim(r.get(), isl_dim_param); ++k)
      r = isl::manage(isl_map_fix_si(r.release(), isl_dim_param, unsigned(k), int(value)));
    const isl::union_map src_part = sched.intersect_domain(isl::union_set(r.domain()));
    const isl::union_map snk_part = sched.intersect_domain(isl::union_set(r.range()));
    isl::map ts = isl::manage(isl_map_from_union_map(src_part.copy()));
    isl::map tk = isl::manage(isl_map_from_union_map(snk_part.copy()));
    const int n_in = isl_map_dim(r.get(), isl_dim_in), n_out = isl_map_dim(r.get(), isl_dim_out);
    struct Ctx {
      isl::map ts, tk;
      int n_in, n_out;
      long bad = 0;
    } c{ts, tk, n_in, n_out};
    isl_set_foreach_point(
        r.wrap().get(),
        [](isl_point* p, void* user) {
          auto* c = static_cast<Ctx*>(user);
          isl::set pt = isl::manage(isl_set_from_point(isl_point_copy(p)));
          isl::map pair = pt.unwrap();
          auto t = [](const isl::map& times, const isl::set& at) {
            isl::set s = at.apply(times);
            isl::point q = s.sample_point();
            return coords(q.get(), isl_dim_set, 0, int(isl_set_dim(s.get(), isl_dim_set)));
          };
          std::vector<long> a = t(c->ts, pair.domain()), b = t(c->tk, pair.range());
          while (a.size() < b.size()) a.push_back(0);
          while (b.size() < a.size()) b.push_back(0);
          if (!(a < b)) ++c->bad;
          isl_point_free(p);
          return isl_stat_ok;
        },
        &c);
    bad += c.bad;
  }
  return bad;
}

void expect_legal(const Loaded& l, const isl::schedule& candidate, long brute_value = 5) {
  const LegalityReport r = check_schedule(l.program, l.deps, candidate);
  QVERIFY2(r.legal(), r.summary().c_str());
  QCOMPARE(brute_force_misordered(l, candidate, brute_value), 0L);
}

void expect_illegal(const Loaded& l, const isl::schedule& candidate, LegalityReport& r, long brute_value = 5) {
  r = check_schedule(l.program, l.deps, candidate);
  QVERIFY2(!r.legal(), "an illegal schedule passed the check");
  if (qEnvironmentVariableIsSet("LOOPSCAPE_SHOW_REPORTS")) qInfo("%s", r.summary().c_str());
  for (const Violation& v : r.violations) {
    verify_witness(l, candidate, v.witness, true);
    if (QTest::currentTestFailed()) return;
    QVERIFY2(!v.explanation.empty() && !v.repair_hint.empty(), "violation without text");
    QVERIFY(!v.pairs.is_null() && !v.pairs.is_empty());
  }
  if (!r.violations.empty()) QVERIFY(brute_force_misordered(l, candidate, brute_value) > 0);
}

}  // namespace

class TestLegality : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void originalSchedulesAreLegal() {
    for (Loaded (*make)() : {jacobi, seidel, matmul, sweeps}) {
      Loaded l = make();
      expect_legal(l, l.original);
    }
  }

  void samplesOriginalSchedulesAreLegal() {
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(LOOPSCAPE_SAMPLES)) {
      if (entry.path().extension() != ".c") continue;
      Loaded l = load_program(parse_c_file(entry.path().string(), CompileOptions{}));
      const LegalityReport r = check_schedule(l.program, l.deps, l.original);
      QVERIFY2(r.legal(), (entry.path().string() + ": " + r.summary()).c_str());
      ++checked;
    }
    QVERIFY(checked >= 4);
  }

  void seidelSpaceInterchangeIsIllegal() {
    Loaded l = seidel();
    isl::schedule s = interchange(l.original, band_of(l, "S0", 0), 1, 2);  // [t, i, j] -> [t, j, i]
    LegalityReport r;
    expect_illegal(l, s, r);
    QVERIFY(!r.violations.empty());
    // The reads of A[i - 1][j + 1] (distance (0, 1, -1)) break.
    bool anti_diagonal = false;
    for (const Violation& v : r.violations) {
      const auto& w = v.witness;
      if (w.sink_iteration.size() == 3 && w.sink_iteration[1] - w.source_iteration[1] == 1 &&
          w.sink_iteration[2] - w.source_iteration[2] == -1)
        anti_diagonal = true;
      QCOMPARE(w.source_statement, std::string("S0"));
      QVERIFY(!w.parameters.empty());
    }
    QVERIFY(anti_diagonal);
    const Violation& v = r.violations.front();
    QVERIFY2(v.explanation.find("but would run before it") != std::string::npos, v.explanation.c_str());
    QVERIFY2(v.explanation.rfind("with ", 0) == 0, v.explanation.c_str());
  }

  void jacobiSpaceInterchangeIsLegal() {
    Loaded l = jacobi();
    isl::schedule s = interchange(interchange(l.original, band_of(l, "S0", 1), 0, 1), band_of(l, "S1", 1), 0, 1);
    expect_legal(l, s);
  }

  void jacobiTimeInterchangeWithoutSkewIsIllegal() {
    Loaded l = jacobi();
    // i outermost, then t: S1 at (t, i) reads B[i + 1][j] that S0 writes at (t, i + 1).
    isl::schedule s = schedule_from_map(
        l.program,
        "[tsteps, n] -> { S0[t, i, j] -> [i, t, 0, j]; S1[t, i, j] -> [i, t, 1, j] }");
    LegalityReport r;
    expect_illegal(l, s, r);
    QVERIFY(!r.violations.empty());
  }

  void jacobiTilingWithoutSkewIsIllegal() {
    Loaded l = jacobi();
    isl::schedule s = schedule_from_map(
        l.program,
        "[tsteps, n] -> { S0[t, i, j] -> [floor(t/2), floor(i/2), t, i, 0, j]; "
        "S1[t, i, j] -> [floor(t/2), floor(i/2), t, i, 1, j] }");
    LegalityReport r;
    expect_illegal(l, s, r, 6);
  }

  void jacobiSkewedInterchangeAndTilingAreLegal() {
    Loaded l = jacobi();
    // Skewing i by 2t makes every dependence distance non-negative on (2t + i, t).
    isl::schedule skewed = schedule_from_map(
        l.program,
        "[tsteps, n] -> { S0[t, i, j] -> [2t + i, t, 0, j]; S1[t, i, j] -> [2t + i + 1, t, 1, j] }");
    expect_legal(l, skewed);
    isl::schedule tiled = schedule_from_map(
        l.program,
        "[tsteps, n] -> { S0[t, i, j] -> [floor(t/2), floor((2t + i)/2), t, 2t + i, 0, j]; "
        "S1[t, i, j] -> [floor(t/2), floor((2t + i + 1)/2), t, 2t + i + 1, 1, j] }");
    expect_legal(l, tiled, 6);
  }

  // Vector lanes cannot run matmul's sum over k; CPU threads can, as a
  // reduction (each keeps its own partial C[i][j]).
  void reductionVectorTagIsIllegal() {
    Loaded l = matmul();
    QVERIFY(check_schedule(l.program, l.deps, tag(l.original, band_of(l, "S0", 0), 2, "parallel")).legal());
    isl::schedule s = tag(l.original, band_of(l, "S0", 0), 2, "vector");
    const LegalityReport r = check_schedule(l.program, l.deps, s);
    QVERIFY(!r.legal());
    QVERIFY(r.violations.empty());  // the order is the original one
    QCOMPARE(int(r.tag_violations.size()), 1);
    const TagViolation& t = r.tag_violations.front();
    QCOMPARE(t.tag, std::string("vector"));
    QCOMPARE(t.loop, std::string("k"));
    QVERIFY(!t.carried.empty());
    for (const DependenceWitness& w : t.carried) {
      verify_witness(l, s, w, false);
      QCOMPARE(w.array, std::string("C"));
      QCOMPARE(w.sink_iteration[0], w.source_iteration[0]);
      QCOMPARE(w.sink_iteration[1], w.source_iteration[1]);
      QVERIFY(w.sink_iteration[2] != w.source_iteration[2]);
    }
    QVERIFY2(t.explanation.find("loop k") != std::string::npos, t.explanation.c_str());
    // An unroll tag needs no independence.
    QVERIFY(check_schedule(l.program, l.deps, tag(l.original, band_of(l, "S0", 0), 2, "unroll")).legal());
  }

  void matmulOuterParallelTagIsLegal() {
    Loaded l = matmul();
    const LegalityReport r = check_schedule(l.program, l.deps, tag(l.original, band_of(l, "S0", 0), 0, "parallel"));
    QVERIFY2(r.legal(), r.summary().c_str());
    const LegalityReport r2 = check_schedule(l.program, l.deps, tag(l.original, band_of(l, "S0", 0), 1, "parallel"));
    QVERIFY2(r2.legal(), r2.summary().c_str());
  }

  void carriedByReportsAConcretePair() {
    Loaded l = matmul();
    isl::schedule_node band = node(l.original, band_of(l, "S0", 0));
    for (int m = 0; m < 2; ++m) {
      const LoopDependenceCheck c = carried_by(l.program, l.deps, band, m);
      QVERIFY(!c.carried);
      QVERIFY(c.dependences.empty());
      QCOMPARE(c.band_name, band_of(l, "S0", 0));
    }
    const LoopDependenceCheck c = carried_by(l.program, l.deps, band, 2);
    QVERIFY(c.carried);
    QCOMPARE(c.loop, std::string("k"));
    QCOMPARE(c.dependences.size(), c.distances.size());
    QVERIFY(!c.dependences.empty());
    for (std::size_t k = 0; k < c.dependences.size(); ++k) {
      verify_witness(l, l.original, c.dependences[k], false);
      QCOMPARE(c.distances[k], c.dependences[k].sink_iteration[2] - c.dependences[k].source_iteration[2]);
    }
    // The smallest RAW pair: C[0][0] written at k = 0, read at k = 1.
    const DependenceWitness& raw = c.dependences.front();
    QCOMPARE(short_name(raw.kind), std::string("RAW"));
    QCOMPARE(raw.source, std::string("S0[0, 0, 0]"));
    QCOMPARE(raw.sink, std::string("S0[0, 0, 1]"));
    QCOMPARE(raw.element, std::string("C[0][0]"));
    QCOMPARE(raw.source_access, std::string("C[i][j]"));
    QVERIFY2(c.explanation.find("S0[0, 0, 1] reads C[0][0] written by S0[0, 0, 0]") != std::string::npos,
             c.explanation.c_str());
    // A mark above the band is accepted; a non-band is refused.
    QVERIFY(carried_by(l.program, l.deps, top_of_mark_chain(band), 2).carried);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, carried_by(l.program, l.deps, band, 3));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, carried_by(l.program, l.deps, l.original.root(), 0));
  }

  void carriedByAgreesWithTheTimeLoopOfSeidel() {
    Loaded l = seidel();
    isl::schedule_node band = node(l.original, band_of(l, "S0", 0));
    for (int m = 0; m < 3; ++m) {
      const LoopDependenceCheck c = carried_by(l.program, l.deps, band, m);
      QVERIFY(c.carried);  // seidel: every loop carries
      for (const DependenceWitness& w : c.dependences) {
        verify_witness(l, l.original, w, false);
        for (int o = 0; o < m; ++o) QCOMPARE(w.sink_iteration[std::size_t(o)], w.source_iteration[std::size_t(o)]);
        QVERIFY(w.sink_iteration[std::size_t(m)] != w.source_iteration[std::size_t(m)]);
      }
    }
  }

  void innermostFusionOfStencilSweepsIsIllegal() {
    Loaded l = sweeps();
    isl::schedule fused = schedule_from_map(l.program, "[n] -> { S0[i] -> [i, 0]; S1[i] -> [i, 1] }");
    LegalityReport r;
    expect_illegal(l, fused, r);
    QCOMPARE(int(r.violations.size()), 1);
    const Violation& v = r.violations.front();
    QCOMPARE(short_name(v.witness.kind), std::string("RAW"));
    QCOMPARE(v.witness.source, std::string("S0[2]"));
    QCOMPARE(v.witness.sink, std::string("S1[1]"));
    QCOMPARE(v.witness.element, std::string("B[2]"));
    QCOMPARE(v.witness.sink_access, std::string("B[i + 1]"));
    QCOMPARE(v.witness.source_access, std::string("B[i]"));
    QCOMPARE(v.witness.parameters.size(), std::size_t(1));
    QCOMPARE(v.witness.parameters.front().first, std::string("n"));
    QCOMPARE(v.witness.parameters.front().second, 4L);
    QCOMPARE(v.explanation.substr(0, 70),
             std::string("with n = 4, S1[1] reads B[2] written by S0[2], but would run before it"));
    QCOMPARE(v.time_distance, (std::vector<long>{-1, 1}));
    // Fusing with a shift of one iteration is legal.
    expect_legal(l, schedule_from_map(l.program, "[n] -> { S0[i] -> [i, 0]; S1[i] -> [i + 1, 1] }"));
    // Same time for both: no order at all.
    LegalityReport same;
    expect_illegal(l, schedule_from_map(l.program, "[n] -> { S0[i] -> [i]; S1[i] -> [i + 1] }"), same);
    bool simultaneous = false;
    for (const Violation& x : same.violations) simultaneous = simultaneous || x.simultaneous;
    QVERIFY(simultaneous);
  }

  // A check that starts from the report of a legal schedule re-checks only
  // the dependences of statements whose schedule changed, and finds what the
  // whole check finds.
  void aPreviousReportLimitsTheCheckToWhatChanged() {
    Loaded l = sweeps();
    const LegalityReport original = check_schedule(l.program, l.deps, l.original);
    QVERIFY(original.legal() && original.statement_times);
    const isl::schedule shifted = schedule_from_map(l.program, "[n] -> { S0[i] -> [i, 0]; S1[i] -> [i + 1, 1] }");
    const isl::schedule fused = schedule_from_map(l.program, "[n] -> { S0[i] -> [i, 0]; S1[i] -> [i, 1] }");
    QVERIFY(check_schedule(l.program, l.deps, shifted, &original).legal());
    const LegalityReport whole = check_schedule(l.program, l.deps, fused);
    const LegalityReport from_original = check_schedule(l.program, l.deps, fused, &original);
    QCOMPARE(from_original.violations.size(), whole.violations.size());
    QCOMPARE(from_original.summary(), whole.summary());
    // From the shifted fusion only S1 changes: its dependence on S0 is checked again.
    const LegalityReport legal_shift = check_schedule(l.program, l.deps, shifted);
    QCOMPARE(check_schedule(l.program, l.deps, fused, &legal_shift).summary(), whole.summary());

    // What is not checked again: a report that (wrongly) calls a schedule
    // legal is trusted for the statements the candidate leaves as they were.
    Loaded s = seidel();
    const isl::schedule bad = interchange(s.original, band_of(s, "S0", 0), 1, 2);
    const LegalityReport bad_report = check_schedule(s.program, s.deps, bad);
    QVERIFY(!bad_report.legal());
    LegalityReport claimed = bad_report;
    claimed.violations.clear();
    QVERIFY(check_schedule(s.program, s.deps, bad, &claimed).legal());
    // An illegal previous report is no basis: everything is checked.
    QVERIFY(!check_schedule(s.program, s.deps, bad, &bad_report).legal());
    // A tag on the unchanged schedule is still checked: its loop carries.
    const isl::schedule tagged = tag(s.original, band_of(s, "S0", 0), 0, "parallel");  // the time loop
    const LegalityReport seidel_original = check_schedule(s.program, s.deps, s.original);
    const LegalityReport tag_report = check_schedule(s.program, s.deps, tagged, &seidel_original);
    QVERIFY(tag_report.violations.empty());
    QCOMPARE(tag_report.tag_violations.size(), std::size_t(1));
  }

  void reversingACarriedLoopIsIllegal() {
    Loaded l = seidel();
    LegalityReport r;
    expect_illegal(l, reverse(l.original, band_of(l, "S0", 0), 0), r);
    for (const Violation& v : r.violations) QVERIFY(v.witness.sink_iteration[0] > v.witness.source_iteration[0]);
  }

  void reversingAParallelLoopIsLegal() {
    Loaded l = matmul();
    expect_legal(l, reverse(l.original, band_of(l, "S0", 0), 0));
    expect_legal(l, reverse(l.original, band_of(l, "S0", 0), 1));
    LegalityReport r;
    expect_illegal(l, reverse(l.original, band_of(l, "S0", 0), 2), r);
    Loaded j = jacobi();
    expect_legal(j, reverse(reverse(j.original, band_of(j, "S0", 1), 0), band_of(j, "S1", 1), 1));
  }

  void unscheduledInstancesAreReported() {
    Loaded l = sweeps();
    isl::schedule only_s0 = schedule_from_map(l.program, "[n] -> { S0[i] -> [i] }");
    only_s0 = isl::manage(isl_schedule_intersect_domain(only_s0.release(), isl_union_set_read_from_str(
        l.program.ctx().get(), "[n] -> { S0[i] }")));
    const LegalityReport r = check_schedule(l.program, l.deps, only_s0);
    QVERIFY(!r.legal());
    QVERIFY(!r.problems.empty());
    QVERIFY2(r.summary().find("S1[1] would not be scheduled") != std::string::npos, r.summary().c_str());
  }

  // Instances reaching two leaves run twice; the check reads that from the
  // leaves' filters. Leaves that share a statement but not its instances are fine.
  void instancesInTwoLeavesAreReported() {
    Loaded l = sweeps();
    auto split = [&](const char* first, const char* second) {
      isl_schedule_node* node = isl_schedule_node_child(isl_schedule_get_root(l.original.get()), 0);
      isl_ctx* ctx = l.program.ctx().get();
      isl_union_set_list* filters = isl_union_set_list_alloc(ctx, 2);
      filters = isl_union_set_list_add(filters, isl_union_set_read_from_str(ctx, first));
      filters = isl_union_set_list_add(filters, isl_union_set_read_from_str(ctx, second));
      node = isl_schedule_node_insert_sequence(node, filters);
      isl::schedule out = isl::manage(isl_schedule_node_get_schedule(node));
      isl_schedule_node_free(node);
      return out;
    };
    const LegalityReport twice =
        check_schedule(l.program, l.deps, split("[n] -> { S0[i] : i < 5; S1[i] }", "[n] -> { S0[i] : i >= 3 }"));
    QVERIFY(!twice.legal());
    QVERIFY2(twice.summary().find("would run more than once") != std::string::npos, twice.summary().c_str());
    const LegalityReport once =
        check_schedule(l.program, l.deps, split("[n] -> { S0[i] : i < 5 }", "[n] -> { S0[i] : i >= 5; S1[i] }"));
    QVERIFY2(once.summary().find("more than once") == std::string::npos, once.summary().c_str());
    QVERIFY2(once.problems.empty(), once.summary().c_str());
  }

  void spaceTimeVectorMustIncreaseTime() {
    // A[i][j] depends on A[i - 1][j + 1]: distance (1, -1) over (i, j).
    Loaded l = load("  for (i = 1; i < n; i++)\n    for (j = 0; j < n - 1; j++)\n"
                    "      A[i][j] = A[i - 1][j + 1] + 1.0;");
    SpaceTimeRequest req;
    req.statement = "S0";
    req.space_loops = {"j"};
    req.time_vector = t2s_vector({"i", "j"}, {"j"}, {1});  // t = i + j
    QCOMPARE(req.time_vector, (std::vector<long>{1, 1}));
    SpaceTimeCheck bad = check_space_time(l.program, l.deps, req);
    QVERIFY(!bad.legal());
    QVERIFY2(bad.errors.empty(), bad.summary().c_str());
    QCOMPARE(bad.time_loop, std::string("i"));
    QCOMPARE(int(bad.violations.size()), 1);
    const SpaceTimeViolation& v = bad.violations.front();
    QCOMPARE(v.distance, (std::vector<long>{1, -1}));
    QCOMPARE(v.time_distance, 0L);
    QVERIFY(v.uniform);
    verify_witness(l, l.original, v.witness, false);
    QVERIFY2(v.explanation.find("T . d = 1*1 + 1*(-1) = 0 <= 0") != std::string::npos, v.explanation.c_str());

    req.time_vector = {1, -1};  // t = i - j: T . d = 2
    SpaceTimeCheck good = check_space_time(l.program, l.deps, req);
    QVERIFY2(good.legal(), good.summary().c_str());
    req.time_vector = {};  // default: t = i
    QVERIFY(check_space_time(l.program, l.deps, req).legal());
    req.time_vector = {2, 3};  // 2 - 3 < 0
    QCOMPARE(int(check_space_time(l.program, l.deps, req).violations.size()), 1);
  }

  void spaceTimeOnMatmulFollowsT2s() {
    Loaded l = matmul();
    SpaceTimeRequest req;
    req.statement = "S0";
    req.loop_order = {"k", "i", "j"};
    req.space_loops = {"i", "j"};
    req.time_vector = t2s_vector(req.loop_order, req.space_loops, {2, 3});  // t = k + 2i + 3j
    QCOMPARE(req.time_vector, (std::vector<long>{1, 2, 3}));
    SpaceTimeCheck ok = check_space_time(l.program, l.deps, req);
    QVERIFY2(ok.legal(), ok.summary().c_str());
    QCOMPARE(ok.time_loop, std::string("k"));
    req.time_vector = {-1, 0, 0};  // runs the reduction backwards
    SpaceTimeCheck back = check_space_time(l.program, l.deps, req);
    QVERIFY(!back.violations.empty());
    QCOMPARE(back.violations.front().distance, (std::vector<long>{1, 0, 0}));
    QCOMPARE(back.violations.front().time_distance, -1L);
    // Space loops must be innermost and contiguous.
    req.time_vector = {};
    req.loop_order = {"i", "j", "k"};
    SpaceTimeCheck inside = check_space_time(l.program, l.deps, req);
    QVERIFY(!inside.errors.empty());
    QVERIFY2(inside.summary().find("loop k lies inside space loop j") != std::string::npos, inside.summary().c_str());
    req.loop_order = {"i", "k", "j"};
    SpaceTimeCheck between = check_space_time(l.program, l.deps, req);
    QVERIFY2(between.summary().find("loop k lies between space loops i and j") != std::string::npos,
             between.summary().c_str());
    req.loop_order = {"k", "i", "j"};
    req.space_loops = {"x"};
    QVERIFY(!check_space_time(l.program, l.deps, req).errors.empty());
    req.space_loops = {"j"};
    req.time_vector = {0, 0, 5};  // time loop i gets 0
    QVERIFY(!check_space_time(l.program, l.deps, req).errors.empty());
  }

  void spaceTimeOuterLoopsStaySequential() {
    // Case 2 of the T2S notes: k outside, (j time, i space); a dependence carried by k is fine.
    Loaded l = load("  for (k = 1; k < n; k++)\n    for (j = 0; j < n; j++)\n      for (i = 0; i < n - 1; i++)\n"
                    "        A[i][j] = A[i + 1][j] + B[k][j];");
    SpaceTimeRequest req;
    req.statement = "S0";
    req.space_loops = {"i"};
    req.time_vector = t2s_vector({"k", "j", "i"}, {"i"}, {3});
    QCOMPARE(req.time_vector, (std::vector<long>{0, 1, 3}));
    // Reads A[i + 1][j] before S0[k, j, i + 1] overwrites it: WAR distance (0, 0, 1) gives 3 > 0.
    SpaceTimeCheck ok = check_space_time(l.program, l.deps, req);
    QVERIFY2(ok.legal(), ok.summary().c_str());
    req.time_vector = {0, 1, -3};
    SpaceTimeCheck bad = check_space_time(l.program, l.deps, req);
    QVERIFY(!bad.violations.empty());
    for (const SpaceTimeViolation& v : bad.violations) {
      QCOMPARE(v.distance[0], 0L);
      QVERIFY(v.time_distance <= 0);
    }
  }
};

QTEST_APPLESS_MAIN(TestLegality)
#include "test_legality.moc"
