// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a loop walks a statement's array accesses, the automatic schedule's
// measure of spatial locality: an access whose element moves along the last
// subscript only reads consecutive memory (+1), one that moves in an outer
// subscript jumps a row (-1), one that stays costs nothing (0).
#include <isl/aff_type.h>

#include <optional>
#include <string>
#include <vector>

#include "autoschedule/statement_layout.h"

namespace loopscape {

// The access's subscripts as one affine function of the statement's
// iterators (its first piece); the caller frees it. Null when it has none.
isl_multi_aff* access_subscripts(const Access& a);
// The sum over s's accesses as the iterators move by `direction`.
int walk_score(const Statement& s, const std::vector<long>& direction);
// Whether the access reads or writes the same element as iterator x moves
// (reuse a loop over x carries: A[i][k] across j in a matrix product).
bool element_stays(const Access& a, int x);
// Whether the access walks consecutive elements as iterator x moves:
// coefficient 1 in its last subscript, 0 in the others.
bool walks_consecutively(const Access& a, int x);
// The same for a loop over iterator x alone.
int spatial_score(const Statement& s, int x);
// The iterator a loop row walks alone (+-x), or -1.
int plain_iterator(const AffineRow& row);
// The step through s's iterations from one iteration of its innermost loop to
// the next; nullopt when its loops are no unimodular basis of its iterators.
std::optional<std::vector<long>> innermost_direction(const StatementLayout& layout);
// "" when no statement of the deepest nests (where the work is: cholesky's
// 2-deep division does not count beside its 3-deep update) walks its
// accesses worse innermost outside tiles under `planned` than under
// `original`; otherwise the first that does, and how.
std::string locality_lost(const Program& program, const EditNode& original, const EditNode& planned);

}  // namespace loopscape
