// SPDX-License-Identifier: Apache-2.0
#pragma once
// What one evaluation of the isl scratchpad gives the window: every
// statement's value as text, the first error with its place, and the plot of
// the statement under the cursor. Plain data: it crosses from the engine
// thread to the GUI thread.
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

#include "plot/domain_points.h"

namespace loopscape {

struct ScratchpadLineValue {
  int line = 0;     // 1-based, where the statement starts
  QString name;     // "" for a value that is only shown
  QString source;   // as typed
  QString value;    // isl notation
  bool set = true;  // a set (else a map)
};

struct ScratchpadOutcome {
  quint64 generation = 0;
  QList<ScratchpadLineValue> values;
  QString error;  // the message alone
  int error_line = 0;
  int error_column = 0;
  QStringList parameters;
  int plotted_line = 0;  // the statement drawn (0: none)
  std::shared_ptr<const PlotData> plot;
  QString plot_error;  // why nothing is drawn (a parameter without value, unbounded, too much work)
};

}  // namespace loopscape

Q_DECLARE_METATYPE(loopscape::ScratchpadOutcome)
