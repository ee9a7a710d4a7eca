// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the domain plot shows, computed by the engine (no Qt, off the GUI
// thread): the integer points of every statement's iteration domain at
// concrete parameter values, in schedule order, grouped into execution steps,
// with the dependence instance pairs between them, the tile each point belongs
// to and the instance pairs a legality report found violated.
//
// Schedule time. Every point gets the time vector the schedule tree gives it:
// walking from the root to the point's leaf, each band member contributes its
// value (partial schedule at the point) and each sequence or set node the
// position of the child the point is in. Points are ordered lexicographically
// by time (a shorter vector that is a prefix of a longer one comes first, then
// statement index, then coordinates); PlotData::points is in this order, so a
// point's index is its rank in sequential execution.
//
// Steps (the wavefront / parallel view). A time dimension is CONCURRENT when
// it is a band member tagged for parallel execution (analysis/legality.h:
// tag_requires_independence; a tag applies to its band's first member) or a
// band member that carries no dependence (schedule/parallelism.h:
// member_carries_dependence, for all parameter values; a plotted dependence
// pair whose times first differ at a member is a witness that it carries
// one, and isl is asked only about the members without a witness).
// Sequence and set positions and members that
// carry a dependence are SEQUENTIAL. A point's step key is its time vector
// with the concurrent dimensions removed; points with equal keys form one
// step, and steps run in lexicographic order of their keys. So every
// iteration of every parallel loop advances in lockstep: for a legal
// schedule, the sink of every dependence is in a strictly later step than its
// source unless both are in the same step of a loop-independent pair (which
// then differ in a sequential dimension, so cannot: two points of one step
// never depend on each other under a legal schedule). Matmul's original
// schedule (i, j parallel, k carried) has one step per k; Jacobi's one per
// (t, sweep); a fully sequential nest one step per point.
//
// Tiles. A band member is a TILE LOOP for a statement when its value there is
// a function of floor divisions only (every piece of its affine expression
// has zero coefficients on the iterators and a nonzero one on some floor
// division), as isl_schedule_node_band_tile and strip-mining make them. A
// point's tile is its time vector up to and including its last tile loop:
// points with equal prefixes run in the same tile instance. Statements with
// no tile loop on their path have no tile (-1).
//
// Bounds: everything runs under Program::isl().bounded(...) (IslError at the
// quota); enumeration stops at the caps of PlotRequest and says so.
#include <isl/cpp.h>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "analysis/dependences.h"
#include "analysis/legality.h"
#include "analysis/parameter_values.h"
#include "model/program.h"
#include "plot/point_index.h"

namespace loopscape {

struct PlotTimeDim {
  enum class Kind { Loop, Position };  // a band member, or a child position in a sequence/set
  Kind kind = Kind::Loop;
  std::string label;        // source loop name ("i"), else "C0[1]" (band name and member), "seq"
  bool concurrent = false;  // see the header comment
  bool tile = false;        // a tile loop (for this statement)
  bool tagged = false;      // concurrent because of a tag (not only because it carries nothing)
  // Mapped to the GPU: "block" or "thread" (a gpu_block / gpu_thread tag), with
  // its axis ("x", "y", "z"). Block loops count as tile loops: a block's
  // points are outlined like a tile's.
  std::string gpu;
  std::string gpu_axis;
  // The dimension's value as an affine function of the statement's iterators,
  // when it is one: the linear part only (one coefficient per iterator, scaled
  // to integers), the same in every piece, no floor division. A position is
  // affine with zero coefficients. What the wavefront hyperplanes are drawn
  // from (plot/step_lines.h).
  bool affine = false;
  std::vector<long> coefficients;
};

struct PlotStatement {
  std::string name;
  int program_index = 0;                // index in Program::statements: the statement's colour
  std::vector<std::string> iterators;   // source iterator names, outermost first
  std::vector<PlotTimeDim> time_dims;   // the time vector's dimensions at this statement
  std::size_t point_count = 0;          // points enumerated (after the cap)
  // Inlined (schedule/data_layout.h): its readers recompute it, its own
  // instances no longer run; plotted dimmed, where the schedule keeps them.
  bool inlined = false;
};

struct PlotPoint {
  std::int32_t statement = 0;  // index into PlotData::statements
  std::uint32_t coords = 0;    // offset into PlotData::coordinates (iterators.size() values)
  std::uint32_t time = 0;      // offset into PlotData::times
  std::uint32_t time_size = 0;
  std::uint32_t step = 0;      // execution step (0-based)
  std::uint32_t level = 0;     // dependence-graph level (plot/dependence_levels.h)
  std::int32_t tile = -1;      // index into PlotData::tiles, -1 when untiled
};

struct PlotArrow {
  std::uint32_t source = 0;  // point indices
  std::uint32_t sink = 0;
  std::int32_t dependence = -1;  // index into Dependences::list
  DependenceKind kind = DependenceKind::ReadAfterWrite;
  bool violated = false;  // the pair runs in the wrong order (or together) under the schedule
  bool may = false;       // only where conditions on data hold (Dependence::may)
};

struct PlotTile {
  std::vector<long> key;  // the time prefix that identifies the tile instance
  std::uint32_t point_count = 0;
};

// One problem of a legality report, placed on the plot.
struct PlotViolation {
  std::int32_t dependence = -1;  // index into Dependences::list (-1: unknown)
  DependenceKind kind = DependenceKind::ReadAfterWrite;
  std::int64_t source = -1;  // point indices; -1 when the pair is not among the points
  std::int64_t sink = -1;
  bool tag = false;          // from a parallel-type tag on a carrying loop
  std::string explanation;
};

struct PlotData {
  std::vector<std::pair<std::string, long>> parameters;  // values used, Program::parameters order
  std::vector<PlotStatement> statements;                  // Program::statements order
  std::vector<PlotPoint> points;                          // schedule order
  std::vector<long> coordinates;
  std::vector<long> times;
  // Steps: the points of step s are step_points[step_offsets[s] .. step_offsets[s + 1]).
  std::vector<std::uint32_t> step_points;
  std::vector<std::uint32_t> step_offsets;  // step_count() + 1 entries
  // Dependence levels (plot/dependence_levels.h), grouped like the steps:
  // the points of level l are level_points[level_offsets[l] .. level_offsets[l + 1]).
  std::vector<std::uint32_t> level_points;
  std::vector<std::uint32_t> level_offsets;  // level_count() + 1 entries
  bool levels_complete = true;               // false: from capped arrows, the count is a lower bound
  std::vector<PlotArrow> arrows;
  std::vector<PlotTile> tiles;
  std::vector<PlotViolation> violations;
  // Per Dependences::list entry: "RAW S0 -> S1 on B".
  std::vector<std::string> dependence_labels;

  // Set for a scratchpad value (scratchpad/scratchpad_plot.h): the steps are
  // the points' own lexicographic order, not a schedule's, and the arrows are
  // the pairs of a map, not dependences (the legend names them by this caption).
  bool lexicographic_order = false;
  std::string arrow_caption;

  std::size_t point_limit = 0;
  bool truncated = false;         // some statement had more points than the cap left
  bool arrows_truncated = false;  // some dependence had more pairs than its cap
  std::vector<std::string> notes; // what was left out and why, one sentence each

  std::size_t step_count() const { return step_offsets.empty() ? 0 : step_offsets.size() - 1; }
  std::size_t level_count() const { return level_offsets.empty() ? 0 : level_offsets.size() - 1; }
  std::span<const long> coords(std::size_t point) const;
  std::span<const long> time(std::size_t point) const;
  const std::string& statement_name(std::size_t point) const;
  // "S1[3, 5]"
  std::string point_label(std::size_t point) const;
  // Where a point runs on the GPU: "block (y = 1, x = 0), thread (y = 3, x = 2)"
  // (the values of its block and thread loops); "" when not mapped.
  std::string gpu_position(std::size_t point) const;
  // Its thread loops' values, outermost first, "3,2" ("" when not on GPU threads).
  std::string gpu_thread_label(std::size_t point) const;
  bool has_gpu_blocks() const;
  // The point of `statement` at `coordinates`, if enumerated.
  std::optional<std::size_t> find_point(int statement, std::span<const long> coordinates) const;
  std::optional<std::size_t> find_point(const std::string& statement, std::span<const long> coordinates) const;
  int statement_index(const std::string& name) const;  // -1 when unknown
  // Arrows whose source or sink is `point` (indices into arrows).
  std::vector<std::size_t> arrows_touching(std::size_t point) const;

  // Built by build_plot_data; rebuild_index() refills it after `points` change.
  void rebuild_index();
  PointIndex index;
};

class PlotCache;

struct PlotRequest {
  std::map<std::string, long> parameters;  // every parameter the domains involve needs a value
  // The parameter values the plot picks stay under 40,000 instances
  // (plot/plot_parameters.h); this cap is for bounds that are no parameter
  // (heat-3d's 500 time steps) and for values a user drags up. Past 100,000
  // a 2-D view of a deeper nest shows no more, and each step cost 100 ms
  // more to plot and paint (issue 24).
  std::size_t max_points = 100'000;
  std::size_t max_arrows = 100'000;
  std::size_t max_arrows_per_dependence = 50'000;
  // When set, the pairs it reports violated are marked (arrows) and placed (violations).
  const LegalityReport* legality = nullptr;
  // The schedule was checked legal against every dependence: finding which
  // members are parallel then looks for forward pairs only.
  bool known_legal = false;
  // When set, the instances and dependence pairs of an earlier step with the
  // same domain, values and caps are reused (plot/plot_domain.h).
  PlotCache* cache = nullptr;
};

// Throws std::invalid_argument when a parameter the domains involve has no
// value or a domain is unbounded at these values, IslError at the isl quota.
PlotData build_plot_data(const Program& program, const Dependences& dependences,
                         const isl::schedule& schedule, const PlotRequest& request);

}  // namespace loopscape
