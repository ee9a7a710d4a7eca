// SPDX-License-Identifier: Apache-2.0
#pragma once
// The loop domain of a lappy program as spec 001 keeps it: a set expression
// whose leaves are one-iname pieces ({ 0 <= i < n }) and whose inner nodes
// are intersections (AND) and unions (OR). Inames are labelled by name, not
// by position, so they keep their names through transposes.
#include <string>
#include <vector>

namespace loopscape::lappy::detail {

struct SetExpr {
  enum class Kind { And, Or, Piece };
  Kind kind = Kind::Piece;
  std::vector<SetExpr> children;  // And, Or
  std::string iname;              // Piece: lower <= iname < upper
  std::string lower = "0";
  std::string upper;

  static SetExpr piece(std::string iname, std::string upper);
  // An AND (an OR) of `children`; a single child stands for itself.
  static SetExpr all(std::vector<SetExpr> children);
  static SetExpr any(std::vector<SetExpr> children);
};

// "{ 0 <= i < n }".
std::string piece_text(const SetExpr& piece);
// "OR(AND({ 0 <= i < n }, { 0 <= j < n }), { 0 <= i_dup < n })".
std::string one_line(const SetExpr& e);
// The tree drawn as the spec draws it: each operator centred above its
// children, joined to them by /----/ \----\ and |.
std::string drawn(const SetExpr& e);
// The pieces of the named inames, in that order (throws std::out_of_range for one not in the tree).
std::vector<const SetExpr*> pieces_of(const SetExpr& e, const std::vector<std::string>& inames);
// "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }": the AND of the pieces of
// `inames` as an isl set named `tuple` (what each instruction's domain ends as).
std::string isl_text(const SetExpr& e, const std::vector<std::string>& parameters, const std::string& tuple,
                     const std::vector<std::string>& inames);

}  // namespace loopscape::lappy::detail
