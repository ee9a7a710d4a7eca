// SPDX-License-Identifier: Apache-2.0
#pragma once
// A saved session (File › Save Session, the autosave): the C file, its compiler
// options, the commands in order and a little view state, as JSON:
//
//   {"format": "loopscape-session", "version": 1, "source": "/abs/matmul.c",
//    "compiler_options": {"defines": [], "include_dirs": [], "function": ""},
//    "commands": ["S1.interchange(i, j)"],
//    "variants": [["S1.tile(i, j, 32, 32)"]],   (other lines of work; may be absent)
//    "view": {"step": 1, "zoom_steps": 0, "code_target": "openmp"},
//    "lesson": "/abs/10-tiling.md",          (only when a lesson is open)
//    "exercise": 2, "answer": "1 3"}          (the exercise shown, 1-based, and its answer box)
//
// Reading checks everything it can without the engine: the JSON itself (a
// truncated file is named at its line:column), every field's type, and every
// command's syntax (named at the command's line in the file). Whether the
// commands still apply is for the replay (EngineWorker::openSession).
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

#include "model/program.h"

namespace loopscape {

struct SessionView {
  int step = -1;        // the history step shown; -1: the last
  int zoom_steps = 0;   // View › Zoom In/Out steps
  QString code_target;  // the Code dock's tab; empty: unchanged
};

struct SessionData {
  QString source;  // absolute path of the C file
  CompileOptions options;
  QStringList commands;  // script lines, first step first
  QList<QStringList> variants;  // the other lines of work (Session::variants), each from the original schedule
  SessionView view;
  QString lesson;  // absolute path of the open lesson (lessons/lesson.h); empty: none
  int exercise = 0;  // the lesson's exercise shown, 1-based (0: none); `lesson grade` grades it
  QString answer;    // that exercise's answer box
  // Where each command sits in the file ("FILE:LINE:COLUMN"), for the replay's messages.
  QStringList command_locations;
};

QByteArray sessionToJson(const SessionData& session);

// Writes atomically (a temporary file renamed over `path`): a crash while
// saving leaves the previous file whole.
bool writeSessionFile(const QString& path, const SessionData& session, QString* error);

// Parses and checks `bytes` read from `path` (relative sources are taken from
// `path`'s folder). On failure returns nothing and sets `error` to
// "PATH:LINE:COLUMN: what is wrong".
std::optional<SessionData> parseSession(const QByteArray& bytes, const QString& path, QString* error);
std::optional<SessionData> readSessionFile(const QString& path, QString* error);

}  // namespace loopscape
