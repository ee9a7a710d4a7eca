// SPDX-License-Identifier: Apache-2.0
// Commands' typed parameter lists (commands/parameters.h): every command
// describes itself, calls are checked against the description before the
// command runs (accepted next to refused), and the reference the CLI prints
// is made from it.
#include <QtTest>

#include <set>

#include "command_test_support.h"
#include "commands/command_reference.h"
#include "commands/loop_resolution.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<const Command*> every_form() {
  std::vector<const Command*> out = all_commands(CommandTarget::Statement);
  for (const Command* c : all_commands(CommandTarget::Node)) out.push_back(c);
  return out;
}

}  // namespace

class TestCommandParameters : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyCommandDescribesItsParameters() {
    const std::vector<const Command*> forms = every_form();
    QVERIFY(forms.size() >= 35);
    for (const Command* c : forms) {
      const std::vector<CommandSyntax> syntaxes = c->syntaxes();
      QVERIFY2(!syntaxes.empty(), c->name().c_str());
      for (const CommandSyntax& s : syntaxes) {
        std::set<std::string> names;
        for (const auto* list : {&s.required, &s.optional}) {
          for (const CommandParameter& p : *list) {
            QVERIFY2(names.insert(p.name).second, (c->name() + ": " + p.name + " twice").c_str());
            QVERIFY2(!p.what.empty(), (c->name() + ": " + p.name + " says nothing").c_str());
            if (p.kind == ParameterKind::Size || p.kind == ParameterKind::Integer) {
              if (p.proposal.empty()) continue;
              QVERIFY2(looks_like_integer(p.proposal), (c->name() + ": " + p.proposal).c_str());
              if (p.kind == ParameterKind::Size) QVERIFY(std::stol(p.proposal) > 0);
            } else {
              QVERIFY2(p.proposal.empty(), (c->name() + ": only numbers have proposals").c_str());
            }
          }
        }
        QVERIFY(contains(c->signature(), s.text(c->name())));
      }
    }
  }

  void signaturesAreWrittenFromTheParameters() {
    QCOMPARE(find_command("split", CommandTarget::Statement)->signature(), std::string("split(L, S [, Lo, Li])"));
    QCOMPARE(find_command("gpu_auto", CommandTarget::Statement)->signature(), std::string("gpu_auto([sy, sx])"));
    QCOMPARE(find_command("fuse", CommandTarget::Node)->signature(), std::string("fuse(C1, C2, ... [, F])"));
    QCOMPARE(find_command("skew", CommandTarget::Statement)->signature(),
             std::string("skew(L1, L2, f [, N1, N2]) or skew(L1, L2, a, b [, N1, N2])"));
  }

  void argumentCountsComeFromTheSyntaxes() {
    const CommandSyntax split = find_command("split", CommandTarget::Statement)->syntaxes().front();
    QVERIFY(split.accepts(2));
    QVERIFY(split.accepts(4));
    QVERIFY(!split.accepts(3));  // optional names come together or not at all
    QVERIFY(!split.accepts(5));
    const CommandSyntax fuse = find_command("fuse", CommandTarget::Node)->syntaxes().front();
    QVERIFY(fuse.variadic());
    QVERIFY(fuse.accepts(3));
    QVERIFY(!fuse.accepts(0));
  }

  void callsAreCheckedBeforeTheCommandRuns() {
    const LoadedProgram l = load_sample("matmul.c");
    // Accepted: the sizes are positive integers.
    QVERIFY(!apply_command(l, l.original_schedule, "S1.split(j, 8)").description.empty());
    QVERIFY(!apply_command(l, l.original_schedule, "S1.shift(j, -2)").description.empty());
    // Refused, at the argument, naming it as its parameter does.
    std::string why = input_error([&] { apply_command(l, l.original_schedule, "S1.split(j, 0)"); });
    QVERIFY2(contains(why, "script:1:13") && contains(why, "the split size must be positive"), why.c_str());
    why = input_error([&] { apply_command(l, l.original_schedule, "S1.shift(j, two)"); });
    QVERIFY2(contains(why, "the shift must be an integer, not 'two'"), why.c_str());
    why = input_error([&] { apply_command(l, l.original_schedule, "S1.tile(i, j, 32, x)"); });
    QVERIFY2(contains(why, "the tile size of j must be an integer"), why.c_str());
    // A count no syntax accepts names every syntax.
    why = input_error([&] { apply_command(l, l.original_schedule, "S1.split(j, 8, jo)"); });
    QVERIFY2(contains(why, "split takes split(L, S [, Lo, Li]); got 3 arguments"), why.c_str());
    why = input_error([&] { apply_command(l, l.original_schedule, "S1.skew(i, j)"); });
    QVERIFY2(contains(why, "skew(L1, L2, f [, N1, N2]) or skew(L1, L2, a, b [, N1, N2])"), why.c_str());
  }

  void theReferenceListsEveryCommandAndItsParameters() {
    const std::string overview = commands_overview();
    for (const Command* c : all_commands(CommandTarget::Statement)) QVERIFY(contains(overview, "S." + c->name()));
    for (const Command* c : all_commands(CommandTarget::Node)) QVERIFY(contains(overview, "N." + c->name()));
    const std::string tile = command_reference("tile");
    QVERIFY2(contains(tile, "S.tile(L1, L2, S1, S2 [, L1o, L2o, L1i, L2i])"), tile.c_str());
    QVERIFY2(contains(tile, "N.tile(s1, s2, ... [, G])"), tile.c_str());
    QVERIFY2(contains(tile, "S1           size           the tile size of L1 (the form proposes 32)"), tile.c_str());
    QVERIFY(command_reference("frobnicate").empty());
  }
};

QTEST_GUILESS_MAIN(TestCommandParameters)
#include "test_command_parameters.moc"
