// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/temporary_fusion.h"

#include <isl/aff.h>
#include <isl/val.h>

#include <algorithm>
#include <climits>
#include <optional>
#include <set>

#include "autoschedule/spatial_locality.h"
#include "commands/loop_resolution.h"
#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

struct Candidate {
  std::string array, producer, reader;
};

std::vector<Candidate> temporaries_read_by_one_statement(const Program& program) {
  std::vector<Candidate> out;
  for (const Array& a : program.arrays) {
    if (!a.temporary || a.is_scalar()) continue;
    std::set<std::string> writers, readers;
    for (const Statement& s : program.statements)
      for (const Access& x : s.accesses)
        if (x.array == a.name) (x.kind == Access::Kind::Write ? writers : readers).insert(s.name);
    if (writers.size() != 1 || readers.size() != 1 || writers == readers) continue;
    out.push_back({a.name, *writers.begin(), *readers.begin()});
  }
  return out;
}

// The offset c of a subscript that is iterator x plus a constant, else nullopt.
std::optional<long> offset_along(isl_aff* subscript, int x) {
  for (int k = 0; k < static_cast<int>(isl_aff_dim(subscript, isl_dim_in)); ++k) {
    isl_val* c = isl_aff_get_coefficient_val(subscript, isl_dim_in, k);
    const bool expected = k == x ? isl_val_is_one(c) : isl_val_is_zero(c);
    isl_val_free(c);
    if (!expected) return std::nullopt;
  }
  for (int k = 0; k < static_cast<int>(isl_aff_dim(subscript, isl_dim_param)); ++k) {
    isl_val* c = isl_aff_get_coefficient_val(subscript, isl_dim_param, k);
    const bool zero = isl_val_is_zero(c);
    isl_val_free(c);
    if (!zero) return std::nullopt;
  }
  isl_val* constant = isl_aff_get_constant_val(subscript);
  std::optional<long> offset;
  if (isl_val_is_int(constant)) offset = isl_val_get_num_si(constant);
  isl_val_free(constant);
  return offset;
}

// How many consecutive values along iterator x of the reader's subscripts
// of `array` one iteration reads (blur's T[i - 1], T[i], T[i + 1]: 3), when
// each read has a subscript x + c.
std::optional<long> rows_read(const Statement& reader, const std::string& array, int x) {
  long low = LONG_MAX, high = LONG_MIN;
  for (const Access& a : reader.accesses) {
    if (a.kind != Access::Kind::Read || a.array != array) continue;
    isl_multi_aff* subscripts = access_subscripts(a);
    if (!subscripts) return std::nullopt;
    std::optional<long> offset;
    for (int d = 0; !offset && d < static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out)); ++d) {
      isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
      offset = offset_along(e, x);
      isl_aff_free(e);
    }
    isl_multi_aff_free(subscripts);
    if (!offset) return std::nullopt;
    low = std::min(low, *offset);
    high = std::max(high, *offset);
  }
  if (low > high) return std::nullopt;
  return high - low + 1;
}

}  // namespace

std::set<std::string> statements_of_temporaries_read_by_one_statement(const Program& program) {
  std::set<std::string> statements;
  for (const Candidate& c : temporaries_read_by_one_statement(program)) {
    statements.insert(c.producer);
    statements.insert(c.reader);
  }
  return statements;
}

void fuse_temporaries_into_readers(Work& w, long strip_columns, std::vector<std::string>& notes) {
  for (const Candidate& c : temporaries_read_by_one_statement(w.session.program())) {
    if (Clock::now() > w.deadline) return;
    const Program& program = w.session.program();
    const Statement* reader = program.find_statement(c.reader);
    const std::vector<StatementLoop> loops = statement_loops(program, current_tree(w), *reader);
    if (loops.size() != 2 || loops[0].name.empty() || loops[1].name.empty() || loops[0].iterator < 0) continue;
    const std::optional<long> rows = rows_read(*reader, c.array, loops[0].iterator);
    if (!rows) continue;
    const std::string outer = loops[0].name, inner = loops[1].name;
    // Rows known to be narrower than two strips would run on one thread.
    if (loops[1].iterator >= 0) {
      const isl::val lowest = reader->domain.dim_min_val(loops[1].iterator);
      const isl::val highest = reader->domain.dim_max_val(loops[1].iterator);
      const long width = lowest.is_int() && highest.is_int() ? highest.sub(lowest).get_num_si() + 1 : 0;
      if (width > 0 && width < 2 * strip_columns) {
        notes.push_back("left out computing " + c.array + " where it is read: its rows are " + std::to_string(width) +
                        " wide, fewer than two strips of " + std::to_string(strip_columns) +
                        " columns, so no strip would run in parallel");
        continue;
      }
    }
    const std::size_t applied = w.session.history().size(), planned = w.steps.size();
    const auto step = [&](const std::string& statement, const std::string& command,
                          const std::vector<std::string>& args, const std::string& why) {
      const CommandCall call = make_call(statement, command, args);
      if (const std::optional<Refusal> r = w.session.apply(call)) {
        notes.push_back("left out computing " + c.array + " where it is read: " + format_call(call) + " was refused: " +
                        refusal_text(*r));
        return false;
      }
      w.steps.push_back({call, why, w.session.history().back().outcome.description});
      return true;
    };
    const std::string strip = std::to_string(strip_columns);
    const bool done =
        step(c.producer, "compute_at", {c.reader, inner},
             c.array + " is a temporary that " + c.producer + " writes and only " + c.reader + " reads: " +
                 c.producer + " computes it inside " + c.reader + "'s loops, just before it is read, so it "
                 "never goes to memory") &&
        step(c.producer, "storage_fold", {outer, std::to_string(*rows)},
             c.reader + " reads " + std::to_string(*rows) + " consecutive values of " + c.array + " along " + outer +
                 ": " + c.array + " keeps only those") &&
        step(c.reader, "split", {inner, strip},
             "strips of " + strip + " columns, each run by one thread down all of " + outer + " (" + outer +
                 " carries the fold)") &&
        step(c.reader, "interchange", {outer, inner + "0"}, "the strips outside " + outer) &&
        step(c.reader, "parallelize", {inner + "0"}, "the strips run in parallel: " + inner + " carries no dependence");
    if (done) continue;
    while (w.session.history().size() > applied) w.session.undo();
    w.steps.resize(planned);
  }
}

}  // namespace loopscape::autoschedule
