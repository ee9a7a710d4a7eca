// SPDX-License-Identifier: Apache-2.0
// Programs (api/lappy.h): what eval() returns. The model comes from the
// Layer I function the lowering built, each statement carrying the loop
// domain's set expression.
#include "api/publish.h"
#include "codegen/common/emitter.h"
#include "lappy/lowering.h"
#include "layer1/declaration_support.h"
#include "layer1/program_builder.h"

namespace loopscape::lappy {

using namespace detail;

namespace {

std::string indented(const std::string& text, const std::string& indent) {
  std::string out;
  std::size_t b = 0;
  while (b < text.size()) {
    const std::size_t e = text.find('\n', b);
    const std::string line = text.substr(b, e == std::string::npos ? std::string::npos : e - b);
    out += (line.empty() ? "" : indent + line) + "\n";
    if (e == std::string::npos) break;
    b = e + 1;
  }
  return out;
}

// The opening comment of the C rendering: what lappy says of the program.
std::string note(const ProgramData& p) {
  return p.name + ": a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.\n"
                  "   The region holds its original loops, each statement labelled with its name.\n\n"
                  "   Instructions:\n\n" +
         indented(instruction_listing(p), "     ") + "\n   Loop domain:\n\n" + indented(drawn(p.domain), "     ");
}

}  // namespace

program ndarray::eval(const std::string& name, where at) const {
  if (!node_) fail(at, "eval() of an empty ndarray (moved from)");
  tiramisu::detail::check_name(name, "result array", at);
  if (node_->kind == ArrayKind::Input)
    fail(at, "eval() of input '" + node_->op + "': it is computed by nobody; eval an expression of it");
  program p(lower(node_, name, at));
  p.data().function->data().rendering_note = note(p.data());
  p.data().function->data().publishes = false;  // the program publishes, with its domain tree
  p.data().number = next_definition_number();
  p.load();  // every mistake the model finds, found now, at the user's eval()
  return p;
}

program::program(std::unique_ptr<ProgramData> data) : data_(std::move(data)) {}
program::program(program&&) noexcept = default;
program& program::operator=(program&&) noexcept = default;

// Run by the app (api/publish.h): the program and the commands applied to
// its session, as they stand now; not while an exception unwinds.
program::~program() {
  if (data_)
    publish_definition([this]() -> Session& { return session(); }, data_->name, data_->number,
                       SourceLocation{data_->at.file_name(), data_->at.line(), data_->at.column()});
}

const std::string& program::name() const { return data_->name; }
std::string program::instructions() const { return instruction_listing(*data_); }
std::string program::domain_tree() const { return drawn(data_->domain); }
std::string program::domain_expression() const { return one_line(data_->domain); }

LoadedProgram program::load() const {
  LoadedProgram loaded = tiramisu::detail::build_loaded_program(data_->function->data());
  const std::string tree = drawn(data_->domain);
  for (Statement& s : loaded.program.statements) s.domain_description = tree;
  return loaded;
}

std::string program::c_source() const { return load().program.source_text; }

Session& program::session() {
  if (!data_->session) data_->session = std::make_unique<Session>(load());
  return *data_->session;
}

std::string program::code(const std::string& target) { return emit_code(session(), target); }

}  // namespace loopscape::lappy
