// SPDX-License-Identifier: Apache-2.0
#pragma once
// One measured run of a history step (the Run dock): the step's schedule and
// the original one compiled in-process by Halide's LLVM back-end, run on the
// same inputs, timed and compared. Plain data: it crosses from the engine's
// threads to the GUI thread.
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

namespace loopscape {

struct RunOutcome {
  quint64 generation = 0;
  int step = 0;             // the history step measured (0: the original schedule)
  QString step_label;       // "S1.parallelize(i)" ("original schedule" for 0)
  QList<QPair<QString, qint64>> parameters;  // the values used
  double flops = 0;         // floating-point operations of the region at these values
  double peak_gflops = 0;   // this machine's measured peak
  double original_seconds = 0;
  double seconds = 0;
  double compile_seconds = 0;
  QString difference;  // the first differing element; "" when the results are equal
  QString error;       // why nothing was measured (out of bounds, refused by the lowering, ...)
  bool cancelled = false;

  bool measured() const { return error.isEmpty() && !cancelled && seconds > 0; }
  double gflops() const { return seconds > 0 ? flops / seconds / 1e9 : 0; }
  double speedup() const { return seconds > 0 ? original_seconds / seconds : 0; }
};

}  // namespace loopscape

Q_DECLARE_METATYPE(loopscape::RunOutcome)
