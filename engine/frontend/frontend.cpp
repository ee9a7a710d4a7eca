// SPDX-License-Identifier: Apache-2.0
#include "frontend/frontend.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/scop_builder.h"
#include "support/text.h"

#ifndef LOOPSCAPE_CLANG_RESOURCE_DIR
#error "LOOPSCAPE_CLANG_RESOURCE_DIR must name clang's resource directory"
#endif

namespace loopscape {
namespace {

using frontend_detail::Locator;
using frontend_detail::RegionInput;

struct ParseState {
  std::string display_name;
  bool have_error = false;
  SourceLocation error_at;
  std::string error_message;
  std::vector<clang::SourceLocation> scops, endscops;
  std::vector<clang::SourceLocation> loopscape_pragmas;  // #pragma loopscape ...
  std::exception_ptr failure;
};

// Keeps clang's first error (with its place) and swallows everything else.
class FirstErrorConsumer : public clang::DiagnosticConsumer {
 public:
  explicit FirstErrorConsumer(ParseState& state) : state_(state) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error || state_.have_error) return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    state_.have_error = true;
    state_.error_message = message.str().str();
    state_.error_at = SourceLocation{state_.display_name, 0, 0};
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager& sm = info.getSourceManager();
      const clang::SourceLocation loc = frontend_detail::user_location(sm, info.getLocation());
      if (sm.getFileID(loc) != sm.getMainFileID()) state_.error_at.file = sm.getFilename(loc).str();
      state_.error_at.line = sm.getSpellingLineNumber(loc);
      state_.error_at.column = sm.getSpellingColumnNumber(loc);
    }
  }

 private:
  ParseState& state_;
};

// Records where `#pragma scop` / `#pragma endscop` appear.
class RegionPragma : public clang::PragmaHandler {
 public:
  RegionPragma(const char* name, std::vector<clang::SourceLocation>& out)
      : clang::PragmaHandler(name), out_(out) {}

  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer introducer,
                    clang::Token&) override {
    out_.push_back(introducer.Loc);
    clang::Token tok;
    pp.Lex(tok);
    while (tok.isNot(clang::tok::eod) && tok.isNot(clang::tok::eof)) pp.Lex(tok);
  }

 private:
  std::vector<clang::SourceLocation>& out_;
};

// `#pragma loopscape context [N] -> { : N >= 4 }` states what the program
// assumes of its parameters (as Tiramisu's add_context_constraints does): the
// dependences are those of parameter values that satisfy it.
void apply_loopscape_pragmas(const ParseState& state, const Locator& locator, Program& program) {
  for (const clang::SourceLocation at : state.loopscape_pragmas) {
    if (!locator.in_main_file(at)) continue;
    const std::size_t begin = locator.offset(at);
    std::size_t end = program.source_text.find('\n', begin);
    if (end == std::string::npos) end = program.source_text.size();
    std::string line = program.source_text.substr(begin, end - begin);
    const std::size_t keyword = line.find("loopscape");
    std::istringstream words(line.substr(keyword + 9));
    std::string what;
    words >> what;
    if (what != "context")
      throw InputError(locator.at(at), "'#pragma loopscape " + what +
                                           "' is not known: Loopscape's pragma is '#pragma loopscape context [N] -> { : N >= 4 }'");
    std::string text;
    std::getline(words, text);
    isl_set* parsed = isl_set_read_from_str(program.ctx().get(), text.c_str());
    if (!parsed) {
      isl_ctx_reset_error(program.ctx().get());
      throw InputError(locator.at(at), "the context '" + text + "' is not an isl set: write it as \"[N] -> { : N >= 4 }\"");
    }
    isl::set context = isl::manage(parsed);
    if (context.tuple_dim() != 0)
      throw InputError(locator.at(at), "the context '" + text + "' has dimensions: write it as \"[N] -> { : N >= 4 }\"");
    const int n = isl_set_dim(context.get(), isl_dim_param);
    for (int k = 0; k < n; ++k) {
      const std::string name = isl_set_get_dim_name(context.get(), isl_dim_param, static_cast<unsigned>(k));
      if (std::find(program.parameters.begin(), program.parameters.end(), name) == program.parameters.end())
        throw InputError(locator.at(at), "the context names '" + name + "', which is no parameter of the region" +
                                             (program.parameters.empty() ? std::string(" (it has none)")
                                                                         : " (its parameters: " + join(program.parameters) + ")"));
    }
    context = isl::manage(isl_set_align_params(context.release(), program.context.space().release()));
    program.context = program.context.intersect(context);
  }
}

bool contains(const clang::SourceManager& sm, clang::SourceRange range, clang::SourceLocation loc) {
  const clang::SourceLocation b = sm.getExpansionLoc(range.getBegin());
  const clang::SourceLocation e = sm.getExpansionLoc(range.getEnd());
  return !sm.isBeforeInTranslationUnit(loc, b) && sm.isBeforeInTranslationUnit(loc, e);
}

// The innermost compound statement under `s` whose braces enclose `loc`.
const clang::CompoundStmt* innermost_block(const clang::SourceManager& sm, const clang::Stmt* s,
                                           clang::SourceLocation loc) {
  const clang::CompoundStmt* best = nullptr;
  if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s))
    if (contains(sm, clang::SourceRange(c->getLBracLoc(), c->getRBracLoc()), loc)) best = c;
  for (const clang::Stmt* child : s->children()) {
    if (!child || !contains(sm, child->getSourceRange(), loc)) continue;
    if (const clang::CompoundStmt* inner = innermost_block(sm, child, loc)) return inner;
  }
  return best;
}

std::size_t line_start(const std::string& text, std::size_t offset) {
  while (offset > 0 && text[offset - 1] != '\n') --offset;
  return offset;
}

std::size_t next_line_start(const std::string& text, std::size_t offset) {
  const std::size_t nl = text.find('\n', offset);
  return nl == std::string::npos ? text.size() : nl + 1;
}

class ScopConsumer : public clang::ASTConsumer {
 public:
  ScopConsumer(ParseState& state, Program& program) : state_(state), program_(program) {}

  void HandleTranslationUnit(clang::ASTContext& ast) override {
    if (ast.getDiagnostics().hasErrorOccurred()) return;
    try {
      build(ast);
    } catch (...) {
      state_.failure = std::current_exception();
    }
  }

 private:
  void build(clang::ASTContext& ast) {
    const clang::SourceManager& sm = ast.getSourceManager();
    const Locator locator(sm, ast.getLangOpts(), state_.display_name);
    RegionInput input;
    input.ast = &ast;
    input.locator = &locator;
    ScopRegion& region = program_.region;
    const std::string& function = program_.options.function;

    if (!function.empty()) {
      const clang::FunctionDecl* found = nullptr;
      for (const clang::Decl* d : ast.getTranslationUnitDecl()->decls()) {
        const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
        if (fd && fd->getName() == function && fd->doesThisDeclarationHaveABody() &&
            locator.in_main_file(fd->getLocation()))
          found = fd;
      }
      if (!found)
        throw InputError(SourceLocation{state_.display_name, 0, 0},
                         "no definition of the function '" + function + "' in this file");
      const auto* body = llvm::dyn_cast<clang::CompoundStmt>(found->getBody());
      if (!body)
        throw InputError(locator.at(found->getLocation()),
                         "the body of '" + function + "' is not a block");
      region.function = function;
      region.whole_function_body = true;
      region.begin_line = locator.at(body->getLBracLoc()).line;
      region.end_line = locator.at(body->getRBracLoc()).line;
      region.begin_offset = locator.offset(body->getLBracLoc()) + 1;
      region.end_offset = locator.offset(body->getRBracLoc());
      for (const clang::Stmt* s : body->body()) input.statements.push_back(s);
      input.function_body = body;
      input.region_end = body->getRBracLoc();
      frontend_detail::build_program(input, program_);
      apply_loopscape_pragmas(state_, locator, program_);
      return;
    }

    std::vector<clang::SourceLocation> scops, endscops;
    for (clang::SourceLocation l : state_.scops)
      if (locator.in_main_file(l)) scops.push_back(l);
    for (clang::SourceLocation l : state_.endscops)
      if (locator.in_main_file(l)) endscops.push_back(l);
    if (scops.empty())
      throw InputError(SourceLocation{state_.display_name, 0, 0},
                       "no '#pragma scop' in this file: mark the region with '#pragma scop' and "
                       "'#pragma endscop', or name a function whose body to use");
    const clang::SourceLocation scop = scops.front();
    clang::SourceLocation endscop;
    for (clang::SourceLocation l : endscops)
      if (sm.isBeforeInTranslationUnit(scop, l)) {
        endscop = l;
        break;
      }
    if (endscop.isInvalid())
      throw InputError(locator.at(scop), "'#pragma scop' without a '#pragma endscop' after it");
    if (scops.size() > 1 && sm.isBeforeInTranslationUnit(scops[1], endscop))
      throw InputError(locator.at(scops[1]),
                       "'#pragma scop' inside another scop (the first is at line " +
                           std::to_string(locator.at(scop).line) + ")");

    const clang::FunctionDecl* holder = nullptr;
    for (const clang::Decl* d : ast.getTranslationUnitDecl()->decls()) {
      const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
      if (fd && fd->doesThisDeclarationHaveABody() &&
          contains(sm, fd->getBody()->getSourceRange(), scop))
        holder = fd;
    }
    if (!holder)
      throw InputError(locator.at(scop), "'#pragma scop' outside a function body");
    const clang::CompoundStmt* block = innermost_block(sm, holder->getBody(), scop);
    if (!block) throw InputError(locator.at(scop), "'#pragma scop' outside a block");
    if (!contains(sm, clang::SourceRange(block->getLBracLoc(), block->getRBracLoc()), endscop) ||
        innermost_block(sm, holder->getBody(), endscop) != block)
      throw InputError(locator.at(endscop),
                       "'#pragma endscop' is not in the block that '#pragma scop' (line " +
                           std::to_string(locator.at(scop).line) +
                           ") opens: the region must be a sequence of whole statements");
    for (const clang::Stmt* s : block->body()) {
      const clang::SourceLocation b = sm.getExpansionLoc(s->getBeginLoc());
      if (sm.isBeforeInTranslationUnit(b, scop)) continue;
      if (sm.isBeforeInTranslationUnit(endscop, b)) break;
      input.statements.push_back(s);
    }
    input.function_body = holder->getBody();
    input.region_end = endscop;
    region.function = holder->getName().str();
    region.whole_function_body = false;
    region.begin_line = locator.at(scop).line;
    region.end_line = locator.at(endscop).line;
    region.begin_offset = line_start(program_.source_text, locator.offset(scop));
    region.end_offset = next_line_start(program_.source_text, locator.offset(endscop));
    frontend_detail::build_program(input, program_);
    apply_loopscape_pragmas(state_, locator, program_);
  }

  ParseState& state_;
  Program& program_;
};

class ScopAction : public clang::ASTFrontendAction {
 public:
  ScopAction(ParseState& state, Program& program) : state_(state), program_(program) {}

 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci,
                                                        llvm::StringRef) override {
    ci.getPreprocessor().AddPragmaHandler(new RegionPragma("scop", state_.scops));
    ci.getPreprocessor().AddPragmaHandler(new RegionPragma("endscop", state_.endscops));
    ci.getPreprocessor().AddPragmaHandler(new RegionPragma("loopscape", state_.loopscape_pragmas));
    return std::make_unique<ScopConsumer>(state_, program_);
  }

 private:
  ParseState& state_;
  Program& program_;
};

std::string absolute_path(const std::string& name) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(name.empty() ? "input.c" : name, ec);
  if (ec) return name;
  return p.lexically_normal().string();
}

}  // namespace

Program parse_c_source(const std::string& source, const std::string& display_name,
                       const CompileOptions& options, std::shared_ptr<IslContext> isl) {
  Program program(std::move(isl));
  program.file = display_name;
  program.source_text = source;
  program.options = options;

  ParseState state;
  state.display_name = display_name;
  const std::string path = absolute_path(display_name);

  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(source, path));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  overlay->pushOverlay(memory);

  std::vector<std::string> args = {"clang",  "-fsyntax-only", "-w",
                                   "-x",     "c",             "-std=gnu11",
                                   "-resource-dir", LOOPSCAPE_CLANG_RESOURCE_DIR};
  for (const std::string& d : options.defines) args.push_back("-D" + d);
  for (const std::string& i : options.include_dirs)
    if (!i.empty()) args.push_back("-I" + i);  // a bare -I would take the next argument as its folder
  args.push_back(path);
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  FirstErrorConsumer consumer(state);
  clang::IntrusiveRefCntPtr<clang::DiagnosticsEngine> diagnostics =
      clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions, &consumer,
                                                 /*ShouldOwnClient=*/false);
  std::shared_ptr<clang::CompilerInvocation> invocation =
      clang::createInvocationFromCommandLine(argv, diagnostics, overlay);
  if (!invocation || state.have_error)
    throw InputError(SourceLocation{display_name, 0, 0},
                     "cannot set up the C parser: " +
                         (state.have_error ? state.error_message : std::string("bad options")));

  invocation->getDiagnosticOpts().ShowCarets = false;  // no "N errors generated." on stderr
  invocation->getFrontendOpts().DisableFree = false;   // the driver's -disable-free would leak the AST
  clang::CompilerInstance compiler;
  compiler.setInvocation(invocation);
  compiler.createDiagnostics(&consumer, /*ShouldOwnClient=*/false);
  compiler.createFileManager(overlay);
  ScopAction action(state, program);
  compiler.ExecuteAction(action);

  if (state.have_error) throw InputError(state.error_at, state.error_message);
  if (state.failure) std::rethrow_exception(state.failure);
  return program;
}

Program parse_c_file(const std::string& path, const CompileOptions& options,
                     std::shared_ptr<IslContext> isl) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(SourceLocation{path, 0, 0},
                     std::string("cannot read the file: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_c_source(text.str(), path, options, std::move(isl));
}

}  // namespace loopscape
