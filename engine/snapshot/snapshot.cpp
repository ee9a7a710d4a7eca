// SPDX-License-Identifier: Apache-2.0
#include "snapshot/snapshot.h"

#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <cctype>
#include <set>
#include <sstream>

#include "analysis/legality.h"
#include "codegen/registry/registry.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"
#include "schedule/tree_printer.h"
#include "support/text.h"
#include "plot/plot_parameters.h"

namespace loopscape {

int Snapshot::statementIndex(const std::string& name) const {
  for (std::size_t k = 0; k < statements.size(); ++k)
    if (statements[k].name == name) return static_cast<int>(k);
  return -1;
}

const CodeInfo* Snapshot::findCode(const std::string& target) const {
  for (const CodeInfo& c : code)
    if (c.target == target) return &c;
  return nullptr;
}

bool Snapshot::code_pending() const {
  return std::any_of(code.begin(), code.end(), [](const CodeInfo& c) { return c.pending; });
}

namespace {

// The band's partial schedule as the tree printer writes it, without its suffix.
std::string band_text(const isl::schedule_node& band) {
  std::string first = print_schedule_subtree(band);
  first = first.substr(0, first.find('\n'));
  const auto close = first.rfind('}');
  return close == std::string::npos ? first : first.substr(0, close + 1);
}

// The firing of each plot point (the same statement and iteration), -1 for none.
std::vector<int> point_firings(const PlotData& plot, const PeActivity& activity) {
  std::map<std::pair<std::string, std::vector<long>>, int> index;
  for (std::size_t f = 0; f < activity.firings.size(); ++f)
    index.emplace(std::make_pair(activity.firings[f].statement, activity.firings[f].iteration), static_cast<int>(f));
  std::vector<int> out(plot.points.size(), -1);
  for (std::size_t k = 0; k < plot.points.size(); ++k) {
    const std::span<const long> c = plot.coords(k);
    const auto found = index.find({plot.statement_name(k), std::vector<long>(c.begin(), c.end())});
    if (found != index.end()) out[k] = found->second;
  }
  return out;
}

// The rank of each plot point: its distributed loop's value is the time
// vector's entry for the band member at the band's schedule depth.
std::vector<int> point_ranks(const PlotData& plot, const DistributionPlan& plan,
                             const std::vector<std::pair<long, long>>& blocks) {
  std::vector<int> time_index(plot.statements.size(), -1);
  for (std::size_t s = 0; s < plot.statements.size(); ++s)
    for (const DistributedBand& band : plan.bands)
      if (std::find(band.statements.begin(), band.statements.end(), plot.statements[s].name) != band.statements.end()) {
        int loops = 0;
        const auto& dims = plot.statements[s].time_dims;
        for (std::size_t d = 0; d < dims.size(); ++d)
          if (dims[d].kind == PlotTimeDim::Kind::Loop && loops++ == band.depth) time_index[s] = static_cast<int>(d);
      }
  std::vector<int> ranks(plot.points.size(), -1);
  for (std::size_t k = 0; k < plot.points.size(); ++k) {
    const PlotPoint& pt = plot.points[k];
    const int d = time_index[static_cast<std::size_t>(pt.statement)];
    if (d < 0 || static_cast<std::uint32_t>(d) >= pt.time_size) continue;
    const long value = plot.times[pt.time + static_cast<std::uint32_t>(d)];
    for (std::size_t r = 0; r < blocks.size(); ++r)
      if (blocks[r].first <= value && value <= blocks[r].second) ranks[k] = static_cast<int>(r);
  }
  return ranks;
}

std::vector<std::string> statements_of(const isl::union_set& domain) {
  std::vector<std::string> names;
  domain.foreach_set([&](isl::set s) {
    if (const char* name = isl_set_get_tuple_name(s.get())) names.push_back(name);
  });
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  return names;
}

struct TreeWalker {
  const Program& program;
  std::vector<TreeNodeInfo>& nodes;

  // `reaching`: the instances reaching `node` (isl's node domain, carried down
  // instead of recomputed from the root at every node).
  void walk(isl::schedule_node node, int parent, int depth, isl::union_set reaching) {
    std::string name;
    std::vector<std::string> tags;
    std::vector<std::string> loop_names;  // from a "@loops(...)" mark: names of the band's members
    while (is_mark(node)) {
      const std::string id = mark_id_name(node);
      if (auto tag = LoopTag::parse(id)) {
        if (tag->kind == "loops")
          loop_names = tag->args;
        else
          tags.push_back(tag->display());
      } else {
        name = id;
      }
      node = node.child(0);
    }
    const auto type = isl_schedule_node_get_type(node.get());
    // Filters under a sequence or set only say which statements a child runs:
    // they stay as nodes (spec 000 names them) but show the statement list.
    TreeNodeInfo info;
    info.kind = node_type_name(node);
    info.name = name;
    info.tags = tags;
    info.parent = parent;
    info.depth = depth;
    if (type == isl_schedule_node_filter)
      reaching = isl::union_set(isl::manage(isl_schedule_node_filter_get_filter(node.get()))).intersect(reaching);
    info.statements = statements_of(reaching);
    switch (type) {
      case isl_schedule_node_band: {
        const auto band = node.as<isl::schedule_node_band>();
        info.text = band_text(node);
        info.permutable = band.permutable();
        const int n = static_cast<int>(band.n_member());
        for (int m = 0; m < n; ++m) {
          std::string member = member_loop_name(program, node, m);
          if (member.empty() && m < static_cast<int>(loop_names.size())) member = loop_names[static_cast<std::size_t>(m)];
          info.members.push_back(member);
          info.coincident.push_back(band.member_get_coincident(m));
        }
        break;
      }
      case isl_schedule_node_filter: {
        isl::union_set f = isl::manage(isl_schedule_node_filter_get_filter(node.get()));
        info.text = strip_parameters(to_text(f));
        break;
      }
      case isl_schedule_node_domain: {
        isl::union_set d = isl::manage(isl_schedule_node_domain_get_domain(node.get()));
        info.text = strip_parameters(to_text(d));
        break;
      }
      default:
        break;
    }
    const int index = static_cast<int>(nodes.size());
    nodes.push_back(info);
    if (parent >= 0) nodes[static_cast<std::size_t>(parent)].children.push_back(index);
    const int n_children = static_cast<int>(node.n_children());
    // Below an extension or expansion the instances change: isl says which.
    const bool changes = type == isl_schedule_node_extension || type == isl_schedule_node_expansion;
    for (int k = 0; k < n_children; ++k)
      walk(node.child(k), index, depth + 1, changes ? node_domain(node.child(k)) : reaching);
  }
};

std::string distance_text(const Dependence& d) {
  if (!d.distance) return {};
  std::string s = "(";
  for (std::size_t k = 0; k < d.distance->size(); ++k)
    s += (k ? ", " : "") + std::to_string((*d.distance)[k]);
  return s + ")";
}

DependenceInfo dependence_info(const Program& program, const Dependence& d) {
  DependenceInfo info;
  info.kind = short_name(d.kind);
  info.source = d.source_statement;
  info.sink = d.sink_statement;
  info.array = d.array;
  const Statement* source = program.find_statement(d.source_statement);
  const Statement* sink = program.find_statement(d.sink_statement);
  if (source && d.source_access >= 0) info.source_access = access_text(program, *source, d.source_access);
  if (sink && d.sink_access >= 0) info.sink_access = access_text(program, *sink, d.sink_access);
  info.relation = strip_parameters(to_text(d.relation));
  info.distance = distance_text(d);
  info.carried_level = d.carried_level;
  info.levels = d.levels;
  info.may = d.may;
  info.reduction = d.reduction;
  return info;
}

StatementInfo statement_info(const Statement& s) {
  StatementInfo info;
  info.name = s.name;
  info.line = s.where.line;
  info.column = s.where.column;
  info.source_text = s.source_text;
  info.domain_description = s.domain_description;
  for (const Loop& loop : s.loops) {
    info.loops.push_back(loop.iterator);
    info.loop_lines.push_back(loop.where.line);
  }
  return info;
}

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The array names of a C statement in order of appearance (identifiers followed by '[').
std::vector<std::string> array_sequence(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < text.size();) {
    if (is_identifier_char(text[k]) && !std::isdigit(static_cast<unsigned char>(text[k]))) {
      std::size_t e = k;
      while (e < text.size() && is_identifier_char(text[e])) ++e;
      std::size_t after = e;
      while (after < text.size() && text[after] == ' ') ++after;
      if (after < text.size() && text[after] == '[') out.push_back(text.substr(k, e - k));
      k = e;
    } else {
      ++k;
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

int indentation(const std::string& s) {
  int n = 0;
  while (n < static_cast<int>(s.size()) && (s[static_cast<std::size_t>(n)] == ' ')) ++n;
  return n;
}

bool contains_word(const std::string& line, const std::string& word) {
  for (std::size_t at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
    const bool left = at == 0 || !is_identifier_char(line[at - 1]);
    const std::size_t end = at + word.size();
    const bool right = end >= line.size() || !is_identifier_char(line[end]);
    if (left && right) return true;
  }
  return false;
}

// The statement a line of code runs: `S0(...)` in isl's AST, `S0[` in the
// tree, or a C assignment with the same arrays in the same order.
std::string statement_of_line(const Program& program, const std::string& line) {
  const std::string t = trim(line);
  if (t.empty() || t.rfind("for ", 0) == 0 || t.rfind("for(", 0) == 0 || t.rfind("#", 0) == 0 ||
      t.rfind("//", 0) == 0 || t.rfind("/*", 0) == 0)
    return {};
  std::string mentioned;
  int count = 0;
  for (const Statement& s : program.statements) {
    if (line.find(s.name + "(") != std::string::npos || line.find(s.name + "[") != std::string::npos) {
      if (contains_word(line, s.name)) {
        mentioned = s.name;
        ++count;
      }
    }
  }
  if (count == 1) return mentioned;
  if (count > 1) return {};
  const std::vector<std::string> arrays = array_sequence(t);
  if (arrays.empty() || t.back() != ';') return {};
  std::string best;
  for (const Statement& s : program.statements) {
    if (s.assign_op.empty() || t.find(s.assign_op) == std::string::npos) continue;
    const std::vector<std::string> own = array_sequence(s.source_text);
    if (own == arrays) return s.name;
    // A statement of scalars only has no array to compare.
    if (best.empty() && !own.empty() && arrays.front() == own.front()) best = s.name;
  }
  return best;
}

std::string loop_iterator(const std::string& header) {
  std::size_t k = header.find('(');
  if (k == std::string::npos) return {};
  std::string rest = trim(header.substr(k + 1));
  for (const char* type : {"int ", "long ", "unsigned ", "const "})
    while (rest.rfind(type, 0) == 0) rest = trim(rest.substr(std::char_traits<char>::length(type)));
  std::size_t e = 0;
  while (e < rest.size() && is_identifier_char(rest[e])) ++e;
  return rest.substr(0, e);
}

}  // namespace

void annotate_code(const Program& program, CodeInfo& code) {
  std::vector<std::string> lines;
  std::istringstream in(code.text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  code.line_statement.assign(lines.size(), std::string());
  code.loops.clear();
  for (std::size_t k = 0; k < lines.size(); ++k) code.line_statement[k] = statement_of_line(program, lines[k]);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string t = trim(lines[k]);
    if (t.rfind("for (", 0) != 0 && t.rfind("for(", 0) != 0) continue;
    CodeLoop loop;
    loop.line = static_cast<int>(k);
    loop.iterator = loop_iterator(t);
    const int indent = indentation(lines[k]);
    std::size_t last = k;
    for (std::size_t j = k + 1; j < lines.size(); ++j) {
      const std::string tj = trim(lines[j]);
      if (tj.empty()) continue;
      const int ij = indentation(lines[j]);
      if (ij > indent) {
        last = j;
        continue;
      }
      if (ij == indent && tj[0] == '}') last = j;
      break;
    }
    loop.last_line = static_cast<int>(last);
    std::set<std::string> seen;
    for (std::size_t j = k; j <= last; ++j)
      if (!code.line_statement[j].empty() && seen.insert(code.line_statement[j]).second)
        loop.statements.push_back(code.line_statement[j]);
    code.loops.push_back(loop);
  }
}

namespace {

CodeInfo described(const std::string& name) {
  CodeInfo info;
  info.target = name;
  if (const Target* target = find_target(name)) info.description = target->description();
  return info;
}

// Throws IslError: make_snapshot fails as a whole at the isl quota.
CodeInfo code_info(const LoadedProgram& loaded, const isl::schedule& schedule, const std::string& name,
                   AstCache& cache) {
  CodeInfo info = described(name);
  try {
    const GeneratedCode generated =
        generate(loaded.program, schedule, loaded.dependences.all(), name, {}, &cache, &loaded.dependences);
    info.text = generated.full_text();
    annotate_code(loaded.program, info);
  } catch (const IslError&) {
    throw;
  } catch (const std::exception& e) {
    info.error = e.what();
  }
  return info;
}

}  // namespace

CodeInfo make_code_info(const LoadedProgram& loaded, const isl::schedule& schedule, const std::string& target,
                        AstCache& cache) {
  try {
    return code_info(loaded, schedule, target, cache);
  } catch (const IslError& e) {
    CodeInfo info = described(target);
    info.error = e.what();
    return info;
  }
}

Snapshot make_program_snapshot(const LoadedProgram& loaded) {
  Snapshot snap;
  const Program& program = loaded.program;
  snap.file = program.file;
  snap.parameters = program.parameters;
  for (const Statement& s : program.statements) snap.statements.push_back(statement_info(s));
  for (const Dependence& d : loaded.dependences.list) snap.dependences.push_back(dependence_info(program, d));
  return snap;
}

Snapshot make_snapshot(const LoadedProgram& loaded, const isl::schedule& schedule, const SnapshotOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Snapshot snap = options.program_part ? *options.program_part : make_program_snapshot(loaded);
  const Program& program = loaded.program;
  program.isl().bounded("schedule tree", [&] {
    TreeWalker walker{program, snap.tree};
    walker.walk(schedule.root(), -1, 0, schedule.domain());
    snap.tree_text = print_schedule_tree(schedule);
  });
  std::optional<LegalityReport> report;
  if (options.check_legality) {
    report = options.legality ? *options.legality : check_schedule(program, loaded.dependences, schedule);
    snap.legal = report->legal();
    snap.legality = report->summary();
  }
  // One set of values for the plot and what is drawn over it (ranks, PEs).
  // Values the caller leaves out (a lesson's exercise names some) are the plot's own choice.
  PlotParameterChoice chosen;
  bool every_value = !options.plot_parameters.empty();
  for (const std::string& p : program.parameters) every_value = every_value && options.plot_parameters.count(p);
  if (!every_value)
    chosen = choose_plot_parameters(program, schedule, kChosenPlotPoints,
                                    options.plot_cache ? &options.plot_cache->parameter_choices() : nullptr);
  if (!options.plot_parameters.empty()) chosen.note.clear();
  for (const auto& [name, value] : options.plot_parameters) chosen.values[name] = value;
  if (options.plot) {
    PlotRequest request;
    request.parameters = chosen.values;
    if (options.plot_parameters.empty()) request.max_points = kChosenPlotPoints;
    request.cache = options.plot_cache.get();
    if (report && !report->legal()) request.legality = &*report;
    request.known_legal = report && report->legal();
    try {
      PlotData plot = build_plot_data(program, loaded.dependences, schedule, request);
      if (!chosen.note.empty()) plot.notes.insert(plot.notes.begin(), chosen.note);
      snap.plot = std::make_shared<const PlotData>(std::move(plot));
    } catch (const IslError&) {
      throw;
    } catch (const std::exception& e) {
      snap.plot_error = e.what();
    }
  }
  AstCache cache;
  if (subtree_has_tag(schedule.root(), "node")) {
    try {
      const DistributionPlan& plan = cache.distribution(program, schedule, loaded.dependences.read_after_write,
                                                        loaded.dependences.write_after_write);
      const std::map<std::string, long>& sizes = chosen.values;
      snap.ranks = std::max(1, options.ranks);
      snap.messages = std::make_shared<const MessageVolume>(message_volume(program, plan, snap.ranks, sizes));
      if (snap.messages->lower && snap.messages->upper)
        for (int r = 0; r < snap.ranks; ++r)
          snap.rank_blocks.push_back(rank_block(*snap.messages->lower, *snap.messages->upper, r, snap.ranks));
      if (snap.plot) snap.point_ranks = point_ranks(*snap.plot, plan, snap.rank_blocks);
    } catch (const IslError&) {
      throw;
    } catch (const std::exception& e) {
      snap.messages_error = e.what();
    }
  }
  if (subtree_has_tag(schedule.root(), "time")) {
    try {
      auto plan = std::make_shared<const SystolicPlan>(plan_systolic(program, schedule, loaded.dependences));
      if (!plan->arrays.empty()) {
        const std::map<std::string, long>& sizes = chosen.values;
        snap.pe_activity = std::make_shared<const PeActivity>(pe_activity(program, plan->arrays.front(), sizes));
        snap.systolic = plan;
        if (snap.plot) snap.point_firing = point_firings(*snap.plot, *snap.pe_activity);
      }
    } catch (const IslError&) {
      throw;
    } catch (const std::exception& e) {
      snap.systolic_error = e.what();
    }
  }
  const std::vector<std::string> targets = options.targets.empty() ? target_names_in_display_order() : options.targets;
  for (const std::string& name : targets) {
    if (options.code) {
      snap.code.push_back(code_info(loaded, schedule, name, cache));
      continue;
    }
    CodeInfo info = described(name);
    info.pending = true;
    snap.code.push_back(std::move(info));
  }
  snap.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return snap;
}

}  // namespace loopscape
