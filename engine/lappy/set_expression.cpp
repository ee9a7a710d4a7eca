// SPDX-License-Identifier: Apache-2.0
#include "lappy/set_expression.h"

#include <algorithm>
#include <stdexcept>

#include "support/text.h"

namespace loopscape::lappy::detail {

SetExpr SetExpr::piece(std::string iname, std::string upper) {
  SetExpr e;
  e.iname = std::move(iname);
  e.upper = std::move(upper);
  return e;
}

namespace {

SetExpr node(SetExpr::Kind kind, std::vector<SetExpr> children) {
  if (children.size() == 1) return std::move(children.front());
  SetExpr e;
  e.kind = kind;
  e.children = std::move(children);
  return e;
}

const char* name_of(SetExpr::Kind k) { return k == SetExpr::Kind::And ? "AND" : "OR"; }

// A drawing: lines of equal width, and the column its top is joined at.
struct Block {
  std::vector<std::string> lines;
  std::size_t width = 0;
  std::size_t center = 0;
};

void put(std::string& line, std::size_t column, const std::string& text) {
  if (line.size() < column + text.size()) line.resize(column + text.size(), ' ');
  line.replace(column, text.size(), text);
}

Block draw(const SetExpr& e) {
  if (e.kind == SetExpr::Kind::Piece) {
    const std::string text = piece_text(e);
    return Block{{text}, text.size(), text.size() / 2};
  }
  constexpr std::size_t gap = 5;
  std::vector<Block> children;
  for (const SetExpr& c : e.children) children.push_back(draw(c));
  std::vector<std::size_t> offsets;
  std::size_t width = 0;
  std::size_t height = 0;
  for (const Block& b : children) {
    offsets.push_back(width ? width + gap : 0);
    width = offsets.back() + b.width;
    height = std::max(height, b.lines.size());
  }
  const std::string label = name_of(e.kind);
  const std::size_t first = offsets.front() + children.front().center;
  const std::size_t last = offsets.back() + children.back().center;
  const std::size_t mid = (first + last + 1) / 2;
  const std::size_t label_at = mid >= label.size() / 2 + 1 ? mid - label.size() / 2 : 0;
  std::string top, joins, bars;
  put(top, label_at, label);
  const std::size_t left = label_at > first + 1 ? label_at - 1 : first + 1;
  const std::size_t right = std::max(label_at + label.size() - 1, left + 2);
  put(joins, first, "/" + std::string(left - first - 1, '-') + "/");
  put(joins, right, "\\" + std::string(last > right + 1 ? last - right - 1 : 0, '-') + "\\");
  for (std::size_t k = 0; k < children.size(); ++k) {
    const std::size_t c = offsets[k] + children[k].center;
    put(bars, c, "|");
    if (k == 0 || k + 1 == children.size()) continue;
    put(joins, c, (c > first && c < left) || (c > right && c < last) ? "+" : "|");
  }
  Block out;
  out.lines = {top, joins, bars};
  for (std::size_t row = 0; row < height; ++row) {
    std::string line;
    for (std::size_t k = 0; k < children.size(); ++k)
      if (row < children[k].lines.size()) put(line, offsets[k], children[k].lines[row]);
    out.lines.push_back(line);
  }
  out.width = width;
  for (const std::string& l : out.lines) out.width = std::max(out.width, l.size());
  for (std::string& l : out.lines) l.resize(out.width, ' ');
  out.center = mid;
  return out;
}

void collect(const SetExpr& e, const std::string& iname, const SetExpr*& found) {
  if (e.kind == SetExpr::Kind::Piece) {
    if (e.iname == iname) found = &e;
    return;
  }
  for (const SetExpr& c : e.children) collect(c, iname, found);
}

}  // namespace

SetExpr SetExpr::all(std::vector<SetExpr> children) { return node(Kind::And, std::move(children)); }
SetExpr SetExpr::any(std::vector<SetExpr> children) { return node(Kind::Or, std::move(children)); }

std::string piece_text(const SetExpr& p) { return "{ " + p.lower + " <= " + p.iname + " < " + p.upper + " }"; }

std::string one_line(const SetExpr& e) {
  if (e.kind == SetExpr::Kind::Piece) return piece_text(e);
  std::vector<std::string> parts;
  for (const SetExpr& c : e.children) parts.push_back(one_line(c));
  return std::string(name_of(e.kind)) + "(" + join(parts) + ")";
}

std::string drawn(const SetExpr& e) {
  std::string out;
  for (std::string line : draw(e).lines) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::vector<const SetExpr*> pieces_of(const SetExpr& e, const std::vector<std::string>& inames) {
  std::vector<const SetExpr*> out;
  for (const std::string& i : inames) {
    const SetExpr* found = nullptr;
    collect(e, i, found);
    if (!found) throw std::out_of_range("no piece for iname '" + i + "' in " + one_line(e));
    out.push_back(found);
  }
  return out;
}

std::string isl_text(const SetExpr& e, const std::vector<std::string>& parameters, const std::string& tuple,
                     const std::vector<std::string>& inames) {
  std::vector<std::string> constraints;
  for (const SetExpr* p : pieces_of(e, inames))
    constraints.push_back(p->lower + " <= " + p->iname + " < " + p->upper);
  return "[" + join(parameters) + "] -> { " + tuple + "[" + join(inames) + "]" +
         (constraints.empty() ? "" : " : " + join(constraints, " and ")) + " }";
}

}  // namespace loopscape::lappy::detail
