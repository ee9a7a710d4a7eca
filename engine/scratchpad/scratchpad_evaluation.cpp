// SPDX-License-Identifier: Apache-2.0
#include "scratchpad/scratchpad_evaluation.h"

#include <stdexcept>

#include "scratchpad/isl_calculator.h"
#include "scratchpad/scratchpad_plot.h"

namespace loopscape {

ScratchpadEvaluation evaluate_scratchpad(const std::string& text, unsigned cursor_line,
                                         const std::map<std::string, long>& parameters, unsigned long max_operations) {
  ScratchpadEvaluation out;
  const IslContext isl(max_operations);
  try {
    isl.bounded("the scratchpad", [&] {
      const CalculatorResult result = evaluate_isl_calculator(isl.ctx(), text);
      out.error = result.error;
      out.parameters = result.parameters;
      for (const CalculatorLine& line : result.lines)
        out.values.push_back({line.where.line, line.name, line.source, line.value.str(), line.value.is_set()});
      const CalculatorLine* drawn = result.line_at_or_before(std::max(cursor_line, 1u));
      if (!drawn && !result.lines.empty()) drawn = &result.lines.front();
      if (!drawn) return;
      out.plotted_line = drawn->where.line;
      ScratchpadPlotRequest request;
      for (const std::string& p : result.parameters) {
        auto it = parameters.find(p);
        request.parameters[p] = it != parameters.end() ? it->second : kScratchpadDefaultParameter;
      }
      try {
        out.plot = scratchpad_plot_data(drawn->value, request);
      } catch (const std::invalid_argument& e) {
        out.plot_error = e.what();
      }
    });
  } catch (const IslError& e) {
    const std::string what = e.quota_exceeded()
                                 ? "isl stopped: the scratchpad needs more than its quota of operations (try smaller "
                                   "parameter values)"
                                 : std::string(e.what());
    if (out.plotted_line != 0 && !out.plot) {
      out.plot_error = what;
    } else {
      out.error = InputError({"scratchpad", 0, 0}, what);
    }
  }
  return out;
}

}  // namespace loopscape
