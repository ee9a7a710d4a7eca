// SPDX-License-Identifier: Apache-2.0
#pragma once
// Legality of schedules: the exact check every schedule transform goes through.
//
// A candidate schedule is legal when every dependence pair (source instance ->
// sink instance, analysis/dependences.h) still has its sink strictly after its
// source, when it schedules every statement instance exactly once, and when no
// loop tagged for parallel execution (parallel, vector, gpu_*, ...) carries a
// dependence. Nothing is approximated: each answer comes from isl on the exact
// relations, and a check isl cannot finish (quota) throws IslError rather than
// passing. Each problem found comes with ONE concrete instance pair, the
// lexicographically smallest one, with the parameters fixed to small values.
#include <isl/cpp.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/dependences.h"
#include "model/program.h"

namespace loopscape {

// One concrete instance pair of one dependence.
struct DependenceWitness {
  int dependence = -1;  // index into Dependences::list; -1 when no single dependence is known
  DependenceKind kind = DependenceKind::ReadAfterWrite;
  bool may = false;  // Dependence::may: the pair depends where the statements' conditions on data hold
  bool reduction = false;  // Dependence::reduction: between updates of one reduction
  std::string array;
  std::string source_statement;
  std::string source_access;  // the access as written: "A[i][j + 1]"
  std::string sink_statement;
  std::string sink_access;
  std::string source;   // the source instance: "S0[2, 5]"
  std::string sink;     // the sink instance: "S1[3, 4]"
  std::string element;  // the array element both touch: "A[3][4]" ("" when unknown)
  std::vector<long> source_iteration;
  std::vector<long> sink_iteration;
  // Values the parameters were fixed to for the example, in Program::parameters
  // order (empty when the pair does not depend on them).
  std::vector<std::pair<std::string, long>> parameters;

  std::string parameter_text() const;  // "n = 4, tsteps = 4" ("" when none)
};

// A dependence whose order the candidate would break.
struct Violation {
  DependenceWitness witness;
  // Schedule time of sink minus source at the witness (lexicographically <= 0).
  std::vector<long> time_distance;
  bool simultaneous = false;  // the witness pair would run at the same time
  // "S1[3, 4] reads A[3][4] written by S0[2, 5], but would run before it"
  // (prefixed with "with n = 4, " when parameters were fixed).
  std::string explanation;
  std::string repair_hint;  // generic suggestion; commands may replace it
  // The first schedule dimension where the distance is negative (-1: none, e.g. simultaneous).
  int negative_dimension = -1;
  // Every violating pair of the dependence (source -> sink), parametric.
  isl::map pairs;
};

// A loop tagged for parallel execution that carries dependences.
struct TagViolation {
  std::string tag;        // display form: "parallel", "vector(8)"
  std::string band_name;  // "" when the band is unnamed
  int member = 0;
  std::string loop;       // source loop name of the member, "" when none
  std::vector<DependenceWitness> carried;  // one witness per carried dependence
  std::string explanation;
};

// The repair hint for a distance that becomes negative at `dimension`,
// written for the command that was refused (it never suggests that command
// again: a refused skew gets no "skew the loop" advice).
std::string negative_distance_hint(int dimension, const std::string& refused_command);

struct LegalityReport {
  std::vector<Violation> violations;         // dependence order broken
  std::vector<TagViolation> tag_violations;  // parallel-type tag on a carrying loop
  // Structural problems: instances the candidate does not schedule or
  // schedules more than once, each with a concrete instance.
  std::vector<std::string> problems;
  // Each statement's schedule map in the checked schedule: a later check
  // against a report of a legal schedule re-checks only the dependences of
  // statements whose map changed.
  std::shared_ptr<const std::map<std::string, isl::union_map>> statement_times;

  bool legal() const { return violations.empty() && tag_violations.empty() && problems.empty(); }
  // Every problem, one per line ("" when legal).
  std::string summary() const;
};

// Checks `candidate` (a schedule of the program's statements, e.g. a transformed
// original schedule) against every dependence of `dependences` and every
// parallel-type tag it holds. Throws IslError when isl stops (quota).
//
// `previous`, the report of a legal schedule the candidate was made from:
// a dependence between statements whose schedule maps are the same in both
// (after a tag, or a command on other statements) was respected there and
// is respected here, so it is not checked again.
LegalityReport check_schedule(const Program& program, const Dependences& dependences,
                              const isl::schedule& candidate, const LegalityReport* previous = nullptr);

// Tags that run the iterations of their loop concurrently, so the loop must
// carry no dependence: parallel, vector, simd, gpu_block, gpu_thread, gpu,
// space, node.
bool tag_requires_independence(const std::string& kind);

// Whether member `member` of `band` carries dependences: some dependent pair
// of instances that both reach the band has equal outer schedule (ancestors
// and earlier members) and different values of the member.
struct LoopDependenceCheck {
  bool carried = false;
  std::string band_name;
  int member = 0;
  std::string loop;  // source loop name of the member, "" when none
  std::vector<DependenceWitness> dependences;  // one witness per carried dependence
  // Member value of sink minus source at each witness (nonzero), same order.
  std::vector<long> distances;
  // "loop j (member 1 of C0) carries RAW S0 -> S0 on A: S0[1, 2] reads ... written by S0[1, 1]"
  // ("" when not carried).
  std::string explanation;
};

// `band` may be a band or a mark chain above one. Throws std::invalid_argument
// when it is no band or `member` is out of range, IslError when isl stops.
LoopDependenceCheck carried_by(const Program& program, const Dependences& dependences,
                               const isl::schedule_node& band, int member);

// How a loop (member 0 of `band`, whose carried dependences are `carried`)
// may still run in parallel when it carries dependences:
//  - as a reduction, when a dependence is between updates of one reduction
//    (Dependence::reduction) and the element each update reaches is fixed
//    by the loops outside the loop, so each thread keeps a private partial
//    result;
//  - with a private copy of a scalar per thread, when a dependence is a WAR
//    or WAW on a scalar that no code after the region reads
//    (Array::temporary) and that only statements inside the loop touch (no
//    value flows into the loop or out of it; a RAW carried from one
//    iteration to the next is never privatised).
// `possible` is false when any carried dependence is neither.
struct ParallelPlan {
  bool possible = false;
  std::vector<std::string> reductions;       // the reduced arrays
  std::vector<std::string> private_scalars;  // the scalars each thread keeps its own copy of
  // When every carried dependence is a reduction's or on a temporary scalar
  // but the loop still cannot run so: why ("" otherwise).
  std::string why_not;
};
// Throws IslError when isl stops.
ParallelPlan parallel_plan(const Program& program, const Dependences& dependences, const isl::schedule_node& band,
                           const LoopDependenceCheck& carried);

// A space-time transform (spec 004, T2S): loops `space_loops` of a statement's
// nest become parallel processing elements, and a scheduling vector T over
// the nest's loops gives the time step t = T . x that replaces the time loop
// (the loop directly around the space loops). Loops outside the time loop stay
// sequential around it.
struct SpaceTimeRequest {
  std::string statement;
  // The statement's loops (source iterator names), outermost first, in the
  // order the nest has when the transform applies; empty: source order.
  std::vector<std::string> loop_order;
  std::vector<std::string> space_loops;  // any order; must be the innermost loops
  // T, one coefficient per loop of `loop_order`. Empty: 1 for the time loop, 0
  // elsewhere. The T2S form `({i, j}, {2, 3})` is t2s_vector(...).
  std::vector<long> time_vector;
  // The statements that share the transformed loops in the current schedule
  // (the statement included), when the caller knows the schedule: after a
  // statement was moved (after, before, distribute) the source nest no longer
  // says which statements share loops. Empty: the source nest decides.
  std::vector<std::string> nest;
};

// T from the T2S form: coefficient `space_coefficients[k]` for space loop
// `space_loops[k]`, 1 for the loop directly around the space loops, 0 for the rest.
std::vector<long> t2s_vector(const std::vector<std::string>& loop_order,
                             const std::vector<std::string>& space_loops,
                             const std::vector<long>& space_coefficients);

struct SpaceTimeViolation {
  DependenceWitness witness;
  std::vector<long> distance;  // sink - source over loop_order at the witness
  long time_distance = 0;      // T . distance (<= 0)
  bool uniform = false;        // every pair of the dependence has this distance
  std::string explanation;
};

struct SpaceTimeCheck {
  std::vector<std::string> loop_order;  // as used
  std::vector<long> time_vector;        // as used
  std::string time_loop;                // "" when every loop is a space loop
  // Request problems: unknown statement or loop, space loops not innermost or
  // not contiguous, T of the wrong size or losing the time loop, imperfect nest.
  std::vector<std::string> errors;
  std::vector<SpaceTimeViolation> violations;  // T . d <= 0 for some d != 0

  bool legal() const { return errors.empty() && violations.empty(); }
  std::string summary() const;
};

// Checks every dependence between instances of the statements of the nest
// (those sharing the statement's loops): pairs not carried by the loops
// outside the time loop must have T . d > 0 unless d = 0 (same iteration, kept
// in statement order). Throws IslError when isl stops.
SpaceTimeCheck check_space_time(const Program& program, const Dependences& dependences,
                                const SpaceTimeRequest& request);

// Text of an access relation with the statement's iterator names:
// "A[i][j + 1]" (isl's text when it is no single affine function).
std::string access_text(const Program& program, const Statement& statement, int access);

}  // namespace loopscape
