// SPDX-License-Identifier: Apache-2.0
#pragma once
// One evaluation of the isl scratchpad, as the app asks for it while the user
// types: the text evaluated in an isl context of its own (bounded by a quota),
// every statement's value printed, and the statement under the cursor turned
// into plot data at the slider values. Nothing in the result refers to isl,
// so it can leave the thread that computed it.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "support/error.h"
#include "support/isl_context.h"
#include "plot/domain_points.h"

namespace loopscape {

struct ScratchpadValueText {
  unsigned line = 0;
  std::string name;
  std::string source;
  std::string value;  // isl notation
  bool set = true;
};

struct ScratchpadEvaluation {
  std::vector<ScratchpadValueText> values;
  std::optional<InputError> error;      // the first error (isl's quota included, with no place)
  std::vector<std::string> parameters;  // of every value
  unsigned plotted_line = 0;            // 0: nothing drawn
  std::optional<PlotData> plot;
  std::string plot_error;  // why the drawn statement has no plot
};

constexpr long kScratchpadDefaultParameter = 6;

// Parameters missing from `parameters` take kScratchpadDefaultParameter.
ScratchpadEvaluation evaluate_scratchpad(const std::string& text, unsigned cursor_line,
                                         const std::map<std::string, long>& parameters,
                                         unsigned long max_operations = IslContext::kDefaultMaxOperations);

}  // namespace loopscape
