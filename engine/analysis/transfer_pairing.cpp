// SPDX-License-Identifier: Apache-2.0
#include "analysis/transfer_pairing.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include "analysis/affine_text.h"
#include "schedule/loops.h"
#include "schedule/tags.h"

namespace loopscape {
namespace {

struct TransferHalf {
  bool send = false;
  std::string statement;
  std::string text;   // as the tree shows it
  isl::map ranks;     // { [this rank] -> [peer rank] } over the statement's instances
};

// The halves recorded on the statement's loops whose rank loop is a source loop.
std::vector<TransferHalf> halves_of(const Program& program, const isl::schedule& schedule, const Statement& s) {
  std::vector<TransferHalf> out;
  const std::vector<std::pair<int, LoopTag>> tags = statement_tags(program, schedule, s);
  int rank_depth = -1;
  for (const auto& [depth, t] : tags)
    if (t.kind == "node") rank_depth = depth;
  if (rank_depth < 0) return out;
  const std::vector<LoopRef> loops = loops_of_statement(program, schedule, s.name);
  const LoopRef& rank_loop = loops.at(static_cast<std::size_t>(rank_depth));
  const int rank_iterator = member_iterator_index(program, rank_loop.band, rank_loop.member, s);
  if (rank_iterator < 0) return out;
  const isl::set domain = s.domain.intersect_params(program.context);
  for (const auto& entry : tags) {
    const LoopTag& t = entry.second;
    if ((t.kind != "send" && t.kind != "receive") || t.args.size() < 4 || t.args[0] != s.name) continue;
    const isl::pw_aff peer = parse_affine(program, s, t.args[3], s.where, "the peer rank");
    const isl::pw_aff self = isl::manage(isl_pw_aff_var_on_domain(
        isl_local_space_from_space(isl_pw_aff_get_domain_space(peer.get())), isl_dim_set,
        static_cast<unsigned>(rank_iterator)));
    const isl::map own = isl::manage(isl_map_from_pw_aff(self.copy())).intersect_domain(domain);
    const isl::map other = isl::manage(isl_map_from_pw_aff(peer.copy())).intersect_domain(domain);
    // [this rank] -> [peer rank], peers limited to the ranks that exist.
    const isl::map ranks = own.reverse().apply_range(other).intersect_range(own.range());
    const bool send = t.kind == "send";
    out.push_back(TransferHalf{send, s.name,
                               s.name + (send ? " sends " : " receives ") + t.args[1] + (send ? " to rank " : " from rank ") +
                                   t.args[3],
                               ranks});
  }
  return out;
}

std::string rank_pair(const isl::map& pairs) {
  const isl::point p = pairs.wrap().sample_point();
  const auto at = [&](int k) {
    return std::to_string(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, k)).get_num_si());
  };
  return at(0) + " and " + at(1);
}

}  // namespace

std::vector<std::string> unmatched_transfers(const Program& program, const isl::schedule& schedule) {
  std::vector<std::string> out;
  program.isl().bounded("pair the sends and receives", [&] {
    std::vector<TransferHalf> halves;
    for (const Statement& s : program.statements) {
      std::vector<TransferHalf> h = halves_of(program, schedule, s);
      halves.insert(halves.end(), h.begin(), h.end());
    }
    if (halves.empty()) return;
    // Both as { [sender] -> [receiver] }.
    isl::union_map sent = isl::union_map::empty(program.ctx()), received = sent;
    for (const TransferHalf& h : halves) {
      if (h.send) sent = sent.unite(isl::union_map(h.ranks));
      else received = received.unite(isl::union_map(h.ranks.reverse()));
    }
    for (const TransferHalf& h : halves) {
      const isl::map as_sent = h.send ? h.ranks : h.ranks.reverse();
      isl::union_map missing = isl::union_map(as_sent).subtract(h.send ? received : sent);
      missing = missing.intersect_params(program.context);
      if (missing.is_empty()) continue;
      const isl::map pair = isl::manage(isl_map_from_union_map(missing.release()));
      const std::string ranks = rank_pair(pair);
      const std::string sender = ranks.substr(0, ranks.find(' ')), receiver = ranks.substr(ranks.rfind(' ') + 1);
      out.push_back(h.send ? h.text + ", but rank " + receiver + " has no receive for the message rank " + sender +
                                 " sends it"
                           : h.text + ", but rank " + sender + " sends rank " + receiver + " no message to receive");
    }
  });
  return out;
}

}  // namespace loopscape
