// SPDX-License-Identifier: Apache-2.0
// Functions (api/tiramisu.h): the current one receives the declarations; its
// program, C rendering and session come from layer1/program_builder.h.
#include <atomic>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <set>

#include "api/publish.h"
#include "commands/loop_resolution.h"
#include "commands/schedule_edit.h"
#include "codegen/common/emitter.h"
#include "layer1/declaration_support.h"
#include "layer1/program_builder.h"

namespace loopscape::tiramisu {

using namespace detail;

namespace {

thread_local function* current_function = nullptr;
std::atomic<access_meaning> default_access_meaning{access_meaning::values};
std::atomic<schedule_timing> default_schedule_timing{schedule_timing::immediate};

// Whether `call` tiles loops of its statement that an identical tile of a
// computation sharing them has already tiled: its new loops are there and
// the ones it names are gone.
bool already_tiled(const Session& session, const CommandCall& call) {
  if (call.command != "tile" || (call.args.size() != 8 && call.args.size() != 12)) return false;
  const Statement* statement = session.program().find_statement(call.target);
  if (!statement) return false;
  std::set<std::string> names;
  for (const StatementLoop& l : statement_loops(session.program(), to_edit_tree(session.schedule()), *statement))
    names.insert(l.name);
  const std::size_t loops = call.args.size() == 8 ? 2 : 3;
  for (std::size_t k = 0; k < loops; ++k)
    if (names.count(call.args[k].text)) return false;
  for (std::size_t k = 2 * loops; k < call.args.size(); ++k)
    if (!names.count(call.args[k].text)) return false;
  return true;
}

std::terminate_handler previous_terminate = nullptr;

// A program that lets a refused declaration or command escape main ends with
// its report, which starts at the place in the program ("gemm.cpp:31:8: ..."),
// as a compiler's error would, and not with std::terminate's abort.
[[noreturn]] void report_uncaught_error() {
  if (const std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const CommandRefused& refused) {
      std::cerr << refused.what() << std::flush;
      std::_Exit(1);
    } catch (const InputError& error) {
      std::cerr << error.where().str() << ": error: " << error.message() << std::endl;
      std::_Exit(1);
    } catch (...) {
    }
  }
  if (previous_terminate) previous_terminate();
  std::abort();
}

}  // namespace

function::function(std::string name, where at) : data_(std::make_unique<detail::FunctionData>()) {
  check_name(name, "function", at);
  data_->name = std::move(name);
  data_->at = at;
  data_->handle = this;
  data_->number = next_definition_number();
  data_->reads = default_access_meaning.load();
  data_->defers_schedule = default_schedule_timing.load() == schedule_timing::deferred;
  static const bool reports_errors = [] {
    previous_terminate = std::set_terminate(report_uncaught_error);
    return true;
  }();
  (void)reports_errors;
  current_function = this;
}

function::~function() {
  if (current_function == this) current_function = nullptr;
  // Run by the app (api/publish.h): what the function defines, as it stands
  // now. Not while an exception unwinds: the program failed, and its message
  // says where.
  publish_once();
}

void function::publish_once() {
  if (!data_->publishes) return;
  data_->publishes = false;
  publish_definition([this]() -> Session& { return session(); }, data_->name, data_->number,
                     SourceLocation{data_->at.file_name(), data_->at.line(), data_->at.column()});
}

function* function::current() { return current_function; }

void set_access_meaning(access_meaning meaning) { default_access_meaning = meaning; }
access_meaning get_access_meaning() { return default_access_meaning.load(); }
void set_schedule_timing(schedule_timing timing) { default_schedule_timing = timing; }

function* detail::exchange_current(function* f) {
  function* previous = current_function;
  current_function = f;
  return previous;
}

const std::string& function::get_name() const { return data_->name; }

void function::add_context_constraints(const std::string& context, where at) {
  require_open(*data_, at, "add_context_constraints");
  data_->context.push_back(context);
  data_->context_at.push_back(at);
}

function::computation_list function::get_computation_by_name(const std::string& name, where at) const {
  for (const auto& c : data_->computations)
    if (c->name == name) {
      std::unique_ptr<computation>& handle = data_->handles[name];
      if (!handle) handle = std::make_unique<computation>(c);
      return computation_list{handle.get()};
    }
  std::string known;
  for (const auto& c : data_->computations) known += (known.empty() ? "" : ", ") + c->name;
  fail(at, "no computation named '" + name + "' in function '" + data_->name + "'" +
               (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")"));
}

LoadedProgram function::load() const { return detail::build_loaded_program(*data_); }

std::string function::c_source() const { return load().program.source_text; }

Session& function::session() {
  if (!data_->session) {
    data_->session = std::make_unique<Session>(detail::build_loaded_program(*data_));
    // The commands recorded until now, in the order they were given (schedule_timing::deferred).
    const std::vector<CommandCall> pending = std::move(data_->deferred);
    data_->deferred.clear();
    for (const CommandCall& call : pending)
      if (!already_tiled(*data_->session, call)) data_->session->apply_or_throw(call);
  }
  return *data_->session;
}

std::string function::code(const std::string& target) { return emit_code(session(), target); }

function& init(const std::string& name, where at) {
  static std::unique_ptr<function> global;
  global.reset();
  global = std::make_unique<function>(name, at);
  return *global;
}

function& global_function() {
  function* f = function::current();
  if (!f) throw InputError(SourceLocation{}, "no current function: call init(\"name\") first");
  return *f;
}

}  // namespace loopscape::tiramisu
