// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a C++ program hands what it defines to the app. `loopscape prog.cpp`,
// File › Open and `loopscape-cli info prog.cpp` build the program and run it
// with LOOPSCAPE_PUBLISH set to a folder; the program's definition (the
// program as C, its schedule commands, the C++ place of each statement)
// is written there, and the app opens it with the commands as the session's
// history. Without LOOPSCAPE_PUBLISH nothing here does anything.
//
// A tiramisu::function publishes itself when it is destroyed. A program
// built on a loopscape::Session (an exported session) calls publish() itself:
//
//   loopscape::Session session = loopscape::open("gemm.c");
//   session.statement("S1").interchange("k", "j");
//   loopscape::publish(session);
//
// A program that defines several functions is opened on the one created last;
// the app says which ones it left out.
#include <functional>
#include <string>

#include "session/session.h"

namespace loopscape {

// True when the program runs to publish what it defines (LOOPSCAPE_PUBLISH is set).
bool publish_requested();

// A number for each definition, in the order they are created: of several
// definitions, the one with the highest number is opened.
long next_definition_number();

// Publishes the session: its program, original schedule and commands.
// `name` names it in messages (default: the function holding the region);
// `number` orders it among the program's definitions (-1: now).
// A program whose C is read from a file (loopscape::open) is opened from that
// file; one whose C is held in memory (a rendering, loopscape::open_source)
// is published with its text. Errors writing the files throw InputError.
void publish(const Session& session, const std::string& name = {}, long number = -1);

// Publishes a definition that failed: the app reports `error` at its place.
void publish_failure(const std::string& name, long number, const std::string& error, const SourceLocation& where);

// What a definition's destructor does: publishes the session `session()`
// returns, or the error building it raised (an InputError at its place, any
// other at `where`). Never throws; does nothing unless publish_requested()
// and no exception is unwinding.
void publish_definition(const std::function<Session&()>& session, const std::string& name, long number,
                        const SourceLocation& where);

}  // namespace loopscape
