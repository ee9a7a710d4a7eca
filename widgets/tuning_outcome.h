// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Run dock's Tune: the automatic schedule's candidates, each compiled
// in-process by Halide's LLVM back-end and run at the dock's parameter values
// against the original schedule (tuning/jit_tuning.h). Plain data: it
// crosses from the engine's threads to the GUI thread.
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

namespace loopscape {

struct TuningCandidateOutcome {
  QString label;       // "isl's schedule, tiles of 32"
  QString short_label;  // "tiles 32"
  QStringList steps;   // script lines; none: the session's schedule as it is
  double seconds = 0;  // median run time; 0 when not measured
  QString problem;     // why not: refused, results differ, stopped
  QString code;        // the OpenMP target's code for it
  bool measured() const { return seconds > 0; }
};

struct TuningOutcome {
  quint64 generation = 0;
  QList<QPair<QString, qint64>> parameters;  // the values used
  double original_seconds = 0;
  QList<TuningCandidateOutcome> candidates;
  int best = -1;               // the candidate kept; -1: none
  bool kept_original = false;  // none beat the original: `best` is the original order, sequential
  bool cancelled = false;
  QString error;  // why nothing was measured
  QStringList summary;  // the tuner's lines, as in a tuned script's header
  // Knob tuning (EngineWorker::tuneKnobs): the script's file, and its text
  // with the fastest values first (empty when none was measured).
  QString script_path;
  QString tuned_script;
};

}  // namespace loopscape

Q_DECLARE_METATYPE(loopscape::TuningOutcome)
