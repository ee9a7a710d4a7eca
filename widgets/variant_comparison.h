// SPDX-License-Identifier: Apache-2.0
#pragma once
// Two lines of work of a session side by side (the History dock's variants):
// their steps, the OpenMP target's code for each, the dependences each loop
// carries, and both run in the process
// (Halide's JIT, as the Run dock does) against the original schedule. Plain
// data: it crosses from the engine's threads to the GUI thread.
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

namespace loopscape {

struct VariantSide {
  QString title;       // "current line", "variant 2"
  QStringList steps;   // script lines from the original schedule
  QString code;        // the OpenMP target's code for the last step
  QStringList loops;   // each statement's loops and what they carry (session/carried_loops.h)
  double seconds = 0;  // median run time; 0 when not run
  QString difference;  // the first element that differs from the original's
};

struct VariantComparison {
  int variant = -1;
  int shared_steps = 0;  // first steps the two have in common
  VariantSide current;
  VariantSide other;
  double original_seconds = 0;
  QList<QPair<QString, qint64>> parameters;
  QString error;  // why nothing was compared, or why nothing ran
};

}  // namespace loopscape

Q_DECLARE_METATYPE(loopscape::VariantComparison)
