// SPDX-License-Identifier: Apache-2.0
#pragma once
// Comparing what two runs produced: printed output token by token, or array dumps.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopscape {

// Two floating-point values match when |a - b| <= max(relative * max(|a|, |b|), absolute).
struct Tolerance {
  double relative = 1e-9;
  double absolute = 1e-12;
};

// The first place where the emitted program's results differ from the original's.
struct ValueDifference {
  std::string array;        // empty when the output does not say which array
  std::vector<long> index;  // subscripts, outermost first; empty when unknown
  long flat_index = -1;     // position in the array (row-major), -1 when unknown
  std::string expected;     // the original program's value, as printed
  std::string actual;       // the emitted program's value
  std::string where;        // "stderr line 12", "dump of C"
  std::string context;      // the original's line of output, when there is one

  // "C[3][4]: original 1.5, emitted 2.5 (stderr line 12)".
  std::string describe() const;
};

struct Comparison {
  std::optional<ValueDifference> difference;
  std::size_t values_compared = 0;
};

// Array extents by name (constant), to turn a flat position in a printed dump into subscripts.
using ArrayShapes = std::map<std::string, std::vector<long>>;

std::vector<long> unflatten(long flat, const std::vector<long>& extents);

// True when two printed numbers agree: integers exactly; floating-point ones
// within `tolerance`, or within one unit of the coarser printed last digit
// ("0.12" against "0.13": printing hides anything finer).
bool printed_numbers_match(const std::string& a, const std::string& b, const Tolerance& tolerance);

// Compares two program outputs token by token: numbers numerically, any other
// text exactly. Inside PolyBench dump blocks ("begin dump: A" ... "end dump: A")
// a difference is reported with the array's name and position.
Comparison compare_printed_output(const std::string& expected, const std::string& actual,
                                  const std::string& stream_name, const Tolerance& tolerance,
                                  const ArrayShapes& shapes = {});

// What the verification harness writes after calling the function.
struct ArrayDump {
  std::string name;
  char kind = 'd';  // 'd' double, 'f' float, 'i' integer
  std::vector<long> extents;
  std::vector<double> reals;          // kind 'd' and 'f'
  std::vector<long long> integers;    // kind 'i'
  std::size_t size() const { return kind == 'i' ? integers.size() : reals.size(); }
};

struct HarnessDump {
  std::vector<ArrayDump> arrays;
  std::vector<std::string> skipped;  // written arrays the harness could not reach
  double seconds = -1;               // time spent in the function
};

// Reads a dump file; nullopt (and `error`) when it is missing or malformed.
std::optional<HarnessDump> read_harness_dump(const std::string& path, std::string* error);

// The region's time that a program with timers around its region wrote to
// $LOOPSCAPE_REGION_TIME_FILE (one double); nullopt when it wrote none.
std::optional<double> read_region_time(const std::string& path);

// Compares the arrays of two dumps: integers exactly, float and double with their tolerances.
Comparison compare_dumps(const HarnessDump& expected, const HarnessDump& actual,
                         const Tolerance& double_tolerance, const Tolerance& float_tolerance);

// What one run of a program left: its printed output, and its array dump
// when a generated harness called the function.
struct RunOutput {
  std::string out, err;
  const HarnessDump* dump = nullptr;
};

// The whole comparison of an emitted run with the original's: the dumps
// first (when the harness wrote them), then stdout, then stderr; the first
// difference wins. `printed` is the tolerance of printed numbers.
Comparison compare_run_outputs(const RunOutput& expected, const RunOutput& actual, const Tolerance& printed,
                               const Tolerance& double_tolerance, const Tolerance& float_tolerance,
                               const ArrayShapes& shapes);

}  // namespace loopscape
