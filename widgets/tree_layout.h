// SPDX-License-Identifier: Apache-2.0
#pragma once
// A layered layout for trees, computed here instead of by Graphviz: each
// subtree gets the width of its children side by side (or of its own box when
// wider), parents sit centred above their children, edges are straight. Dot
// takes a third of a second and more on a schedule tree of hundreds of nodes
// (a nest of hundreds of statements); this takes a millisecond.
#include "graph_layout.h"

namespace loopscape {

// `edges` must make a forest (every node the head of at most one edge; the
// first node without a parent is laid out first). Same coordinates as
// layoutGraph: pixels, y down, top-to-bottom only.
GraphLayout layoutTree(const QList<LayoutNode>& nodes, const QList<LayoutEdge>& edges,
                       const LayoutOptions& options = {});

}  // namespace loopscape
