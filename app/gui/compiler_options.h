// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the options to analyse a C file come from, as a compiler's would:
// the command line or a session file first, then what was last used for the
// file (remembered per file), then the file's entry in a compile_commands.json
// next to it or in a parent folder (as clangd finds it).
#include <QString>
#include <QStringList>
#include <optional>

#include "model/program.h"

namespace loopscape {

// The -I and -D options (and -include'd nothing) of `file`'s entry in the
// nearest compile_commands.json: nullopt when there is none or it has no
// entry for the file; `note` says which database was used, or why it was not
// (a malformed file is named, with the parser's message). An entry with a
// flag that makes the compiler run code (-fplugin, -B, a response file with
// one, ...) is not used: `refusal` (and `note`) say so, at its line and column.
std::optional<CompileOptions> compile_commands_options(const QString& file, QString* note = nullptr,
                                                       QString* refusal = nullptr);

// The options last used for `file` (absolute path), when there are any.
std::optional<CompileOptions> remembered_options(const QString& file);
void remember_options(const QString& file, const CompileOptions& options);

// The options for `file` when none were given: remembered, else from compile_commands.json.
CompileOptions options_for(const QString& file, QString* note = nullptr, QString* refusal = nullptr);

// "'polybench.h' file not found" -> "polybench.h"; empty for other messages.
QString missing_header(const QString& error);

// The folder nearest `file` (its own, siblings, up to two levels up, searched
// four levels deep) that holds `header`; empty when none does.
QString find_header_near(const QString& file, const QString& header);

}  // namespace loopscape
