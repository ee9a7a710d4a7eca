// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's status bar: whether the step shown is legal, a summary (the
// file, or the step with its sizes and timings), "computing…" while the
// engine works, and a button that stops a C++ program's build.
#include <QObject>
#include <QString>

class QLabel;
class QPushButton;
class QStatusBar;

namespace loopscape {

struct Snapshot;
class EngineWorker;

class WindowStatus : public QObject {
  Q_OBJECT

 public:
  WindowStatus(QStatusBar* bar, EngineWorker* worker);

  void setSummary(const QString& text);
  // "step 2 of 3 · 2 statements · …": the step shown and how long it took.
  void showStep(const Snapshot& snapshot, int step, int steps);
  void showLegality(bool legal, const QString& why_not);
  // The engine answered with an error.
  void showFailed();
  void clearLegality();
  // While the C++ program `program` builds and runs: a message and the button
  // that stops it ("": none builds).
  void setBuilding(const QString& program);

 private:
  QStatusBar* bar_;
  QLabel* legality_;
  QLabel* summary_;
  QLabel* busy_;
  QPushButton* stop_build_;
};

}  // namespace loopscape
