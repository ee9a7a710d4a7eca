// SPDX-License-Identifier: Apache-2.0
#include "analysis/explicit_transfers.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <sstream>

#include "analysis/affine_text.h"
#include "schedule/tags.h"
#include "support/c_text.h"

namespace loopscape {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) out.push_back(part);
  return out;
}

// "A[i - 1][0]" -> ("A", {"i - 1", "0"}).
std::pair<std::string, std::vector<std::string>> split_element(const std::string& element) {
  const std::size_t bracket = element.find('[');
  std::vector<std::string> indices;
  std::size_t at = bracket;
  while (at != std::string::npos && at < element.size()) {
    const std::size_t close = element.find(']', at);
    if (close == std::string::npos) break;
    indices.push_back(element.substr(at + 1, close - at - 1));
    at = element.find('[', close);
  }
  std::string name = element.substr(0, bracket);
  name.erase(name.find_last_not_of(' ') + 1);
  return {name, indices};
}

long value_at(const isl::pw_aff& f, const isl::point& p) {
  isl::val v = isl::manage(isl_pw_aff_eval(f.copy(), p.copy()));
  return v.is_null() ? 0 : v.get_num_si();
}

std::vector<long> coordinates(const isl::point& p, int dims) {
  std::vector<long> out;
  for (int k = 0; k < dims; ++k)
    out.push_back(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, k)).get_num_si());
  return out;
}

isl::set fixed(isl::set set, const std::map<std::string, long>& values) {
  for (const auto& [name, value] : values) {
    const int pos = isl_set_find_dim_by_name(set.get(), isl_dim_param, name.c_str());
    if (pos >= 0) set = isl::manage(isl_set_fix_si(set.release(), isl_dim_param, static_cast<unsigned>(pos), static_cast<int>(value)));
  }
  return set;
}

// The iteration that starts at `iteration` (a time prefix) begins before or
// around the instance at `time`.
bool starts_no_later(const std::vector<long>& iteration, const std::vector<long>& time) {
  const std::size_t n = std::min(iteration.size(), time.size());
  return !std::lexicographical_compare(time.begin(), time.begin() + static_cast<long>(n), iteration.begin(),
                                       iteration.begin() + static_cast<long>(n));
}

std::string instance_text(const isl::point& p) {
  isl::space space = isl::manage(isl_point_get_space(p.get()));
  const char* name = isl_space_get_tuple_name(space.get(), isl_dim_set);
  std::string out = name ? name : "";
  out += "[";
  const std::vector<long> c = coordinates(p, static_cast<int>(isl_space_dim(space.get(), isl_dim_set)));
  for (std::size_t k = 0; k < c.size(); ++k) out += (k ? ", " : "") + std::to_string(c[k]);
  return out + "]";
}

std::string sizes_text(const std::map<std::string, long>& sizes) {
  std::string out;
  for (const auto& [name, value] : sizes) out += (out.empty() ? "" : ", ") + name + " = " + std::to_string(value);
  return out;
}

}  // namespace

std::vector<ExplicitTransfer> explicit_transfers(const Program& program, const isl::schedule& schedule) {
  std::vector<ExplicitTransfer> out;
  for (const Statement& s : program.statements)
    for (const auto& [depth, tag] : statement_tags(program, schedule, s)) {
      if ((tag.kind != "send" && tag.kind != "receive") || tag.args.size() < 5 || tag.args[0] != s.name) continue;
      ExplicitTransfer t;
      t.send = tag.kind == "send";
      t.statement = s.name;
      t.depth = depth;
      t.properties = split(tag.args[4], '|');
      const auto [array, indices] = split_element(tag.args[1]);
      t.array = array;
      const Array* a = program.find_array(array);
      const std::size_t dims = a ? a->extents.size() : indices.size();
      isl::space space = isl::manage(isl_space_from_domain(isl_set_get_space(s.domain.get())));
      space = isl::manage(isl_space_add_dims(space.release(), isl_dim_out, static_cast<unsigned>(dims)));
      isl_pw_aff_list* list = isl_pw_aff_list_alloc(program.ctx().get(), static_cast<int>(dims));
      for (std::size_t k = 0; k < dims; ++k) {
        const std::string index = k < indices.size() ? indices[k] : "0";
        list = isl_pw_aff_list_add(list, parse_affine(program, s, index, s.where, "the index").release());
      }
      t.start = isl::manage(isl_multi_pw_aff_from_pw_aff_list(space.release(), list));
      t.size = parse_affine(program, s, tag.args[2], s.where, "the message size");
      t.peer = parse_affine(program, s, tag.args[3], s.where, "the peer");
      t.text = s.name + (t.send ? " sends " : " receives ") + tag.args[2] + " element(s) " + (t.send ? "of " : "into ") +
               tag.args[1] + (t.send ? " to" : " from") + " the rank of " + tag.args[3];
      out.push_back(std::move(t));
    }
  return out;
}

std::set<std::string> arrays_moved_explicitly(const std::vector<ExplicitTransfer>& transfers) {
  std::set<std::string> out;
  for (const ExplicitTransfer& t : transfers) out.insert(t.array);
  return out;
}

std::optional<std::string> missing_transfer(const Program& program, const isl::schedule& schedule,
                                            const DistributionPlan& plan,
                                            const std::vector<ExplicitTransfer>& transfers, int ranks,
                                            const std::map<std::string, long>& sizes) {
  const std::set<std::string> manual = arrays_moved_explicitly(transfers);
  if (manual.empty() || !plan.distributed()) return std::nullopt;
  std::optional<std::string> missing;
  program.isl().bounded("check the sends and receives", [&] {
    const MessageVolume hull = message_volume(program, plan, 1, sizes, 0);
    if (!hull.lower || !hull.upper) return;
    const long lower = *hull.lower, upper = *hull.upper;
    auto owner = [&](long v) {
      for (int r = 0; r < ranks; ++r) {
        const auto [lo, hi] = rank_block(lower, upper, r, ranks);
        if (lo <= v && v <= hi) return r;
      }
      return -1;
    };
    std::map<std::string, long> values(sizes.begin(), sizes.end());
    auto extents_of = [&](const std::string& array) {
      std::vector<long> out;
      if (const Array* a = program.find_array(array))
        for (const std::string& e : a->extents) out.push_back(evaluate_integer(e, values, program.source_text).value_or(1));
      return out;
    };
    auto linear = [&](const std::vector<long>& index, const std::vector<long>& extents) {
      long l = 0;
      for (std::size_t k = 0; k < index.size(); ++k) l = l * (k < extents.size() ? extents[k] : 1) + index[k];
      return l;
    };
    const isl::union_map time = schedule.get_map();
    auto time_of = [&](const isl::point& instance) {
      const isl::set t = isl::manage(isl_set_from_union_set(
          isl::union_set(isl::set(instance)).apply(time).release()));
      const isl::point p = t.sample_point();
      return coordinates(p, static_cast<int>(isl_set_dim(t.get(), isl_dim_set)));
    };
    // The distributed value of an instance: its band's value map.
    auto value_of = [&](const isl::point& instance) -> std::optional<long> {
      for (const DistributedBand& b : plan.bands) {
        isl::union_set at = isl::union_set(isl::set(instance)).apply(b.value);
        if (!at.is_empty()) {
          const isl::set v = isl::manage(isl_set_from_union_set(at.release()));
          return coordinates(v.sample_point(), 1).at(0);
        }
      }
      return std::nullopt;
    };

    struct Receive {
      int rank, from;
      std::string array;
      long first, count;
      std::vector<long> time;  // the iteration's time, as long as its loop's depth
    };
    std::vector<Receive> receives;
    for (const ExplicitTransfer& t : transfers) {
      if (t.send) continue;
      const Statement* s = program.find_statement(t.statement);
      const std::vector<long> extents = extents_of(t.array);
      fixed(s->domain.intersect_params(program.context), sizes).foreach_point([&](isl::point p) {
        const std::optional<long> mine = value_of(p);
        if (!mine) return;
        Receive r{owner(*mine), owner(value_at(t.peer, p)), t.array, 0, value_at(t.size, p), time_of(p)};
        std::vector<long> start;
        for (int k = 0; k < static_cast<int>(isl_multi_pw_aff_dim(t.start.get(), isl_dim_out)); ++k)
          start.push_back(value_at(isl::manage(isl_multi_pw_aff_get_pw_aff(t.start.get(), k)), p));
        r.first = linear(start, extents);
        r.time.resize(std::min(r.time.size(), static_cast<std::size_t>(t.depth + 1)));
        receives.push_back(std::move(r));
      });
    }

    const isl::union_map writes = program.writes();
    for (const CommunicationPoint& point : plan.points) {
      if (point.gather) continue;
      for (const ExchangeArray& a : point.arrays) {
        if (!manual.count(a.array) || missing) continue;
        const std::vector<long> extents = extents_of(a.array);
        for (int from = 0; from < ranks && !missing; ++from)
          for (int to = 0; to < ranks && !missing; ++to) {
            if (from == to) continue;
            const auto [slo, shi] = rank_block(lower, upper, from, ranks);
            const auto [dlo, dhi] = rank_block(lower, upper, to, ranks);
            std::map<std::string, long> at = values;
            at[kSenderLow] = slo, at[kSenderHigh] = shi, at[kReceiverLow] = dlo, at[kReceiverHigh] = dhi;
            a.pairs.foreach_map([&](isl::map m) {
              if (missing) return;
              // The steps are free parameters here: every step's pairs at once.
              isl::set wrapped = fixed(m.wrap(), at);
              for (int k = 0; k < point.prefix_dims; ++k) {
                const std::string step = kPrefixParameter + std::to_string(k);
                const int pos = isl_set_find_dim_by_name(wrapped.get(), isl_dim_param, step.c_str());
                if (pos >= 0)
                  wrapped = isl::manage(isl_set_project_out(wrapped.release(), isl_dim_param, static_cast<unsigned>(pos), 1));
              }
              const isl::map pairs = isl::manage(isl_set_unwrap(wrapped.release()));
              pairs.wrap().foreach_point([&](isl::point pq) {
                if (missing) return;
                const isl::map pair = isl::manage(isl_map_from_union_map(isl_union_map_from_map(
                    isl_set_unwrap(isl_set_from_point(pq.copy())))));
                const isl::point writer = pair.domain().sample_point(), reader = pair.range().sample_point();
                const isl::set element = isl::manage(isl_set_from_union_set(
                    isl::union_set(isl::set(writer)).apply(writes).release()));
                const std::vector<long> index =
                    coordinates(element.sample_point(), static_cast<int>(isl_set_dim(element.get(), isl_dim_set)));
                const long l = linear(index, extents);
                const std::vector<long> read_time = time_of(reader);
                const bool covered = std::any_of(receives.begin(), receives.end(), [&](const Receive& r) {
                  return r.rank == to && r.from == from && r.array == a.array && r.first <= l && l < r.first + r.count &&
                         starts_no_later(r.time, read_time);
                });
                if (covered) return;
                std::string element_text = a.array;
                for (long v : index) element_text += "[" + std::to_string(v) + "]";
                missing = element_text + " from rank " + std::to_string(from) + " to rank " + std::to_string(to) +
                          ": " + instance_text(reader) + " on rank " + std::to_string(to) + " reads it (written by " +
                          instance_text(writer) + " on rank " + std::to_string(from) + "), but no receive of rank " +
                          std::to_string(to) + " brings it from rank " + std::to_string(from) + " before (" +
                          std::to_string(ranks) + " ranks" + (sizes.empty() ? "" : ", " + sizes_text(sizes)) + ")";
              });
            });
          }
      }
    }
  });
  return missing;
}

}  // namespace loopscape
