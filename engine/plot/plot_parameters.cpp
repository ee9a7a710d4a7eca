// SPDX-License-Identifier: Apache-2.0
#include "plot/plot_parameters.h"

#include <isl/aff.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <sstream>
#include <vector>

#include "plot/affine_eval.h"
#include "plot/domain_points.h"
#include "schedule/tile_loops.h"
#include "support/isl_text.h"
#include "support/set_points.h"

namespace loopscape {

namespace {

constexpr int kTilesWanted = 3;
constexpr long kLargestFactor = 64;
// The most instances the starting values are scanned for; past it isl counts the tiles.
constexpr long kLargestCensus = 1'000'000;

std::vector<isl::union_pw_aff> tile_members(const isl::schedule& schedule) {
  std::vector<isl::union_pw_aff> members;
  isl_schedule_node* root = isl_schedule_get_root(schedule.get());
  isl_schedule_node_foreach_descendant_top_down(
      root,
      [](isl_schedule_node* node, void* user) -> isl_bool {
        if (isl_schedule_node_get_type(node) != isl_schedule_node_band) return isl_bool_true;
        isl_multi_union_pw_aff* band = isl_schedule_node_band_get_partial_schedule(node);
        const isl_size n = isl_multi_union_pw_aff_size(band);
        for (int k = 0; k < n; ++k) {
          isl_union_pw_aff* member = isl_multi_union_pw_aff_get_union_pw_aff(band, k);
          if (walks_tiles(member)) static_cast<std::vector<isl::union_pw_aff>*>(user)->push_back(isl::manage(member));
          else isl_union_pw_aff_free(member);
        }
        isl_multi_union_pw_aff_free(band);
        return isl_bool_true;
      },
      &members);
  isl_schedule_node_free(root);
  return members;
}

// The points of `set` (its parameters fixed), counted up to `limit` (limit +
// 1 means "more"). By the loops that scan each set (support/set_points.h): isl's
// point-by-point search took most of the time of a step that tiles.
long count_up_to(const isl::union_set& set, long limit) {
  long n = 0;
  set.foreach_set([&](isl::set s) {
    if (n > limit) return;
    const isl_size params = isl_set_dim(s.get(), isl_dim_param);
    s = isl::manage(isl_set_project_out(s.release(), isl_dim_param, 0, static_cast<unsigned>(params)));
    if (isl_set_is_bounded(s.get()) != isl_bool_true) {
      n = limit + 1;
      return;
    }
    for_each_point(s, [&](const std::vector<long>&) { return ++n <= limit; });
  });
  return n;
}

isl::union_set at_values(const isl::union_set& domains, const Program& program,
                         const std::map<std::string, long>& values) {
  isl::union_set fixed = domains;
  for (const std::string& name : program.parameters) {
    const auto it = values.find(name);
    if (it == values.end()) continue;
    isl_union_set* s = fixed.release();
    isl_space* space = isl_union_set_get_space(s);
    const int pos = isl_space_find_dim_by_name(space, isl_dim_param, name.c_str());
    isl_space_free(space);
    if (pos < 0) {
      fixed = isl::manage(s);
      continue;
    }
    isl_set* params = isl_set_universe(isl_union_set_get_space(s));
    params = isl_set_fix_si(params, isl_dim_param, static_cast<unsigned>(pos), static_cast<int>(it->second));
    fixed = isl::manage(isl_union_set_intersect_params(s, params));
  }
  return fixed;
}

// The instances at `values` (counted up to `cap`; cap + 1: more) and the
// tiles they show (summed over the tiled loops, each up to kTilesWanted), from
// one scan of the domains with the tile loops evaluated in C++: isl's image
// of the domain under each tile loop was most of a tiled step's choice. The
// loops that scan each statement's domain are built once for all the values
// tried. Nullopt where a domain is unbounded or a tile loop is not one affine
// piece on it.
struct Census {
  long points = 0;
  long shown = 0;
};

class CensusTaker {
 public:
  CensusTaker(const Program& program, const isl::union_set& domains, const std::vector<isl::union_pw_aff>& tiles)
      : tiles_(tiles.size()) {
    for (const isl::union_pw_aff& member : tiles) strides_.push_back(tile_stride(member.get()));
    domains.foreach_set([&](isl::set set) {
      Statement s;
      s.domain = program.context.is_null() ? set : set.intersect_params(program.context);
      if (isl_set_is_bounded(s.domain.get()) != isl_bool_true) usable_ = false;
      for (const isl::union_pw_aff& member : tiles) {
        isl_space* space = isl_space_add_dims(isl_space_from_domain(set.space().release()), isl_dim_out, 1);
        s.members.push_back(isl::manage(isl_union_pw_aff_extract_pw_aff(member.copy(), space)));
      }
      statements_.push_back(std::move(s));
    });
  }

  // By rows of points (ScanLoops::run_rows): a tile loop is monotone along
  // an innermost loop, so a row's first and last points bound the tiles it
  // shows, and the tiles between are taken to show too (a row's step moves
  // the tiled expression by less than a tile). Point by point, a plot of
  // register blocks took 30-70 ms a step to choose its values.
  std::optional<Census> take(const std::map<std::string, long>& values, long cap) {
    if (!usable_) return std::nullopt;
    Census c;
    std::vector<long> lowest(tiles_, std::numeric_limits<long>::max());
    std::vector<long> highest(tiles_, std::numeric_limits<long>::min());
    for (Statement& s : statements_) {
      std::vector<std::optional<AffineEvaluator>> evaluators;  // nullopt: the tile loop is not on this statement
      for (const isl::pw_aff& value : s.members) {
        if (isl_pw_aff_n_piece(value.get()) == 0) {
          evaluators.emplace_back();
          continue;
        }
        evaluators.push_back(AffineEvaluator::of(value, s.domain, values));
        if (!evaluators.back()) return std::nullopt;
      }
      if (!s.scan) s.scan = std::make_unique<ParametricScan>(s.domain);
      try {
        s.scan->for_each_row(values, [&](const std::vector<long>& first, const std::vector<long>& last, long n) {
          c.points += n;
          if (c.points > cap) return false;
          for (std::size_t k = 0; k < evaluators.size(); ++k) {
            if (!evaluators[k]) continue;
            const long a = (*evaluators[k])(first), b = (*evaluators[k])(last);
            lowest[k] = std::min({lowest[k], a, b});
            highest[k] = std::max({highest[k], a, b});
          }
          return true;
        });
      } catch (const std::invalid_argument&) {
        return std::nullopt;
      }
      if (c.points > cap) return c;
    }
    for (std::size_t k = 0; k < tiles_; ++k)
      if (lowest[k] <= highest[k])
        c.shown += std::min<long>((highest[k] - lowest[k]) / strides_[k] + 1, kTilesWanted);
    return c;
  }

 private:
  struct Statement {
    isl::set domain;                  // with the program's context
    std::vector<isl::pw_aff> members; // each tile loop on it (no piece: not on it)
    std::unique_ptr<ParametricScan> scan;
  };
  std::size_t tiles_;
  std::vector<long> strides_;  // per tile loop, the distance between its values (16 for 16 * floor(t / 16))
  std::vector<Statement> statements_;
  bool usable_ = true;
};

}  // namespace

const PlotParameterChoice* PlotParameterMemo::find(const std::string& key) const {
  const auto it = choices_.find(key);
  return it == choices_.end() ? nullptr : &it->second;
}

void PlotParameterMemo::keep(const std::string& key, const PlotParameterChoice& choice) {
  constexpr std::size_t kKept = 64;
  if (choices_.size() >= kKept) choices_.clear();
  choices_[key] = choice;
}

namespace {

// The search for `schedule`, whose tile loops are `tiles`.
PlotParameterChoice search_plot_parameters(const Program& program, const isl::schedule& schedule,
                                           const std::vector<isl::union_pw_aff>& tiles, long point_cap) {
  PlotParameterChoice choice;
  choice.values = default_parameter_values(program);
  if (tiles.empty()) return choice;
  program.isl().bounded("plot parameter values", [&] {
    const isl::union_set domains = schedule.domain();
    // How many of the wanted tiles show, summed over the tiled loops (each
    // counted up to kTilesWanted), and whether all show enough.
    auto tiles_shown = [&](const isl::union_set& fixed) {
      long sum = 0;
      for (const isl::union_pw_aff& member : tiles) {
        const isl::union_set seen = isl::manage(
            isl_union_set_apply(fixed.copy(), isl_union_map_from_union_pw_aff(member.copy())));
        sum += std::min<long>(count_up_to(seen, kTilesWanted), kTilesWanted);
      }
      return sum;
    };
    const long wanted = kTilesWanted * static_cast<long>(tiles.size());
    auto fits_context = [&](const std::map<std::string, long>& values) {
      return program.context.is_null() || !fix_parameters(program.context, values, "the program's context").is_empty();
    };
    // Instances (up to `cap`) and tiles shown at `values`: by one scan where
    // the census can, else by isl.
    CensusTaker taker(program, domains, tiles);
    // A census past the cap is an answer too: isl counting the same
    // instances again cost a 2mm step of register blocks 70 ms.
    auto measure = [&](const std::map<std::string, long>& values, long cap) {
      if (const std::optional<Census> c = taker.take(values, cap)) return *c;
      const isl::union_set fixed = at_values(domains, program, values);
      Census c;
      c.points = count_up_to(fixed, cap);
      if (c.points <= cap) c.shown = tiles_shown(fixed);
      return c;
    };
    const std::map<std::string, long> base = choice.values;
    long shown = 0;
    if (const std::optional<Census> c = taker.take(base, kLargestCensus); c && c->points <= kLargestCensus)
      shown = c->shown;
    else
      shown = tiles_shown(at_values(domains, program, base));
    // Greedy: double the one parameter whose doubling shows the most tiles
    // (the fewest instances on a tie; a step that shows no more yet may lead
    // to one that does), while the domain stays under the cap. The values
    // kept are the first that showed the most: doublings past them only add
    // instances (heat-3d's time steps went on to 512 at n = 8, a plot of
    // 200,000 points in which no tile could be told from the next).
    std::map<std::string, long> first_best = choice.values;
    long most_shown = shown;
    while (shown < wanted) {
      std::optional<std::map<std::string, long>> best;
      long best_shown = -1, best_points = 0;
      for (const std::string& name : program.parameters) {
        std::map<std::string, long> values = choice.values;
        if (values[name] <= 0 || values[name] * 2 > base.at(name) * kLargestFactor) continue;
        values[name] *= 2;
        if (!fits_context(values)) continue;
        const Census at = measure(values, point_cap);
        if (at.points > point_cap) continue;
        const long points = at.points, now = at.shown;
        if (now > best_shown || (now == best_shown && points < best_points)) {
          best = values;
          best_shown = now;
          best_points = points;
        }
      }
      if (!best) break;
      choice.values = *best;
      shown = best_shown;
      if (shown > most_shown) {
        most_shown = shown;
        first_best = choice.values;
      }
    }
    choice.values = first_best;
    shown = most_shown;
    const bool enough = shown >= wanted;
    if (choice.values == base) return;
    std::ostringstream note;
    std::string sep;
    for (const std::string& name : program.parameters) {
      note << sep << name << " = " << choice.values[name];
      sep = ", ";
    }
    note << (enough ? ": chosen so that at least 3 tiles show along each tiled loop"
                                   : ": as many tiles as fit under the plot's cap of " + std::to_string(point_cap) +
                                         " instances");
    choice.note = note.str();
  });
  return choice;
}

}  // namespace

PlotParameterChoice choose_plot_parameters(const Program& program, const isl::schedule& schedule, long point_cap,
                                           PlotParameterMemo* memo) {
  if (program.parameters.empty()) return PlotParameterChoice{default_parameter_values(program), ""};
  std::vector<isl::union_pw_aff> tiles;
  std::string key;
  program.isl().bounded("plot parameter values", [&] {
    tiles = tile_members(schedule);
    if (!memo) return;
    std::vector<std::string> texts;
    for (const isl::union_pw_aff& member : tiles) texts.push_back(sorted_isl_string(member));
    std::sort(texts.begin(), texts.end());
    key = std::to_string(point_cap) + "\n" + sorted_isl_string(schedule.domain());
    for (const std::string& text : texts) key += "\n" + text;
  });
  if (!memo) return search_plot_parameters(program, schedule, tiles, point_cap);
  if (const PlotParameterChoice* known = memo->find(key)) return *known;
  PlotParameterChoice choice = search_plot_parameters(program, schedule, tiles, point_cap);
  memo->keep(key, choice);
  return choice;
}

}  // namespace loopscape
