// SPDX-License-Identifier: Apache-2.0
// The C front-end refuses what the model cannot represent: one input per
// construct under tests/data/frontend/errors/, checked for the message and
// the exact line and column.
#include <QtTest>

#include <string>

#include "frontend/frontend.h"
#include "support/error.h"

using namespace loopscape;

namespace {

void row(const char* name, int line, int column, const char* fragment) {
  QTest::newRow(name) << QString(name) << line << column << QString::fromUtf8(fragment);
}

}  // namespace

class TestFrontendErrors : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void refusedConstructs_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("fragment");
    row("address_of", 9, 21, "address-of '&B[i]'");
    row("alias_pointer", 8, 5, "'q' is a pointer (double *)");
    // Chains `x = y = e` are split; an assignment inside another expression is not.
    row("assign_in_expr", 9, 16, "assignment inside an expression: 'B[i] = 0.0'");
    row("bound_data", 8, 19, "non-affine loop bound: 'idx[0]' reads an array element");
    row("bound_product", 9, 21, "non-affine loop bound: 'i * n' multiplies two non-constant expressions");
    row("break", 10, 5, "'break' in a scop");
    row("call_statement", 9, 5, "call to 'free' as a statement: calls may have side effects");
    row("call_unknown", 9, 12, "call to 'rand': only side-effect-free math functions");
    row("call_user_function", 10, 12, "call to 'helper': only side-effect-free math functions");
    row("chain_increment", 9, 22, "assignment inside an expression: 'x++'");
    row("chain_nested_assign", 9, 29, "assignment inside an expression: 'x = 1.0'");
    row("comma", 9, 15, "comma operator");
    row("compile_error", 7, 12, "use of undeclared identifier 'undeclared_value'");
    row("continue", 10, 7, "'continue' in a scop");
    row("divide_by_variable", 9, 7, "non-affine subscript: 'i / n' divides by a non-constant expression");
    row("do_while", 8, 3, "'do'-'while' loop in a scop");
    row("endless_for_some_parameters", 11, 3, "the loop condition never becomes false when [n] -> {  : n < 0 }");
    row("endscop_other_block", 8, 1, "'#pragma endscop' is not in the block that '#pragma scop' (line 5) opens");
    row("float_iterator", 8, 8, "loop iterator 'x' has type double: iterators must be integers");
    row("goto", 10, 5, "'goto' in a scop");
    row("increment_in_expr", 9, 12, "assignment inside an expression: 'x++'");
    row("iterator_after_loop", 10, 5, "loop iterator 'i' is used outside the loops it iterates");
    row("iterator_written", 10, 5, "loop iterator 'i' is written in the loop body");
    row("label_on_loop", 8, 1, "label 'S0' is not in front of an assignment");
    row("missing_header", 2, 10, "'no_such_header.h' file not found");
    row("modulo_by_variable", 9, 21, "non-affine loop bound: 'i % n' divides by a non-constant expression");
    row("no_condition", 8, 3, "'for' loop without a condition");
    row("no_endscop", 5, 1, "'#pragma scop' without a '#pragma endscop'");
    row("no_scop", 0, 0, "no '#pragma scop' in this file");
    row("non_terminating", 8, 3, "the loop condition never becomes false: the loop would not terminate");
    row("pointer_arith_read", 9, 12, "pointer dereference '*(B + i)'");
    row("pointer_deref_write", 9, 5, "write through the pointer dereference '*p'");
    row("pointer_subscript", 9, 5, "'p' is a pointer (double *)");
    row("return", 10, 17, "'return' in a scop");
    row("step_multiply", 8, 22, "unsupported loop increment 'i *= 2'");
    row("step_variable", 8, 27, "loop step 'j' is not an integer constant");
    row("struct_member", 8, 5, "write to the structure member 'P[i].x'");
    row("switch", 9, 5, "'switch' in a scop");
    row("while", 9, 3, "'while' loop in a scop");
    row("written_scalar_bound", 9, 19, "non-affine loop bound: 'j' is assigned in the region");
    row("wrong_increment", 8, 22, "the loop increment 'j++' does not update the iterator 'i'");
  }

  void refusedConstructs() {
    QFETCH(QString, name);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, fragment);
    const std::string path =
        std::string(LOOPSCAPE_TEST_DATA) + "/frontend/errors/" + name.toStdString() + ".c";
    bool caught = false;
    try {
      parse_c_file(path, {});
    } catch (const InputError& e) {
      caught = true;
      const std::string message = e.message();
      QVERIFY2(message.find(fragment.toStdString()) != std::string::npos, e.what());
      QCOMPARE(e.where().file, path);
      QCOMPARE(int(e.where().line), line);
      QCOMPARE(int(e.where().column), column);
      // what() is "file:line:column: message" (only "file: message" without a place).
      std::string prefix = path;
      if (line) prefix += ":" + std::to_string(line) + ":" + std::to_string(column);
      QCOMPARE(std::string(e.what()), prefix + ": " + message);
    } catch (const std::exception& e) {
      QFAIL((std::string("not an InputError: ") + e.what()).c_str());
    }
    QVERIFY2(caught, "the input was accepted");
  }

  // The same refusals from text in memory carry the display name.
  void inMemorySourceUsesDisplayName() {
    const std::string source =
        "double A[10];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 0; i < n; i++)\n"
        "    while (n) A[i] = 0;\n"
        "#pragma endscop\n"
        "}\n";
    try {
      parse_c_source(source, "snippet.c", {});
      QFAIL("accepted a while loop");
    } catch (const InputError& e) {
      QCOMPARE(e.where().file, std::string("snippet.c"));
      QCOMPARE(e.where().line, 5u);
      QCOMPARE(e.where().column, 5u);
      QVERIFY(std::string(e.what()).rfind("snippet.c:5:5: 'while' loop", 0) == 0);
    }
  }

  void unknownFunctionOption() {
    CompileOptions options;
    options.function = "no_such_function";
    try {
      parse_c_file(std::string(LOOPSCAPE_TEST_DATA) + "/frontend/function_body.c", options);
      QFAIL("accepted a missing function");
    } catch (const InputError& e) {
      QVERIFY(e.message().find("'no_such_function'") != std::string::npos);
      QCOMPARE(e.where().line, 0u);
    }
  }

  void badDefineIsReported() {
    CompileOptions options;
    options.defines = {"NJ=(]"};  // a syntax error where NJ is used
    const std::string path = std::string(LOOPSCAPE_TEST_DATA) + "/frontend/gemm_like.c";
    try {
      parse_c_file(path, options);
      QFAIL("accepted a broken macro");
    } catch (const InputError& e) {
      // Reported in the file where the macro is used, not in the command line.
      QCOMPARE(e.where().file, path);
      QVERIFY(e.where().line >= 19 && e.where().line <= 20);
    }
  }
};

QTEST_APPLESS_MAIN(TestFrontendErrors)
#include "test_frontend_errors.moc"
