// SPDX-License-Identifier: Apache-2.0
// The window does not wait for code it does not show (issue 24): a command's
// views (tree, plot, dependences, legality) come first with the code pending,
// the tab in view gets its code before the other targets, the other tabs
// follow, and undo of a step already computed answers with everything at
// once. A newer command drops the code of the older one.
#include <QtTest>

#include <algorithm>
#include <memory>
#include <vector>

#include "code_view.h"
#include "directives/omp_directives.h"
#include "command_test_support.h"
#include "engine_worker.h"
#include "main_window.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

long pendingCount(const Snapshot& s) {
  return std::count_if(s.code.begin(), s.code.end(), [](const CodeInfo& c) { return c.pending; });
}

// What the worker answered to one request.
struct Answers {
  std::shared_ptr<const Snapshot> views;
  std::vector<std::shared_ptr<const Snapshot>> code;
  std::vector<quint64> code_generations;
};

template <typename Request>
Answers answersTo(MainWindow& window, Request request) {
  EngineWorker* worker = window.worker();
  Answers a;
  quint64 generation = 0;
  auto views = QObject::connect(worker, &EngineWorker::resultReady, [&](const EngineResult& r) {
    if (r.generation == generation) a.views = r.snapshot;
  });
  auto code = QObject::connect(worker, &EngineWorker::codeReady, [&](quint64 g, std::shared_ptr<const Snapshot> s) {
    a.code_generations.push_back(g);
    if (g == generation) a.code.push_back(std::move(s));
  });
  generation = request(*worker);
  worker->waitForIdle(120000);
  QObject::disconnect(views);
  QObject::disconnect(code);
  return a;
}

}  // namespace

class TestGuiCodePending : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // The OpenMP 6.0 tab: the user's file with the steps as directives, or the steps that have none.
  void ompDirectivesTabShowsTheUsersFile() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    QVERIFY(window.worker()->waitForIdle(120000));
    auto* code_view = window.findChild<CodeView*>(QStringLiteral("codeView"));
    QVERIFY(code_view);
    Answers a = answersTo(window, [](EngineWorker& w) { return w.apply(parse_call("S1.tile(i, j, 16, 16, i0, j0, i1, j1)")); });
    QVERIFY(!a.code.empty());
    const CodeInfo* directives = a.code.back()->findCode(kOmpDirectivesCode);
    QVERIFY(directives && !directives->pending);
    QVERIFY2(directives->error.empty(), directives->error.c_str());
    QVERIFY2(QString::fromStdString(directives->text).contains(QStringLiteral("#pragma omp tile sizes(16, 16)")),
             directives->text.c_str());
    QVERIFY(code_view->targets().contains(QString::fromLatin1(kOmpDirectivesCode)));
    a = answersTo(window, [](EngineWorker& w) { return w.apply(parse_call("S1.shift(k, 1)")); });
    QVERIFY(!a.code.empty());
    directives = a.code.back()->findCode(kOmpDirectivesCode);
    QVERIFY(directives);
    QVERIFY2(QString::fromStdString(directives->error).contains(QStringLiteral("step 2, S1.shift(k, 1)")),
             directives->error.c_str());
  }

  void viewsFirstThenTheVisibleTabThenTheRest() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    QVERIFY(window.worker()->waitForIdle(120000));
    auto* code_view = window.findChild<CodeView*>(QStringLiteral("codeView"));
    QVERIFY(code_view);
    code_view->setCurrentTarget(QStringLiteral("cuda"));  // tells the worker which tab is in view
    QCOMPARE(code_view->currentTarget(), QStringLiteral("cuda"));

    const Answers a = answersTo(window, [](EngineWorker& w) { return w.apply(parse_call("S1.interchange(j, k)")); });
    QVERIFY(a.views);
    QVERIFY(!a.views->tree.empty());
    QVERIFY(a.views->plot);
    QCOMPARE(pendingCount(*a.views), long(a.views->code.size()));  // no code yet: nothing waited for it
    QCOMPARE(a.code.size(), a.views->code.size());                 // then one answer per target
    const CodeInfo* first = a.code.front()->findCode("cuda");
    QVERIFY(first && !first->pending);
    QVERIFY(first->error.empty());
    QCOMPARE(pendingCount(*a.code.front()), long(a.views->code.size()) - 1);
    QCOMPARE(pendingCount(*a.code.back()), 0L);
    QVERIFY(a.code.back()->code_milliseconds > 0);
    // The tabs show the code, not the placeholder.
    QVERIFY(code_view->code(QStringLiteral("openmp")).contains(QStringLiteral("for (")));
    QVERIFY(!code_view->editor(QStringLiteral("cuda"))->toPlainText().contains(QStringLiteral("generating")));

    // Undo and redo of computed steps: everything in one answer, no code to wait for.
    const Answers undo = answersTo(window, [](EngineWorker& w) { return w.undo(); });
    QVERIFY(undo.views);
    QCOMPARE(pendingCount(*undo.views), 0L);
    QVERIFY(undo.code.empty());
    const Answers redo = answersTo(window, [](EngineWorker& w) { return w.redo(); });
    QVERIFY(redo.views);
    QCOMPARE(pendingCount(*redo.views), 0L);
    QVERIFY(redo.code.empty());
  }

  // A command sent while the previous one's code is being generated: only
  // the newer one's code comes back.
  void aNewerCommandDropsTheOlderCode() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    QVERIFY(window.worker()->waitForIdle(120000));
    EngineWorker* worker = window.worker();
    std::vector<quint64> code_generations;
    auto code = QObject::connect(worker, &EngineWorker::codeReady,
                                 [&](quint64 g, std::shared_ptr<const Snapshot>) { code_generations.push_back(g); });
    const quint64 older = worker->apply(parse_call("S1.interchange(j, k)"));
    const quint64 newer = worker->apply(parse_call("S1.interchange(i, k)"));
    QVERIFY(worker->waitForIdle(120000));
    QObject::disconnect(code);
    QVERIFY(older != newer);
    QVERIFY(std::find(code_generations.begin(), code_generations.end(), older) == code_generations.end());
    QVERIFY(std::find(code_generations.begin(), code_generations.end(), newer) != code_generations.end());
  }
};

QTEST_MAIN(TestGuiCodePending)
#include "test_gui_code_pending.moc"
