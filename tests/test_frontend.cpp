// SPDX-License-Identifier: Apache-2.0
// The C front-end: domains, accesses, parameters, arrays and expression trees
// built from the inputs under tests/data/frontend/.
#include <QtTest>

#include <sstream>
#include <string>

#include "frontend/frontend.h"
#include "support/error.h"

using namespace loopscape;

namespace {

std::string data_path(const std::string& name) {
  return std::string(LOOPSCAPE_TEST_DATA) + "/frontend/" + name;
}

Program parse(const std::string& name, CompileOptions options = {}) {
  return parse_c_file(data_path(name), options);
}

template <typename T>
std::string str(const T& isl_object) {
  std::ostringstream out;
  out << isl_object;
  return out.str();
}

const Statement& stmt(const Program& p, const std::string& name) {
  const Statement* s = p.find_statement(name);
  if (!s) throw std::runtime_error("no statement " + name);
  return *s;
}

// True when `actual` is the set `expected` (isl syntax), whatever its printing.
bool same_set(const Program& p, const isl::set& actual, const std::string& expected) {
  return actual.is_equal(isl::set(p.ctx(), expected));
}
bool same_map(const Program& p, const isl::map& actual, const std::string& expected) {
  return actual.is_equal(isl::map(p.ctx(), expected));
}

// Compact text of an expression tree: kind letter, text, arguments.
std::string tree(const ExprPtr& e) {
  static const char* kinds[] = {"int", "flt", "it", "par", "var", "acc",
                                "un",  "bin", "tern", "call", "cast"};
  std::string out = std::string(kinds[static_cast<int>(e->kind)]) + ":" + e->text;
  if (!e->args.empty()) {
    out += "(";
    for (std::size_t k = 0; k < e->args.size(); ++k) out += (k ? ", " : "") + tree(e->args[k]);
    out += ")";
  }
  return out;
}

std::vector<int> ints(std::initializer_list<int> l) { return std::vector<int>(l); }

}  // namespace

#define CHECK_SET(program, actual, expected)                                         \
  QVERIFY2(same_set(program, actual, expected),                                     \
           ("got " + str(actual) + ", expected " + std::string(expected)).c_str())
#define CHECK_MAP(program, actual, expected)                                         \
  QVERIFY2(same_map(program, actual, expected),                                     \
           ("got " + str(actual) + ", expected " + std::string(expected)).c_str())

class TestFrontend : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // ---------------------------------------------------------------- macros, PolyBench-style
  void gemmWithBenchmarkMacros() {
    const Program p = parse("gemm_like.c");
    QCOMPARE(p.parameters, (std::vector<std::string>{"ni", "nj", "nk"}));
    QCOMPARE(p.statements.size(), std::size_t(2));
    const Statement& s0 = stmt(p, "S0");
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(str(s0.domain), std::string("[ni, nj, nk] -> { S0[i, j] : 0 <= i < ni and 0 <= j < nj }"));
    QCOMPARE(str(s1.domain),
             std::string("[ni, nj, nk] -> { S1[i, k, j] : 0 <= i < ni and 0 <= k < nk and 0 <= j < nj }"));
    QCOMPARE(s0.iterators(), (std::vector<std::string>{"i", "j"}));
    QCOMPARE(s1.iterators(), (std::vector<std::string>{"i", "k", "j"}));
    // One loop i around both; distinct j loops.
    QCOMPARE(s0.loops[0].id, s1.loops[0].id);
    QVERIFY(s0.loops[1].id != s1.loops[2].id);
    QCOMPARE(s0.position, ints({0, 0, 0}));
    QCOMPARE(s1.position, ints({0, 1, 0, 0}));
    QCOMPARE(s0.assign_op, std::string("*="));
    QCOMPARE(s1.assign_op, std::string("+="));
    QCOMPARE(s1.source_text, std::string("C[i][j] += alpha * A[i][k] * B[k][j];"));
    QCOMPARE(s1.where.line, 28u);
    QCOMPARE(s1.where.column, 9u);
    QCOMPARE(s1.loops[1].where.line, 26u);  // for (k = 0; ...
    QCOMPARE(s1.loops[1].where.column, 5u);
    QCOMPARE(s1.loops[2].where.line, 27u);
    QCOMPARE(s1.loops[2].where.column, 7u);
    // Arrays from the MB_2D(...) parameters: extents are the macro values.
    const Array* c = p.find_array("C");
    QVERIFY(c);
    QCOMPARE(c->element_type, std::string("double"));
    QCOMPARE(c->extents, (std::vector<std::string>{"20", "25"}));
    QCOMPARE(p.find_array("A")->extents, (std::vector<std::string>{"20", "30"}));
    QCOMPARE(p.find_array("B")->extents, (std::vector<std::string>{"30", "25"}));
    QCOMPARE(c->declared_at.line, 19u);
    QVERIFY(!c->declared_in_region);
    QVERIFY(!p.find_array("alpha"));  // read-only scalars are no arrays
    // Region: from the `#pragma scop` line to the end of the `#pragma endscop` line.
    QCOMPARE(p.region.function, std::string("kernel_gemm"));
    QVERIFY(!p.region.whole_function_body);
    QCOMPARE(p.region.begin_line, 22u);
    QCOMPARE(p.region.end_line, 31u);
    const std::string region =
        p.source_text.substr(p.region.begin_offset, p.region.end_offset - p.region.begin_offset);
    QVERIFY(region.rfind("#pragma scop\n", 0) == 0);
    QVERIFY(region.size() > 16 && region.substr(region.size() - 16) == "#pragma endscop\n");
    QCOMPARE(p.file, data_path("gemm_like.c"));
  }

  void gemmAccesses() {
    const Program p = parse("gemm_like.c");
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(s1.accesses.size(), std::size_t(4));
    const std::string dom = "0 <= i < ni and 0 <= k < nk and 0 <= j < nj";
    QCOMPARE(s1.accesses[0].kind, Access::Kind::Write);
    QCOMPARE(s1.accesses[0].array, std::string("C"));
    CHECK_MAP(p, s1.accesses[0].relation, "[ni, nj, nk] -> { S1[i, k, j] -> C[i, j] : " + dom + " }");
    QCOMPARE(s1.accesses[1].kind, Access::Kind::Read);  // the read of `+=`
    CHECK_MAP(p, s1.accesses[1].relation, "[ni, nj, nk] -> { S1[i, k, j] -> C[i, j] : " + dom + " }");
    CHECK_MAP(p, s1.accesses[2].relation, "[ni, nj, nk] -> { S1[i, k, j] -> A[i, k] : " + dom + " }");
    CHECK_MAP(p, s1.accesses[3].relation, "[ni, nj, nk] -> { S1[i, k, j] -> B[k, j] : " + dom + " }");
    QCOMPARE(s1.accesses[2].where.line, 28u);
    QCOMPARE(s1.accesses[2].where.column, 28u);
    QCOMPARE(s1.accesses[3].where.column, 38u);
    QCOMPARE(tree(s1.target), std::string("acc:C(it:i, it:j)"));
    QCOMPARE(s1.target->access_index, 0);
    QCOMPARE(tree(s1.value),
             std::string("bin:*(bin:*(var:alpha, acc:A(it:i, it:k)), acc:B(it:k, it:j))"));
    QCOMPARE(s1.value->args[1]->access_index, 3);
    QCOMPARE(s1.value->args[0]->args[1]->access_index, 2);
    QCOMPARE(s1.value->args[0]->args[0]->type, std::string("double"));
    // Program-level unions.
    QVERIFY(p.writes().is_equal(isl::union_map(
        p.ctx(), "[ni, nj, nk] -> { S0[i, j] -> C[i, j] : 0 <= i < ni and 0 <= j < nj; S1[i, k, j] -> "
                 "C[i, j] : " + dom + " }")));
  }

  void scalarLoopBoundsAndFloatType() {
    CompileOptions options;
    options.defines = {"MB_USE_SCALAR_LB", "DATA_TYPE=float", "NI=8"};
    const Program p = parse("gemm_like.c", options);
    QVERIFY(p.parameters.empty());
    QCOMPARE(str(stmt(p, "S0").domain), std::string("{ S0[i, j] : 0 <= i <= 7 and 0 <= j <= 24 }"));
    QCOMPARE(p.find_array("C")->element_type, std::string("float"));
    QCOMPARE(p.find_array("C")->extents, (std::vector<std::string>{"8", "25"}));
    QCOMPARE(p.options.defines.size(), std::size_t(3));
  }

  void floatLiteralsAsSpelled() {
    CompileOptions options;
    options.defines = {"DATA_TYPE=float", "DATA_TYPE_IS_FLOAT"};
    const Program p = parse("stencil_like.c", options);
    const Statement& s0 = stmt(p, "S0");
    QCOMPARE(tree(s0.value),
             std::string("bin:*(flt:0.33333f, bin:+(bin:+(acc:A(bin:-(it:i, int:1)), acc:A(it:i)), "
                         "acc:A(bin:+(it:i, int:1))))"));
    QCOMPARE(s0.value->args[0]->type, std::string("float"));
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(tree(s1.value),
             std::string("bin:+(call:sqrtf(bin:*(acc:B(it:i), acc:B(it:i))), flt:2.0f)"));
    QCOMPARE(s1.source_text, std::string("A[i] = SQRT_FUN(B[i] * B[i]) + SCALAR_VAL(2.0);"));
    QCOMPARE(str(s0.domain),
             std::string("[tsteps, n] -> { S0[t, i] : 0 <= t < tsteps and 0 < i <= -2 + n }"));
    CHECK_MAP(p, s0.accesses[1].relation,
              "[tsteps, n] -> { S0[t, i] -> A[i - 1] : 0 <= t < tsteps and 0 < i <= -2 + n }");

    const Program d = parse("stencil_like.c");  // double: no suffix
    QCOMPARE(stmt(d, "S0").value->args[0]->text, std::string("0.33333"));
    QCOMPARE(stmt(d, "S1").value->args[0]->text, std::string("sqrt"));
  }

  void variableLengthArrayExtents() {
    CompileOptions options;
    options.defines = {"MB_USE_C99_PROTO"};
    const Program p = parse("stencil_like.c", options);
    QCOMPARE(p.find_array("A")->extents, (std::vector<std::string>{"n + 0"}));
    QCOMPARE(p.find_array("B")->element_type, std::string("double"));
  }

  // ---------------------------------------------------------------- loop shapes
  void minMaxBounds() {
    const Program p = parse("constructs.c");
    const Statement& s0 = stmt(p, "S0");
    CHECK_SET(p, s0.domain,
              "[n, m, k] -> { S0[i, j] : 0 <= i < n and j >= 0 and j >= i - 2 and j <= n - 1 and "
              "j <= i + 2 }");
    QCOMPARE(str(s0.domain),
             std::string("[n, m, k] -> { S0[i, j] : 0 <= i < n and j >= -2 + i and 0 <= j <= 2 + i "
                         "and j < n }"));
  }

  void ternaryBoundAndLoopDeclaredIterator() {
    const Program p = parse("constructs.c");
    const Statement& s4 = stmt(p, "S4");  // inside for (int t = 0; t < (n < m ? n : m); ++t)
    QCOMPARE(str(s4.domain), std::string("[n, m, k] -> { S4[t] : 0 <= t < m and t < n }"));
    QCOMPARE(s4.loops.size(), std::size_t(1));
    QCOMPARE(s4.loops[0].iterator, std::string("t"));
  }

  void decreasingLoops() {
    const Program p = parse("constructs.c");
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(str(s1.domain), std::string("[n, m, k] -> { S1[i] : 0 <= i < n }"));
    QCOMPARE(s1.loops[0].step, -1);
    const Statement& s2 = stmt(p, "S2");  // for (i = n; i > 0; i -= 2)
    QCOMPARE(s2.loops[0].step, -1);
    QCOMPARE(str(s2.domain), std::string("[n, m, k] -> { S2[i] : (n + i) mod 2 = 0 and 0 < i <= n }"));
    QCOMPARE(stmt(p, "S0").loops[0].step, 1);
  }

  void strides() {
    const Program p = parse("constructs.c");
    const Statement& s3 = stmt(p, "S3");  // i = 1; i <= n; i += 3 / j = i; j < m; j = j + 2
    CHECK_SET(p, s3.domain,
              "[n, m, k] -> { S3[i, j] : exists (a, b : i = 1 + 3a and j = i + 2b) and 1 <= i <= n "
              "and i <= j < m }");
    QCOMPARE(s3.loops[0].step, 1);
  }

  void conditionsWithElse() {
    const Program p = parse("constructs.c");
    // if (t % 2 == 0 || t == m - 1) update: ... else if (!(t > k)) S6 else S7
    const std::string loop = "0 <= t < n and t < m";
    CHECK_SET(p, stmt(p, "update").domain,
              "[n, m, k] -> { update[t] : " + loop + " and (t mod 2 = 0 or t = m - 1) }");
    CHECK_SET(p, stmt(p, "S6").domain,
              "[n, m, k] -> { S6[t] : " + loop + " and t mod 2 = 1 and t != m - 1 and t <= k }");
    CHECK_SET(p, stmt(p, "S7").domain,
              "[n, m, k] -> { S7[t] : " + loop + " and t mod 2 = 1 and t != m - 1 and t > k }");
    // if (i != k): a union.
    QCOMPARE(str(stmt(p, "S9").domain),
             std::string("[n, m, k] -> { S9[i] : 0 <= i < n and (i > k or i < k) }"));
    // Positions: the if is transparent, its branches are siblings in the t loop.
    QCOMPARE(stmt(p, "S4").position, ints({4, 0}));
    QCOMPARE(stmt(p, "update").position, ints({4, 1}));
    QCOMPARE(stmt(p, "S6").position, ints({4, 2}));
    QCOMPARE(stmt(p, "S7").position, ints({4, 3}));
  }

  void labelsNameStatements() {
    const Program p = parse("constructs.c");
    std::vector<std::string> names;
    for (const Statement& s : p.statements) names.push_back(s.name);
    QCOMPARE(names, (std::vector<std::string>{"S0", "S1", "S2", "S3", "S4", "update", "S6", "S7",
                                              "S8", "S9", "S10"}));
    const Statement& u = stmt(p, "update");
    QCOMPARE(u.source_text, std::string("C[t] = tmp;"));
    QCOMPARE(u.where.line, 30u);
    QCOMPARE(u.where.column, 15u);
  }

  void topLevelZeroDimensionalStatements() {
    const Program p = parse("constructs.c");
    const Statement& s8 = stmt(p, "S8");  // total = 0.0;
    QVERIFY(s8.loops.empty());
    QCOMPARE(s8.position, ints({5}));
    QCOMPARE(str(s8.domain), std::string("[n, m, k] -> { S8[] }"));
    QCOMPARE(str(s8.accesses[0].relation), std::string("[n, m, k] -> { S8[] -> total[] }"));
    const Statement& s10 = stmt(p, "S10");  // count++;
    QCOMPARE(s10.assign_op, std::string("+="));
    QCOMPARE(tree(s10.value), std::string("int:1"));
    QCOMPARE(s10.accesses.size(), std::size_t(2));
    QCOMPARE(s10.accesses[1].kind, Access::Kind::Read);
    QCOMPARE(str(s10.accesses[1].relation), std::string("[n, m, k] -> { S10[] -> count[] }"));
    QCOMPARE(p.find_array("count")->element_type, std::string("int"));
    QVERIFY(p.find_array("count")->is_scalar());
    // A scalar written in a loop is a 0-d array.
    const Statement& s9 = stmt(p, "S9");
    CHECK_MAP(p, s9.accesses[0].relation,
              "[n, m, k] -> { S9[i] -> total[] : 0 <= i < n and i != k }");
  }

  void scalarsDeclaredInRegion() {
    const Program p = parse("constructs.c");
    const Array* tmp = p.find_array("tmp");
    QVERIFY(tmp);
    QVERIFY(tmp->declared_in_region);
    QVERIFY(tmp->is_scalar());
    QCOMPARE(tmp->element_type, std::string("double"));
    QCOMPARE(tmp->declared_at.line, 28u);
    QVERIFY(!p.find_array("total")->declared_in_region);
    const Statement& s4 = stmt(p, "S4");
    QCOMPARE(s4.source_text, std::string("double tmp = B[t] * 2.0;"));
    QCOMPARE(tree(s4.target), std::string("acc:tmp"));
    QCOMPARE(s4.assign_op, std::string("="));
    QCOMPARE(str(s4.accesses[0].relation),
             std::string("[n, m, k] -> { S4[t] -> tmp[] : 0 <= t < m and t < n }"));
    QVERIFY(!p.find_array("t"));  // iterators are no arrays
  }

  void expressionKinds() {
    const Program p = parse("constructs.c");
    QCOMPARE(tree(stmt(p, "S0").value),
             std::string("bin:*(var:alpha, tern:?:(bin:<(it:i, it:j), acc:B(it:i), acc:B(it:j)))"));
    QCOMPARE(tree(stmt(p, "S7").value), std::string("call:fabs(acc:tmp)"));
    QCOMPARE(tree(stmt(p, "S6").value), std::string("un:-(acc:tmp)"));
    // k appears in a condition, so it is a parameter everywhere.
    QCOMPARE(tree(stmt(p, "S9").value), std::string("bin:*(acc:B(it:i), par:k)"));
    QCOMPARE(tree(stmt(p, "S2").value), std::string("flt:0.5"));
    QCOMPARE(tree(stmt(p, "S3").value), std::string("flt:1.0"));
    // Every access expression points at its access.
    for (const Statement& s : p.statements) {
      std::function<void(const ExprPtr&)> check = [&](const ExprPtr& e) {
        if (e->kind == ExprKind::Access) {
          QVERIFY(e->access_index >= 0 && e->access_index < int(s.accesses.size()));
          QCOMPARE(s.accesses[std::size_t(e->access_index)].array, e->text);
        }
        for (const ExprPtr& a : e->args) check(a);
      };
      check(s.target);
      check(s.value);
      QCOMPARE(s.accesses[std::size_t(s.target->access_index)].kind, Access::Kind::Write);
      QCOMPARE(s.position.size(), s.loops.size() + 1);
    }
  }

  void parametersAndVariables() {
    const std::string source =
        "int n, m, scale;\n"
        "double A[100], w;\n"
        "void f(void) {\n"
        "  int i;\n"
        "#pragma scop\n"
        "  for (i = 0; i < n; i++)\n"
        "    A[i + m] = A[i] * scale + w;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "inline.c", {});
    QCOMPARE(p.parameters, (std::vector<std::string>{"n", "m"}));
    const Statement& s = stmt(p, "S0");
    QCOMPARE(tree(s.target), std::string("acc:A(bin:+(it:i, par:m))"));
    QCOMPARE(tree(s.value), std::string("bin:+(bin:*(acc:A(it:i), var:scale), var:w)"));
    QCOMPARE(str(s.accesses[0].relation), std::string("[n, m] -> { S0[i] -> A[m + i] : 0 <= i < n }"));
    QCOMPARE(str(p.context), std::string("[n, m] -> {  :  }"));
    QCOMPARE(p.file, std::string("inline.c"));
    QCOMPARE(p.source_text, source);
    QCOMPARE(p.region.begin_line, 5u);
    QCOMPARE(p.region.end_line, 8u);
    QCOMPARE(p.region.begin_offset, source.find("#pragma scop"));
    QCOMPARE(p.region.end_offset, source.find("}\n", source.find("#pragma endscop")));
  }

  // A local set once before the region and never changed is its value (TSVC's
  // s173: `int k = LEN_1D / 2;`); one changed anywhere in the function, or
  // whose address is taken, stays a parameter.
  // A condition on data guards each statement under it (its affine conjuncts
  // go into the domain); the statement reads what the guard reads, and a
  // guarded `=` also reads the element it writes (kept where the guard fails).
  void conditionsOnDataGuardStatements() {
    const std::string source =
        "double a[64], b[64], c[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++)\n"
        "    if (i > 2 && b[i] > 0.) {\n"
        "      a[i] = b[i];\n"
        "      c[i] += a[i];\n"
        "    } else\n"
        "      a[i] = 0.;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "guard.c", {});
    QCOMPARE(p.statements.size(), std::size_t(3));
    const Statement& s0 = stmt(p, "S0");
    CHECK_SET(p, s0.domain, "[n] -> { S0[i] : 3 <= i < n }");
    QVERIFY(s0.guard);
    QCOMPARE(tree(s0.guard), std::string("bin:>(acc:b(it:i), flt:0.)"));
    QCOMPARE(s0.source_text, std::string("if (b[i] > 0.) a[i] = b[i];"));
    QCOMPARE(s0.accesses.size(), std::size_t(4));  // a written, b read, b read by the guard, a kept
    QVERIFY(s0.accesses[0].conditional && s0.accesses[1].conditional);
    QVERIFY(!s0.accesses[2].conditional);
    QCOMPARE(s0.accesses[3].kind, Access::Kind::Read);
    QCOMPARE(s0.accesses[3].array, std::string("a"));
    QVERIFY(s0.accesses[3].conditional);
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(s1.accesses.size(), std::size_t(4));  // c written, c and a read, b read by the guard
    QCOMPARE(s1.accesses[3].array, std::string("b"));
    const Statement& s2 = stmt(p, "S2");
    CHECK_SET(p, s2.domain, "[n] -> { S2[i] : 0 <= i < n }");
    QCOMPARE(tree(s2.guard), std::string("un:!(bin:&&(bin:>(it:i, int:2), bin:>(acc:b(it:i), flt:0.)))"));
    QCOMPARE(s2.source_text, std::string("if (!(i > 2 && b[i] > 0.)) a[i] = 0.;"));
    // An affine condition stays in the domain alone.
    const Program affine = parse("constructs.c");
    for (const Statement& s : affine.statements) QVERIFY(!s.guard);
  }

  // Statements under one `if` may write what its condition reads where no
  // later one re-reads it in the same iteration: the last statement, the
  // other branch at another element, or an inner `if` opened after the write.
  void conditionsMayBeWrittenWhereNoStatementRereadsThem() {
    const std::string source =
        "double a[64], x[64][64], y[64][64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++)\n"
        "    if (a[i] > 0.) { y[i][0] = a[i]; a[i] = 0.; }\n"
        "  for (int i = 0; i < n; i++)\n"
        "    for (int j = 1; j < n; j++)\n"
        "      if (x[i][j] > y[i][j - 1]) y[i][j] = 1.; else y[i][j] = y[i][j - 1];\n"
        "  for (int i = 0; i < n; i++)\n"
        "    if (a[i] < 1.) { y[i][2] = a[i] + 1.; if (y[i][2] > 0.5) y[i][1] = a[i]; }\n"
        "  for (int i = 0; i < n; i++)\n"
        "    if (x[0][i] > 0.) for (int j = 1; j < n; j++) x[j][i] = x[j - 1][i] * 0.5;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "rewritten.c", {});
    QCOMPARE(p.statements.size(), std::size_t(7));
    QCOMPARE(tree(stmt(p, "S5").guard),
             std::string("bin:&&(bin:<(acc:a(it:i), flt:1.), bin:>(acc:y(it:i, int:2), flt:0.5))"));
    QVERIFY(!p.find_array("ls_cond0"));  // no condition needed a temporary
  }

  // Where a statement under an `if` changes what its condition reads before
  // another one runs (an else branch after the then branch wrote it, an
  // arg-max, a loop under it), the condition is computed once into an int
  // scalar of the region, and the statements run under that.
  void conditionsChangedUnderThemGoThroughATemporary() {
    const std::string source =
        "double a[64], x[64][64];\n"
        "void f(int n) {\n"
        "  double mx; int at;\n"
        "#pragma scop\n"
        "  mx = a[0];\n"
        "  at = 0;\n"
        "  for (int i = 1; i < n; i++)\n"
        "    if (a[i] > mx) { mx = a[i]; at = i; }\n"
        "  for (int i = 0; i < n; i++)\n"
        "    if (x[0][i] > 0.) for (int j = 0; j < n; j++) x[j][i] = x[j][i] * 0.5;\n"
        "  a[0] = mx + at;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "argmax.c", {});
    QCOMPARE(p.statements.size(), std::size_t(8));
    QCOMPARE(stmt(p, "S2").source_text, std::string("ls_cond0 = a[i] > mx;"));
    QCOMPARE(tree(stmt(p, "S2").value), std::string("bin:>(acc:a(it:i), acc:mx)"));
    QCOMPARE(tree(stmt(p, "S3").guard), std::string("acc:ls_cond0"));
    QCOMPARE(stmt(p, "S4").source_text, std::string("if (ls_cond0) at = i;"));
    QCOMPARE(stmt(p, "S5").source_text, std::string("ls_cond1 = x[0][i] > 0.;"));
    QCOMPARE(stmt(p, "S6").source_text, std::string("if (ls_cond1) x[j][i] = x[j][i] * 0.5;"));
    const Array* held = p.find_array("ls_cond0");
    QVERIFY(held && held->declared_in_region && held->temporary && held->is_scalar());
    QCOMPARE(held->element_type, std::string("int"));
  }

  // A subscript that reads data reaches any element of its dimension: the
  // access is a may-access of all of them (within a numeric extent); an
  // indirect write also reads what it may leave unwritten.
  void indirectSubscriptsAreMayAccessesOfTheWholeDimension() {
    const std::string source =
        "double a[64], b[64], m[8][64];\n"
        "int ip[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++)\n"
        "    a[i] = b[ip[i]] + m[2][ip[i] + 1];\n"
        "  for (int i = 0; i < n; i++)\n"
        "    a[ip[i]] = b[i];\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "indirect.c", {});
    const Statement& s0 = stmt(p, "S0");
    QCOMPARE(s0.accesses.size(), std::size_t(5));  // a, b[*], ip, m[2][*], ip
    CHECK_MAP(p, s0.accesses[0].relation, "[n] -> { S0[i] -> a[i] : 0 <= i < n }");
    QVERIFY(!s0.accesses[0].conditional);
    CHECK_MAP(p, s0.accesses[1].relation, "[n] -> { S0[i] -> b[o] : 0 <= i < n and 0 <= o <= 63 }");
    QVERIFY(s0.accesses[1].conditional);
    CHECK_MAP(p, s0.accesses[2].relation, "[n] -> { S0[i] -> ip[i] : 0 <= i < n }");
    CHECK_MAP(p, s0.accesses[3].relation, "[n] -> { S0[i] -> m[2, o] : 0 <= i < n and 0 <= o <= 63 }");
    QCOMPARE(tree(s0.value), std::string("bin:+(acc:b(acc:ip(it:i)), acc:m(int:2, bin:+(acc:ip(it:i), int:1)))"));
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(s1.accesses[0].kind, Access::Kind::Write);
    QVERIFY(s1.accesses[0].conditional);
    QCOMPARE(s1.accesses[1].kind, Access::Kind::Read);  // what it may leave unwritten
    CHECK_MAP(p, s1.accesses[1].relation, "[n] -> { S1[i] -> a[o] : 0 <= i < n and 0 <= o <= 63 }");
  }

  // A forward goto to a label of the same loop body: each statement runs
  // under the outcomes of the conditions on data that reach it; where every
  // path meets again, the statement runs unguarded.
  void forwardGotosBecomePathConditions() {
    const std::string source =
        "double a[64], b[64], c[64], d[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++) {\n"
        "    if (a[i] > 0.) goto L20;\n"
        "    b[i] = -b[i] + d[i];\n"
        "    if (b[i] <= a[i]) goto L30;\n"
        "    c[i] += d[i];\n"
        "    goto L30;\n"
        "L20:\n"
        "    c[i] = -c[i];\n"
        "L30:\n"
        "    a[i] = b[i] + c[i] * d[i];\n"
        "  }\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "gotos.c", {});
    QCOMPARE(p.statements.size(), std::size_t(4));
    QCOMPARE(stmt(p, "S0").source_text, std::string("if (!(a[i] > 0.)) b[i] = -b[i] + d[i];"));
    QCOMPARE(stmt(p, "S1").source_text, std::string("if (!(a[i] > 0.) && !(b[i] <= a[i])) c[i] += d[i];"));
    QCOMPARE(stmt(p, "L20").source_text, std::string("if (a[i] > 0.) c[i] = -c[i];"));
    QVERIFY(!stmt(p, "L30").guard);
    QCOMPARE(stmt(p, "L30").source_text, std::string("a[i] = b[i] + c[i] * d[i];"));
    // `continue` is a jump to the end of the body: what follows runs on the other paths.
    const Program skip = parse_c_source(
        "double a[64], b[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++) {\n"
        "    if (b[i] == 0.) { a[i] = 0.; continue; }\n"
        "    a[i] = 1. / b[i];\n"
        "  }\n"
        "#pragma endscop\n"
        "}\n",
        "continue.c", {});
    QCOMPARE(skip.statements.size(), std::size_t(2));
    QCOMPARE(stmt(skip, "S1").source_text, std::string("if (!(b[i] == 0.)) a[i] = 1. / b[i];"));
    // A label that a goto jumps to still names the statement after it.
    QVERIFY(p.find_statement("L30"));
    // A condition that a statement past the goto changes is computed once.
    std::string changed = source;
    changed.replace(changed.find("    c[i] += d[i];\n"), 18, "    a[i] += d[i];\n");
    const Program held = parse_c_source(changed, "held.c", {});
    QCOMPARE(stmt(held, "S0").source_text, std::string("ls_cond0 = a[i] > 0.;"));
    QCOMPARE(stmt(held, "S1").source_text, std::string("if (!ls_cond0) b[i] = -b[i] + d[i];"));
    // Jumps out of the loop, or back, stay refused at the goto.
    const std::string first_jump = "    if (a[i] > 0.) goto L20;\n";
    for (const char* jump : {"    if (a[i] > 0.) goto out;\n", "back: d[i] = 0.;\n    if (a[i] > 0.) goto back;\n"}) {
      std::string other = source;
      other.replace(other.find(first_jump), first_jump.size(), jump);
      if (std::string(jump).find("out") != std::string::npos) other.replace(other.find("#pragma endscop"), 0, "out: ;\n");
      try {
        parse_c_source(other, "jump.c", {});
        QFAIL("a jump out of the loop or back was accepted");
      } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("'goto' in a scop") != std::string::npos, e.what());
      }
    }
  }

  // A helper function of the file is inlined where it is called: an
  // expression helper (`return a * b;`) into the statement, a statement
  // helper with its loops into the region, its array parameters standing
  // for the arrays passed and its scalars for the argument expressions.
  void helperFunctionsAreInlined() {
    const std::string source =
        "double a[64], b[64], c[64];\n"
        "static double times(double x, double y) { return x * y; }\n"
        "static void shift_add(double p[64], double q[64], int m) {\n"
        "  for (int i = 0; i < 60; i++)\n"
        "    p[i] = p[i + m] + q[i];\n"
        "}\n"
        "static int nothing(void) { return 0; }\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++) {\n"
        "    c[i] += times(a[i], b[i]);\n"
        "    nothing();\n"
        "  }\n"
        "  shift_add(a, b, 2);\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "helpers.c", {});
    QCOMPARE(p.statements.size(), std::size_t(2));
    QCOMPARE(tree(stmt(p, "S0").value), std::string("bin:*(acc:a(it:i), acc:b(it:i))"));
    const Statement& s1 = stmt(p, "S1");
    CHECK_MAP(p, s1.accesses[1].relation, "{ S1[i] -> a[2 + i] : 0 <= i <= 59 }");
    CHECK_MAP(p, s1.accesses[2].relation, "{ S1[i] -> b[i] : 0 <= i <= 59 }");
    QVERIFY(!p.find_array("p") && !p.find_array("q"));
    // A helper that changes its parameter, or returns early, is refused at its place.
    std::string changes = source;
    changes.replace(changes.find("p[i] = p[i + m] + q[i];"), 23, "m = 1;");
    QVERIFY_THROWS_EXCEPTION(InputError, parse_c_source(changes, "changes.c", {}));
  }

  void localsSetOnceAreKnownValues() {
    const std::string once =
        "double a[64];\n"
        "void f(void) {\n"
        "  int k = 64 / 2;\n"
        "#pragma scop\n"
        "  for (int i = 0; i < 32; i++)\n"
        "    a[i + k] = a[i] + k;\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(once, "once.c", {});
    QVERIFY(p.parameters.empty());
    const Statement& s = stmt(p, "S0");
    CHECK_MAP(p, s.accesses[0].relation, "{ S0[i] -> a[32 + i] : 0 <= i <= 31 }");
    QCOMPARE(tree(s.value), std::string("bin:+(acc:a(it:i), var:k)"));
    for (const char* change : {"  if (a[0] > 0) k = 3;\n", "  k++;\n", "  int* p = &k; (void)p;\n"}) {
      std::string changed = once;
      changed.insert(changed.find("#pragma scop"), change);
      const Program q = parse_c_source(changed, "changed.c", {});
      QCOMPARE(q.parameters, (std::vector<std::string>{"k"}));
    }
  }

  void callsAndStridesInBounds() {
    const std::string source =
        "#include <stdlib.h>\n"
        "static int min(int a, int b) { return a < b ? a : b; }\n"
        "double A[100][100];\n"
        "void f(int n, int m) {\n"
        "#pragma scop\n"
        "  for (int i = -n; i <= n; i += 2)\n"
        "    for (int j = abs(i); j < min(m, 50); j++)\n"
        "      A[i + n][j] = A[j][abs(i)];\n"
        "#pragma endscop\n"
        "}\n";
    const Program p = parse_c_source(source, "calls.c", {});
    const Statement& s = stmt(p, "S0");
    CHECK_SET(p, s.domain,
              "[n, m] -> { S0[i, j] : exists (e : i = -n + 2e) and -n <= i <= n and j >= i and "
              "j >= -i and j < m and j < 50 }");
    const isl::map expected =
        isl::map(p.ctx(), "[n, m] -> { S0[i, j] -> A[j, i] : i >= 0; S0[i, j] -> A[j, -i] : i < 0 }")
            .intersect_domain(s.domain);
    QVERIFY2(s.accesses[1].relation.is_equal(expected), str(s.accesses[1].relation).c_str());
    QCOMPARE(tree(s.value), std::string("acc:A(it:j, call:abs(it:i))"));
  }

  // ---------------------------------------------------------------- chained assignments
  // `x = y = e;` is `y = e;` then `x = y;`: one statement per assignment, in
  // the order C runs them, each with its own name, position and accesses.
  void chainedAssignmentsAreSplit() {
    const Program p = parse("chains.c");
    std::vector<std::string> names;
    for (const Statement& s : p.statements) names.push_back(s.name);
    QCOMPARE(names, (std::vector<std::string>{"S0", "S1", "S2", "S3", "S4", "S5", "first", "S7",
                                              "S8", "S9", "S10", "S11", "S12", "S13"}));
    // a = b = ZERO;  ->  S0: b = 0.0;  S1: a = b;
    const Statement& s0 = stmt(p, "S0");
    const Statement& s1 = stmt(p, "S1");
    QCOMPARE(tree(s0.target), std::string("acc:b"));
    QCOMPARE(tree(s0.value), std::string("flt:0.0"));
    QCOMPARE(s0.source_text, std::string("b = ZERO;"));
    QCOMPARE(s0.where.line, 13u);
    QCOMPARE(s0.where.column, 7u);
    QCOMPARE(s0.position, ints({0}));
    QCOMPARE(tree(s1.target), std::string("acc:a"));
    QCOMPARE(tree(s1.value), std::string("acc:b"));
    QCOMPARE(s1.assign_op, std::string("="));
    QCOMPARE(s1.source_text, std::string("a = b;"));
    QCOMPARE(s1.where.line, 13u);
    QCOMPARE(s1.where.column, 3u);
    QCOMPARE(s1.position, ints({1}));
    QCOMPARE(s1.accesses.size(), std::size_t(2));
    QCOMPARE(s1.accesses[0].kind, Access::Kind::Write);
    QCOMPARE(str(s1.accesses[0].relation), std::string("[n] -> { S1[] -> a[] }"));
    QCOMPARE(s1.accesses[1].kind, Access::Kind::Read);
    QCOMPARE(str(s1.accesses[1].relation), std::string("[n] -> { S1[] -> b[] }"));
    QCOMPARE(s1.accesses[1].where.column, 7u);
    QCOMPARE(str(s1.domain), std::string("[n] -> { S1[] }"));
  }

  void chainedArrayElementsInLoops() {
    const Program p = parse("chains.c");
    // A[i][i] = B[i + 1] = C[i] = a * i;  (line 16): three statements, innermost first.
    const Statement& s3 = stmt(p, "S3");
    const Statement& s4 = stmt(p, "S4");
    const Statement& s5 = stmt(p, "S5");
    QCOMPARE(s3.position, ints({2, 1}));
    QCOMPARE(s4.position, ints({2, 2}));
    QCOMPARE(s5.position, ints({2, 3}));
    for (const Statement* s : {&s3, &s4, &s5}) {
      CHECK_SET(p, s->domain, "[n] -> { " + s->name + "[i] : 0 <= i < n }");
      QCOMPARE(s->loops.size(), std::size_t(1));
      QCOMPARE(s->loops[0].id, stmt(p, "S2").loops[0].id);
      QCOMPARE(s->where.line, 16u);
    }
    QCOMPARE(s3.where.column, 26u);
    QCOMPARE(s4.where.column, 15u);
    QCOMPARE(s5.where.column, 5u);
    QCOMPARE(s3.source_text, std::string("C[i] = a * i;"));
    QCOMPARE(s4.source_text, std::string("B[i + 1] = C[i];"));
    QCOMPARE(s5.source_text, std::string("A[i][i] = B[i + 1];"));
    QCOMPARE(tree(s3.value), std::string("bin:*(acc:a, it:i)"));
    QCOMPARE(tree(s4.target), std::string("acc:B(bin:+(it:i, int:1))"));
    QCOMPARE(tree(s4.value), std::string("acc:C(it:i)"));
    QCOMPARE(tree(s5.target), std::string("acc:A(it:i, it:i)"));
    QCOMPARE(tree(s5.value), std::string("acc:B(bin:+(it:i, int:1))"));
    // Each reads back what the one before it wrote.
    QCOMPARE(s4.accesses.size(), std::size_t(2));
    CHECK_MAP(p, s4.accesses[0].relation, "[n] -> { S4[i] -> B[i + 1] : 0 <= i < n }");
    QCOMPARE(s4.accesses[1].kind, Access::Kind::Read);
    CHECK_MAP(p, s4.accesses[1].relation, "[n] -> { S4[i] -> C[i] : 0 <= i < n }");
    QCOMPARE(s4.accesses[1].where.column, 26u);
    QCOMPARE(s5.accesses.size(), std::size_t(2));
    CHECK_MAP(p, s5.accesses[0].relation, "[n] -> { S5[i] -> A[i, i] : 0 <= i < n }");
    CHECK_MAP(p, s5.accesses[1].relation, "[n] -> { S5[i] -> B[i + 1] : 0 <= i < n }");
    QCOMPARE(s5.accesses[1].where.column, 15u);
    QCOMPARE(s5.value->access_index, 1);

    // first: A[i][j] += (f = B[j]);  the label names the innermost assignment.
    const Statement& first = stmt(p, "first");
    const Statement& s7 = stmt(p, "S7");
    QCOMPARE(tree(first.target), std::string("acc:f"));
    QCOMPARE(tree(first.value), std::string("acc:B(it:j)"));
    QCOMPARE(first.source_text, std::string("f = B[j];"));
    QCOMPARE(first.where.line, 18u);
    QCOMPARE(first.where.column, 26u);
    QCOMPARE(first.position, ints({2, 4, 0}));
    QCOMPARE(s7.position, ints({2, 4, 1}));
    CHECK_SET(p, first.domain, "[n] -> { first[i, j] : 0 <= j < i < n }");
    CHECK_SET(p, s7.domain, "[n] -> { S7[i, j] : 0 <= j < i < n }");
    QCOMPARE(s7.assign_op, std::string("+="));
    QCOMPARE(s7.source_text, std::string("A[i][j] += f;"));
    QCOMPARE(s7.where.column, 14u);
    QCOMPARE(tree(s7.value), std::string("acc:f"));
    // Write of the target, read of `+=`, then the read back.
    QCOMPARE(s7.accesses.size(), std::size_t(3));
    CHECK_MAP(p, s7.accesses[0].relation, "[n] -> { S7[i, j] -> A[i, j] : 0 <= j < i < n }");
    QCOMPARE(s7.accesses[1].kind, Access::Kind::Read);
    CHECK_MAP(p, s7.accesses[1].relation, "[n] -> { S7[i, j] -> A[i, j] : 0 <= j < i < n }");
    QCOMPARE(s7.accesses[2].kind, Access::Kind::Read);
    CHECK_MAP(p, s7.accesses[2].relation, "[n] -> { S7[i, j] -> f[] : 0 <= j < i < n }");
  }

  void chainedConversionsDeclarationsAndCompoundOperators() {
    const Program p = parse("chains.c");
    // count = f = 2.5;  the int reads the float back: the conversion to float stays.
    const Statement& s8 = stmt(p, "S8");
    const Statement& s9 = stmt(p, "S9");
    QCOMPARE(tree(s8.target), std::string("acc:f"));
    QCOMPARE(tree(s8.value), std::string("flt:2.5"));
    QCOMPARE(tree(s9.target), std::string("acc:count"));
    QCOMPARE(tree(s9.value), std::string("acc:f"));
    QCOMPARE(s9.value->type, std::string("float"));
    QCOMPARE(s9.target->type, std::string("int"));
    QCOMPARE(s8.position, ints({3}));
    QCOMPARE(s9.position, ints({4}));
    // double t = b = B[0];  the declaration reads b back.
    const Statement& s10 = stmt(p, "S10");
    const Statement& s11 = stmt(p, "S11");
    QCOMPARE(s10.source_text, std::string("b = B[0];"));
    QCOMPARE(s10.where.column, 14u);
    QCOMPARE(str(s10.accesses[1].relation), std::string("[n] -> { S10[] -> B[0] }"));
    QCOMPARE(s11.source_text, std::string("double t = b;"));
    QCOMPARE(s11.where.column, 3u);
    QCOMPARE(tree(s11.target), std::string("acc:t"));
    QCOMPARE(tree(s11.value), std::string("acc:b"));
    QVERIFY(p.find_array("t")->declared_in_region);
    // a = b *= t;  the value of `b *= t` is b's new value.
    const Statement& s12 = stmt(p, "S12");
    const Statement& s13 = stmt(p, "S13");
    QCOMPARE(s12.assign_op, std::string("*="));
    QCOMPARE(s12.source_text, std::string("b *= t;"));
    QCOMPARE(s12.accesses.size(), std::size_t(3));
    QCOMPARE(s13.assign_op, std::string("="));
    QCOMPARE(tree(s13.value), std::string("acc:b"));
    QCOMPARE(s13.source_text, std::string("a = b;"));
    QCOMPARE(s13.position, ints({8}));
    QCOMPARE(str(s13.accesses[1].relation), std::string("[n] -> { S13[] -> b[] }"));
    // Arrays in order of first use; the chain's targets are all written.
    std::vector<std::string> arrays;
    for (const Array& a : p.arrays) arrays.push_back(a.name);
    QCOMPARE(arrays, (std::vector<std::string>{"b", "a", "C", "B", "A", "f", "count", "t"}));
    QCOMPARE(p.parameters, (std::vector<std::string>{"n"}));
    QVERIFY(p.writes().is_equal(isl::union_map(
        p.ctx(),
        "[n] -> { S0[] -> b[]; S1[] -> a[]; S2[i] -> C[i] : 0 <= i < n; "
        "S3[i] -> C[i] : 0 <= i < n; S4[i] -> B[i + 1] : 0 <= i < n; "
        "S5[i] -> A[i, i] : 0 <= i < n; first[i, j] -> f[] : 0 <= j < i < n; "
        "S7[i, j] -> A[i, j] : 0 <= j < i < n; S8[] -> f[]; S9[] -> count[]; "
        "S10[] -> b[]; S11[] -> t[]; S12[] -> b[]; S13[] -> a[] }")));
  }

  // The PolyBench deriche prologue: `a1 = a5 = k;` ... `c1 = c2 = 1;`.
  void chainedAssignmentsInDeriche() {
    const std::string dir = std::string(LOOPSCAPE_TEST_DATA) + "/polybench";
    CompileOptions options;
    options.include_dirs = {dir + "/utilities", dir + "/medley/deriche"};
    options.defines = {"MINI_DATASET"};
    const Program p = parse_c_file(dir + "/medley/deriche/deriche.c", options);
    // k = ...; then a5 = k; a1 = a5; a6 = ...; a2 = a6; ...
    QCOMPARE(tree(stmt(p, "S1").target), std::string("acc:a5"));
    QCOMPARE(tree(stmt(p, "S1").value), std::string("acc:k"));
    QCOMPARE(tree(stmt(p, "S2").target), std::string("acc:a1"));
    QCOMPARE(tree(stmt(p, "S2").value), std::string("acc:a5"));
    QCOMPARE(stmt(p, "S2").source_text, std::string("a1 = a5;"));
    QCOMPARE(tree(stmt(p, "S11").target), std::string("acc:c2"));
    QCOMPARE(tree(stmt(p, "S11").value), std::string("int:1"));
    QCOMPARE(tree(stmt(p, "S12").target), std::string("acc:c1"));
    QCOMPARE(tree(stmt(p, "S12").value), std::string("acc:c2"));
    for (int k = 0; k <= 12; ++k)
      QCOMPARE(stmt(p, "S" + std::to_string(k)).position, ints({k}));
  }

  // ---------------------------------------------------------------- division
  void divisionByConstants() {
    const Program p = parse("division.c");
    // n / 2 in a bound: floor, since both agree on the loop's iterations.
    QCOMPARE(str(stmt(p, "S0").domain), std::string("[n] -> { S0[i] : i >= 0 and 2i <= -2 + n }"));
    CHECK_MAP(p, stmt(p, "S0").accesses[0].relation,
              "[n] -> { S0[i] -> A[floor(i / 3)] : 0 <= i and 2i <= n - 2 }");
    CHECK_MAP(p, stmt(p, "S0").accesses[1].relation,
              "[n] -> { S0[i] -> B[i mod 4] : 0 <= i and 2i <= n - 2 }");
    // Negative numerators: C truncates toward zero.
    CHECK_MAP(p, stmt(p, "S1").accesses[0].relation,
              "[n] -> { S1[i] -> A[floor(i / 2) + n] : 0 <= i < n; "
              "S1[i] -> A[-floor(-i / 2) + n] : -n <= i < 0 }");
    CHECK_MAP(p, stmt(p, "S1").accesses[1].relation,
              "[n] -> { S1[i] -> B[(i mod 3) + 2] : 0 <= i < n; "
              "S1[i] -> B[-((-i) mod 3) + 2] : -n <= i < 0 }");
    // A != bound under a guard that makes it terminate.
    QCOMPARE(str(stmt(p, "S2").domain), std::string("[n] -> { S2[i] : 0 <= i < n }"));
  }

  // ---------------------------------------------------------------- whole function
  void wholeFunctionBody() {
    CompileOptions options;
    options.function = "seidel";
    const Program p = parse("function_body.c", options);
    QVERIFY(p.region.whole_function_body);
    QCOMPARE(p.region.function, std::string("seidel"));
    QCOMPARE(p.region.begin_line, 6u);
    QCOMPARE(p.region.end_line, 12u);
    const std::string body =
        p.source_text.substr(p.region.begin_offset, p.region.end_offset - p.region.begin_offset);
    QVERIFY(body.rfind("\n  int t, i, j;\n", 0) == 0);
    QVERIFY(body.size() > 0 && body.back() == '\n');
    QCOMPARE(p.source_text[p.region.begin_offset - 1], '{');
    QCOMPARE(p.source_text[p.region.end_offset], '}');
    QCOMPARE(p.statements.size(), std::size_t(1));
    QCOMPARE(str(stmt(p, "S0").domain),
             std::string("[tsteps, n] -> { S0[t, i, j] : 0 <= t < tsteps and 0 < i <= -2 + n and 0 < j "
                         "<= -2 + n }"));
    QCOMPARE(stmt(p, "S0").accesses.size(), std::size_t(6));
    QCOMPARE(p.find_array("A")->extents, (std::vector<std::string>{"40", "40"}));
    QCOMPARE(tree(stmt(p, "S0").value->args[1]), std::string("flt:5.0"));
  }

  void benchmarkKernelsAsFunctions() {
    CompileOptions options;
    options.function = "kernel_nussinov";
    const Program nus = parse("kernels.c", options);
    QCOMPARE(nus.statements.size(), std::size_t(5));
    QCOMPARE(nus.parameters, (std::vector<std::string>{"n"}));
    QCOMPARE(stmt(nus, "S0").loops[0].step, -1);
    CHECK_SET(nus, stmt(nus, "S0").domain, "[n] -> { S0[i, j] : 0 <= i < j < n }");
    CHECK_SET(nus, stmt(nus, "S3").domain, "[n] -> { S3[i, j] : j = i + 1 and 0 <= i <= n - 2 }");
    CHECK_SET(nus, stmt(nus, "S4").domain, "[n] -> { S4[i, j, k] : 0 <= i < k < j < n }");
    QCOMPARE(stmt(nus, "S4").position, ints({0, 0, 4, 0}));
    QCOMPARE(nus.find_array("seq")->element_type, std::string("char"));
    // match(...) and max_score(...) are macros: ternaries over array values.
    QCOMPARE(tree(stmt(nus, "S2").value->args[1]),
             std::string("acc:table(it:i, it:j)"));
    QCOMPARE(stmt(nus, "S2").value->kind, ExprKind::Ternary);

    options.function = "kernel_correlation";
    const Program cor = parse("kernels.c", options);
    QCOMPARE(cor.parameters, (std::vector<std::string>{"m", "n"}));
    QCOMPARE(cor.statements.size(), std::size_t(14));
    QVERIFY(cor.find_array("eps")->declared_in_region);
    QCOMPARE(tree(stmt(cor, "S3").value), std::string("var:float_n"));
    QCOMPARE(tree(stmt(cor, "S8").value),
             std::string("tern:?:(bin:<=(acc:stddev(it:j), acc:eps), flt:1.0, acc:stddev(it:j))"));
    const Statement& last = stmt(cor, "S13");
    QCOMPARE(last.position, ints({4}));
    QCOMPARE(str(last.accesses[0].relation), std::string("[m, n] -> { S13[] -> corr[-1 + m, -1 + m] }"));

    options.function = "kernel_adi";
    const Program adi = parse("kernels.c", options);
    QCOMPARE(tree(stmt(adi, "S0").value), std::string("bin:/(flt:1.0, cast:double(par:n))"));
    QCOMPARE(adi.parameters, (std::vector<std::string>{"tsteps", "n"}));

    options.function = "kernel_floyd_warshall";
    const Program fw = parse("kernels.c", options);
    QCOMPARE(fw.find_array("path")->element_type, std::string("int"));
    QCOMPARE(stmt(fw, "S0").accesses.size(), std::size_t(7));  // 1 write, 6 reads

    options.function = "kernel_durbin";
    const Program dur = parse("kernels.c", options);
    const Array* z = dur.find_array("z");
    QVERIFY(z && z->declared_in_region);
    QCOMPARE(z->extents, (std::vector<std::string>{"60"}));
    QCOMPARE(tree(stmt(dur, "S3").value),
             std::string("bin:*(bin:-(int:1, bin:*(acc:alpha, acc:alpha)), acc:beta)"));
    CHECK_MAP(dur, stmt(dur, "S5").accesses[2].relation,
              "[n] -> { S5[k, i] -> r[k - i - 1] : 0 <= i < k < n }");

    options.function = "kernel_deriche";
    const Program der = parse("kernels.c", options);
    QCOMPARE(der.statements.size(), std::size_t(11));
    QCOMPARE(tree(stmt(der, "S2").value), std::string("call:pow(flt:2.0, un:-(var:alpha))"));
  }

  // ---------------------------------------------------------------- options, errors
  void includeDirectoriesAndDefines() {
    const std::string source =
        "#include \"minibench.h\"\n"
        "void f(int n, DATA_TYPE MB_1D(x, LEN, n)) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < LEN; i++)\n"
        "    x[i] = SCALAR_VAL(1.25);\n"
        "#pragma endscop\n"
        "}\n";
    CompileOptions options;
    options.include_dirs = {std::string(LOOPSCAPE_TEST_DATA) + "/frontend"};
    options.defines = {"LEN=12", "DATA_TYPE=float", "DATA_TYPE_IS_FLOAT"};
    const Program p = parse_c_source(source, "memory.c", options);
    QCOMPARE(str(stmt(p, "S0").domain), std::string("{ S0[i] : 0 <= i <= 11 }"));
    QCOMPARE(tree(stmt(p, "S0").value), std::string("flt:1.25f"));
    QCOMPARE(p.find_array("x")->extents, (std::vector<std::string>{"12"}));
    QCOMPARE(p.find_array("x")->element_type, std::string("float"));
  }

  void islQuotaBecomesIslError() {
    auto isl = std::make_shared<IslContext>(1);
    bool caught = false;
    try {
      parse_c_file(data_path("constructs.c"), {}, isl);
    } catch (const IslError& e) {
      caught = true;
      QVERIFY(e.quota_exceeded());
    }
    QVERIFY(caught);
  }

  void missingFileIsInputError() {
    bool caught = false;
    try {
      parse_c_file(data_path("does_not_exist.c"), {});
    } catch (const InputError& e) {
      caught = true;
      QCOMPARE(e.where().file, data_path("does_not_exist.c"));
    }
    QVERIFY(caught);
  }
};

QTEST_APPLESS_MAIN(TestFrontend)
#include "test_frontend.moc"
