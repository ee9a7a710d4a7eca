// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the runner needs to know about a C file's text, and the code it adds
// to it: a main that calls a bare function, or timers around the scop region.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/program.h"
#include "support/c_text.h"

namespace loopscape {

// What the runner knows about the file it runs.
struct SourceFacts {
  std::string source;            // as written
  std::string preprocessed;      // after the preprocessor, with the file's -D/-I (empty: unknown)
  std::set<std::string> macros;  // every macro defined by the end of the file (headers and -D too)

  bool is_macro(const std::string& name) const;
};

struct HarnessPlan {
  std::string code;                  // appended to the file
  std::vector<std::string> dumped;   // written arrays the harness dumps
  std::vector<std::string> skipped;  // written arrays it cannot reach (locals of the function)
  std::vector<std::string> notes;    // values it chose (defaults), for the report
};

// A main() that gives every array the function sees deterministic contents,
// calls `function` with the parameter values, times it, and writes every
// array the region writes to the file named by argv[1]. Throws InputError when
// the call cannot be formed. `values`: given values of parameters and scalars
// (--param); a parameter without one takes the macro of its name, or of its
// name in capitals (PolyBench's n and N), else `default_value`. The signature
// is read from the preprocessed text, so macros in it are no obstacle.
HarnessPlan make_harness(const Program& program, const SourceFacts& facts, const std::string& function,
                         const std::map<std::string, std::string>& values, const std::string& default_value);

// Adds timers around the region [begin, end) of `source`: the total time spent
// in it is written (as a raw double) to the file named by the environment
// variable LOOPSCAPE_REGION_TIME_FILE when the program exits.
std::string instrument_region(const std::string& source, std::size_t begin, std::size_t end);

}  // namespace loopscape
