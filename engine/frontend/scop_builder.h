// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to the front-end (includes clang headers): never include this from
// a public engine header. Turns the clang AST of a scop region into a Program.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape::frontend_detail {

// Where a user looks for `loc`: its place in a file, outside macro bodies; a
// token spelled in a macro from the command line (-D) is placed at its use.
clang::SourceLocation user_location(const clang::SourceManager& sm, clang::SourceLocation loc);

// Maps clang locations to the locations users see: the main file is reported
// under its display name, macro expansions at the place they are written.
class Locator {
 public:
  Locator(const clang::SourceManager& sm, const clang::LangOptions& lang, std::string main_name)
      : sm_(sm), lang_(lang), main_name_(std::move(main_name)) {}

  SourceLocation at(clang::SourceLocation loc) const;
  // Byte offset of `loc` (moved out of macros) in its file.
  std::size_t offset(clang::SourceLocation loc) const;
  bool in_main_file(clang::SourceLocation loc) const;
  // The text of `range` as written in the file (macro uses unexpanded).
  std::string text(clang::SourceRange range) const;
  // The spelling of the single token at `loc` (after macro expansion, e.g. `0.5f`).
  std::string token_spelling(clang::SourceLocation loc) const;
  // Offset just after the last token of `range` (moved out of macros).
  std::size_t end_offset(clang::SourceRange range) const;

  const clang::SourceManager& sm() const { return sm_; }
  const clang::LangOptions& lang() const { return lang_; }

 private:
  const clang::SourceManager& sm_;
  const clang::LangOptions& lang_;
  std::string main_name_;
};

struct RegionInput {
  clang::ASTContext* ast = nullptr;
  const Locator* locator = nullptr;
  std::vector<const clang::Stmt*> statements;  // the region's top-level statements, in order
  // The function body around the region, and where the region ends: a local
  // array that nothing uses after that point is a temporary.
  const clang::Stmt* function_body = nullptr;
  clang::SourceLocation region_end;
};

// Fills program.statements, arrays, parameters and context (program.region,
// file and source_text are set by the caller). Throws InputError.
void build_program(const RegionInput& input, Program& program);

}  // namespace loopscape::frontend_detail
