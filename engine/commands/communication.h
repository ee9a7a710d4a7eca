// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer IV: point-to-point transfers between distributed ranks (Tiramisu's
// send/receive pair built by create_xfer), shared by send.cpp and receive.cpp.
//
//   S.send(L, src, s, q [, {props}])     at each iteration of loop L of S, the
//                                        rank sends s elements of src (a buffer,
//                                        or an element B[e1][e2] to start at) to rank q
//   S.receive(L, dst, s, q [, {props}])  ... receives s elements into dst from rank q
//
// The rank is the value of S's distributed loop (distribute), which must be L
// or enclose it. q is an affine expression of S's iterators and the
// parameters ("r + 1"); the message is exchanged only where q is a valid rank.
// props: sync|async, block|nonblock, mpi|cuda, cpu2cpu|cpu2gpu|gpu2cpu|gpu2gpu
// (defaults: sync, block, mpi, cpu2cpu). Recorded as the loop tag
// "@send(S,src,s,q,props)" / "@receive(...)" on L, props joined by '|'.
#include "commands/command.h"

namespace loopscape {

// Why send/receive cannot apply to `statement` at `loop` ("" for any of its
// loops): no distributed loop is `loop` or encloses it. "" when one is.
// send(L, src, s, q [, {props}]) and receive(L, dst, s, q [, {props}]).
std::vector<CommandSyntax> transfer_syntaxes(bool send);
std::string transfer_unavailable(const CommandContext& context, const isl::schedule& schedule,
                                 const std::string& statement, const std::string& loop);

CommandOutcome record_transfer(const CommandContext& context, const CommandCall& call,
                               const isl::schedule& schedule, bool send);

}  // namespace loopscape
