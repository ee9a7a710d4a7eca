// SPDX-License-Identifier: Apache-2.0
#include "schedule/tree_printer.h"

#include <isl/schedule_node.h>
#include <isl/aff.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"
#include "support/text.h"

namespace loopscape {

std::string strip_parameters(const std::string& text) {
  if (text.empty() || text[0] != '[') return text;
  const auto arrow = text.find("-> {");
  if (arrow == std::string::npos) return text;
  return text.substr(arrow + 3);
}

namespace {

// "S10" after "S9": compares runs of digits by value.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// The text between the outer braces of an isl set/map print.
std::string inside_braces(const std::string& s) {
  const auto open = s.find('{');
  const auto close = s.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close <= open) return s;
  std::string in = s.substr(open + 1, close - open - 1);
  const auto b = in.find_first_not_of(' ');
  const auto e = in.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : in.substr(b, e - b + 1);
}

// `{ S[i] -> [(i - (i) mod 4), (j)] : c }` -> `{ S[i] -> [i - (i) mod 4, j] : c }`:
// drops the parentheses isl puts around each output of a function.
std::string unwrap_outputs(const std::string& text) {
  const auto arrow = text.find("-> [");
  if (arrow == std::string::npos) return text;
  const std::size_t open = arrow + 3;
  int depth = 0;
  std::size_t close = std::string::npos;
  std::vector<std::size_t> commas;
  for (std::size_t k = open; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 1) commas.push_back(k);
    if (depth == 0) {
      close = k;
      break;
    }
  }
  if (close == std::string::npos) return text;
  std::string out;
  std::size_t start = open + 1;
  commas.push_back(close);
  for (std::size_t c : commas) {
    std::string el = text.substr(start, c - start);
    const auto b = el.find_first_not_of(' ');
    el = b == std::string::npos ? std::string() : el.substr(b);
    // Strip one pair of parentheses when it encloses the whole element.
    if (el.size() >= 2 && el.front() == '(' && el.back() == ')') {
      int d = 0;
      bool whole = true;
      for (std::size_t k = 0; k + 1 < el.size(); ++k) {
        if (el[k] == '(') ++d;
        if (el[k] == ')') --d;
        if (d == 0) whole = false;
      }
      if (whole) el = el.substr(1, el.size() - 2);
    }
    out += (out.empty() ? "" : ", ") + el;
    start = c + 1;
  }
  return text.substr(0, open + 1) + out + text.substr(close);
}

struct Printer {
  TreePrintOptions opt;
  std::ostringstream out;

  std::string map_text(const std::string& s) const { return opt.show_parameters ? s : strip_parameters(s); }

  // A union map with its spaces in statement order (S0, S1, ..., S10).
  std::string union_map_text(const isl::union_map& m) const {
    std::vector<std::pair<std::string, std::string>> parts;
    std::string params;
    m.foreach_map([&](isl::map piece) {
      std::string text = to_text(piece);
      if (params.empty() && text[0] == '[') params = text.substr(0, text.find("-> {") + 3);
      parts.emplace_back(piece.has_domain_tuple_id() ? piece.domain_tuple_id().name() : std::string(),
                         inside_braces(text));
    });
    std::stable_sort(parts.begin(), parts.end(),
                     [](const auto& a, const auto& b) { return natural_less(a.first, b.first); });
    std::string body;
    for (const auto& p : parts) body += (body.empty() ? "" : "; ") + p.second;
    return (opt.show_parameters ? params : std::string()) + "{ " + body + (body.empty() ? "}" : " }");
  }

  void line(int depth, const std::string& text, const std::string& suffix) {
    out << std::string(static_cast<std::size_t>(depth * opt.indent), ' ') << text << suffix << "\n";
  }

  static isl_schedule_node_type type(const isl::schedule_node& n) {
    return isl_schedule_node_get_type(n.get());
  }

  // Suffix from the mark chain that starts at `n` (n may be a non-mark).
  static std::string suffix_of(const std::vector<std::string>& names, const std::vector<LoopTag>& tags,
                               bool set_node) {
    std::string s;
    for (const auto& n : names) s += " : " + n;
    if (set_node) s += " [parallel]";
    for (const auto& t : tags) s += " [" + t.display() + "]";
    return s;
  }

  // A band's partial schedule as a function per statement: `{ S0[i, j] -> [i, j] }`.
  std::string band_text(const isl::schedule_node& band) const {
    isl::multi_union_pw_aff mupa = band.as<isl::schedule_node_band>().partial_schedule();
    isl::union_pw_multi_aff f = isl::manage(isl_union_pw_multi_aff_from_multi_union_pw_aff(mupa.release()));
    f = f.intersect_domain(node_domain(band).universe());
    std::vector<std::pair<std::string, std::string>> parts;
    std::string params;
    std::vector<isl::pw_multi_aff> pieces;
    isl_union_pw_multi_aff_foreach_pw_multi_aff(
        f.get(),
        [](isl_pw_multi_aff* pma, void* user) {
          static_cast<std::vector<isl::pw_multi_aff>*>(user)->push_back(isl::manage(pma));
          return isl_stat_ok;
        },
        &pieces);
    for (const isl::pw_multi_aff& piece : pieces) {
      std::string text = to_text(piece);
      if (params.empty() && text[0] == '[') params = text.substr(0, text.find("-> {") + 3);
      isl::space sp = piece.space();
      parts.emplace_back(sp.has_domain_tuple_id() ? sp.domain_tuple_id().name() : std::string(),
                         inside_braces(unwrap_outputs(text)));
    }
    std::stable_sort(parts.begin(), parts.end(),
                     [](const auto& a, const auto& b) { return natural_less(a.first, b.first); });
    std::string body;
    for (const auto& p : parts) body += (body.empty() ? "" : "; ") + p.second;
    return (opt.show_parameters ? params : std::string()) + "{ " + body + (body.empty() ? "}" : " }");
  }

  std::string empty_schedule(const isl::schedule_node& n) {
    isl::union_set dom = node_domain(n).universe();
    return union_map_text(isl::union_map::from_domain(dom));
  }

  // Prints `node` (marks allowed) at `depth`; `names`/`tags` come from marks
  // above already consumed (a transparent filter passes them down).
  void print(isl::schedule_node node, int depth, std::vector<std::string> names, std::vector<LoopTag> tags) {
    while (is_mark(node)) {
      const std::string id = mark_id_name(node);
      if (auto t = LoopTag::parse(id))
        tags.push_back(*t);
      else
        names.push_back(id);
      node = node.child(0);
    }
    switch (type(node)) {
      case isl_schedule_node_domain:
        print(node.child(0), depth, names, tags);
        return;
      case isl_schedule_node_band: {
        line(depth, band_text(node), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      case isl_schedule_node_sequence:
      case isl_schedule_node_set: {
        line(depth, empty_schedule(node), suffix_of(names, tags, type(node) == isl_schedule_node_set));
        for (int k = 0; k < static_cast<int>(node.n_children()); ++k) print(node.child(k), depth + 1, {}, {});
        return;
      }
      case isl_schedule_node_filter: {
        const auto parent = node.has_parent() ? type(node.parent()) : isl_schedule_node_error;
        if (parent == isl_schedule_node_sequence || parent == isl_schedule_node_set) {
          print(node.child(0), depth, names, tags);  // transparent
          return;
        }
        isl::union_set f = isl::manage(isl_schedule_node_filter_get_filter(node.get()));
        line(depth, "filter " + map_text(to_text(f)), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      case isl_schedule_node_leaf: {
        bool show = !names.empty() || !tags.empty();
        if (!show) {
          isl::schedule_node p = node;
          while (p.has_parent() && is_mark(p.parent())) p = p.parent();
          const auto parent = p.has_parent() ? type(p.parent()) : isl_schedule_node_domain;
          show = parent == isl_schedule_node_domain || parent == isl_schedule_node_filter;
        }
        if (show) line(depth, empty_schedule(node), suffix_of(names, tags, false));
        return;
      }
      case isl_schedule_node_context: {
        isl::set c = isl::manage(isl_schedule_node_context_get_context(node.get()));
        line(depth, "context " + to_text(c), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      case isl_schedule_node_guard: {
        isl::set g = isl::manage(isl_schedule_node_guard_get_guard(node.get()));
        line(depth, "guard " + to_text(g), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      case isl_schedule_node_extension: {
        isl::union_map e = isl::manage(isl_schedule_node_extension_get_extension(node.get()));
        line(depth, "extension " + map_text(to_text(e)), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      case isl_schedule_node_expansion: {
        isl::union_map e = isl::manage(isl_schedule_node_expansion_get_expansion(node.get()));
        line(depth, "expansion " + map_text(to_text(e)), suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
      }
      default:
        line(depth, "<" + node_type_name(node) + ">", suffix_of(names, tags, false));
        print_children(node, depth + 1);
        return;
    }
  }

  void print_children(const isl::schedule_node& node, int depth) {
    for (int k = 0; k < static_cast<int>(node.n_children()); ++k) print(node.child(k), depth, {}, {});
  }
};

}  // namespace

std::string print_schedule_subtree(const isl::schedule_node& node, const TreePrintOptions& options) {
  Printer p{options, {}};
  p.print(node, 0, {}, {});
  return p.out.str();
}

std::string print_schedule_tree(const isl::schedule& schedule, const TreePrintOptions& options) {
  return print_schedule_subtree(schedule.root(), options);
}

}  // namespace loopscape
