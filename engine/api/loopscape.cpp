// SPDX-License-Identifier: Apache-2.0
#include "api/loopscape.h"

#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "loading/load_program.h"
#include "session/script.h"
#include "support/isl_context.h"

namespace loopscape {

Session open(const std::string& path, const OpenOptions& options) {
  check_isl_version();  // a program linked without libisl first fails here, not later
  CompileOptions compile;
  compile.defines = options.defines;
  compile.include_dirs = options.include_dirs;
  compile.function = options.function;
  Session session(load_program(path, compile));
  if (options.isl_max_operations) session.program().isl().set_max_operations(options.isl_max_operations);
  return session;
}

Session open_source(const std::string& text, const std::string& name, const SourceLocation& first_line,
                    const OpenOptions& options) {
  check_isl_version();
  CompileOptions compile;
  compile.defines = options.defines;
  compile.include_dirs = options.include_dirs;
  compile.function = options.function;
  LoadedProgram loaded = load_program_source(text, name, compile);
  if (!first_line.file.empty()) {
    auto relocate = [&](SourceLocation& at) {
      if (!at.line) return;
      at.file = first_line.file;
      at.line += first_line.line - 1;
    };
    for (Statement& s : loaded.program.statements) {
      relocate(s.where);
      for (Loop& l : s.loops) relocate(l.where);
      for (Access& a : s.accesses) relocate(a.where);
    }
  }
  Session session(std::move(loaded));
  if (options.isl_max_operations) session.program().isl().set_max_operations(options.isl_max_operations);
  return session;
}

StatementHandle Session::statement(const std::string& name) { return StatementHandle(*this, name); }

StatementHandle& StatementHandle::call(const std::string& command, std::initializer_list<Argument> args) {
  return call(command, std::vector<Argument>(args));
}

StatementHandle& StatementHandle::call(const std::string& command, const std::vector<Argument>& args) {
  std::vector<std::string> texts;
  texts.reserve(args.size());
  for (const Argument& a : args) texts.push_back(a.text());
  session_->apply_or_throw(make_call(name_, command, texts));
  return *this;
}

namespace {
CommandCall api_call(const std::string& script_line) {
  std::optional<CommandCall> call = parse_script_line(script_line, SourceLocation{"<api>", 1, 0});
  if (!call) throw InputError({"<api>", 1, 1}, "no command in '" + script_line + "'");
  return std::move(*call);
}
}  // namespace

void apply(Session& session, const std::string& script_line) { session.apply_or_throw(api_call(script_line)); }

void keep_variant(Session& session, const std::vector<std::string>& script_lines) {
  std::vector<CommandCall> calls;
  for (const std::string& line : script_lines) calls.push_back(api_call(line));
  if (std::optional<Refusal> refusal = session.add_variant(calls)) throw CommandRefused(std::move(*refusal));
}

std::string emit_code(const Session& session, const std::string& target) {
  const Program& program = session.program();
  const GeneratedCode code = generate(program, session.schedule(), session.dependences().all(), target, {}, nullptr,
                                      &session.dependences());
  return code.replaces_region ? emit_file(program, code) : code.full_text();
}

}  // namespace loopscape
