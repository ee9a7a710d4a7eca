// SPDX-License-Identifier: Apache-2.0
#include "session/session.h"

#include <isl/ctx.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "session/script.h"
#include "support/error.h"

namespace loopscape {
namespace {

std::string join(const std::vector<long>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out;
}

std::string location_prefix(const CommandCall& call) {
  return call.where.known() || !call.where.file.empty() ? call.where.str() + ": " : std::string();
}

std::string iteration(const std::string& statement, const std::vector<long>& it, const std::string& fallback) {
  if (it.empty()) return fallback;
  return statement + "[" + join(it) + "]";
}

void append_witness(std::string& out, const DependenceWitness& w) {
  if (w.source_statement.empty() && w.sink_statement.empty()) return;
  out += "    dependence: " + std::string(w.may ? "may " : "") + short_name(w.kind) + " " + w.source_statement + " -> " + w.sink_statement +
         (w.array.empty() ? "" : " on " + w.array) + (w.reduction ? " (reduction)" : "") + "\n";
  const std::string source = iteration(w.source_statement, w.source_iteration, w.source);
  const std::string sink = iteration(w.sink_statement, w.sink_iteration, w.sink);
  if (!source.empty())
    out += "    source iteration: " + source + (w.source_access.empty() ? "" : "  (" + w.source_access + ")") + "\n";
  if (!sink.empty())
    out += "    sink iteration:   " + sink + (w.sink_access.empty() ? "" : "  (" + w.sink_access + ")") + "\n";
  if (!w.element.empty()) out += "    element: " + w.element + "\n";
  if (!w.parameters.empty()) out += "    with parameters: " + w.parameter_text() + "\n";
}

std::string first_line(const std::string& text) {
  const auto nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl);
}

std::string count_text(std::size_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

std::string Refusal::report() const {
  std::string out = message + "\n";
  if (legality) {
    for (const Violation& v : legality->violations) {
      out += "  broken dependence: " + v.explanation + "\n";
      append_witness(out, v.witness);
      if (!v.time_distance.empty()) out += "    schedule distance: (" + join(v.time_distance) + ")\n";
    }
    for (const TagViolation& t : legality->tag_violations) {
      out += "  parallel tag on a carrying loop: " + t.explanation + "\n";
      for (const DependenceWitness& w : t.carried) append_witness(out, w);
    }
    for (const std::string& p : legality->problems) out += "  problem: " + p + "\n";
  }
  if (!repair_hint.empty()) out += "  hint: " + repair_hint + "\n";
  return out;
}

CommandRefused::CommandRefused(Refusal refusal)
    : std::runtime_error(refusal.report()), refusal_(std::move(refusal)) {}

Session::Session(LoadedProgram loaded, CommandLookup lookup)
    : Session(std::make_shared<const LoadedProgram>(std::move(loaded)), std::move(lookup)) {}

Session::Session(std::shared_ptr<const LoadedProgram> loaded, CommandLookup lookup)
    : loaded_(std::move(loaded)), lookup_(std::move(lookup)) {
  if (!loaded_) throw std::invalid_argument("Session: no program");
  if (!lookup_) lookup_ = [](const std::string& name) { return find_command(name); };
}

const isl::schedule& Session::schedule() const { return schedule_at(applied_.size()); }

std::shared_ptr<const LegalityReport> Session::legality_at(std::size_t step) const {
  if (step > applied_.size())
    throw std::out_of_range("Session::legality_at: step " + std::to_string(step) + " of " +
                            std::to_string(applied_.size()));
  if (step > 0) return applied_[step - 1].legality;
  std::lock_guard<std::mutex> lock(original_legality_->mutex);
  if (!original_legality_->report)
    original_legality_->report = std::make_shared<const LegalityReport>(
        check_schedule(loaded_->program, loaded_->dependences, loaded_->original_schedule));
  return original_legality_->report;
}

const isl::schedule& Session::schedule_at(std::size_t step) const {
  if (step == 0) return loaded_->original_schedule;
  if (step > applied_.size())
    throw std::out_of_range("Session::schedule_at: step " + std::to_string(step) + " of " +
                            std::to_string(applied_.size()));
  return applied_[step - 1].outcome.schedule;
}

std::variant<AppliedCommand, Refusal> Session::preview(const CommandCall& call) const {
  const std::string text = format_call(call);
  Refusal refusal;
  refusal.call = call;

  const Command* command = lookup_(call.command);
  if (!command) {
    std::string known;
    for (const Command* c : all_commands()) known += (known.empty() ? "" : ", ") + c->name();
    refusal.kind = Refusal::Kind::Arguments;
    CommandCall at_name = call;  // the column of the command's name, after "S1."
    if (at_name.where.known()) at_name.where.column += static_cast<unsigned>(call.target.size() + 1);
    refusal.message = location_prefix(at_name) + "error: unknown command '" + call.command + "'" +
                      (known.empty() ? std::string() : " (commands: " + known + ")");
    return refusal;
  }

  const Program& program = loaded_->program;
  try {
    std::optional<CommandOutcome> outcome;
    std::optional<LegalityReport> report;
    const isl::schedule& current = schedule();
    program.isl().bounded(text, [&] {
      outcome = command->apply(CommandContext{program, loaded_->dependences}, call, current);
    });
    if (outcome->schedule.is_null()) throw std::logic_error("the command returned no schedule");
    const std::shared_ptr<const LegalityReport> before = legality_at(applied_.size());
    report = check_schedule(program, loaded_->dependences, outcome->schedule, before.get());
    if (report->legal())
      return AppliedCommand{call, std::move(*outcome), std::make_shared<const LegalityReport>(std::move(*report))};

    refusal.kind = Refusal::Kind::Illegal;
    std::string what;
    if (!report->violations.empty()) what = count_text(report->violations.size(), "broken dependence");
    if (!report->tag_violations.empty())
      what += (what.empty() ? "" : ", ") + count_text(report->tag_violations.size(), "parallel tag") +
              " on a loop that carries a dependence";
    if (!report->problems.empty()) what += (what.empty() ? "" : ", ") + count_text(report->problems.size(), "problem");
    refusal.message = location_prefix(call) + "error: " + text + " is illegal: " + what + "; first: " +
                      first_line(report->summary());
    try {
      program.isl().bounded("find a repair for " + text, [&] {
        refusal.repair_hint = command->repair_hint(CommandContext{program, loaded_->dependences}, call, current, *report);
      });
    } catch (const IslError&) {
      refusal.repair_hint.clear();  // past the quota: the generic hint below
    }
    if (refusal.repair_hint.empty()) refusal.repair_hint = outcome->repair_hint;
    if (refusal.repair_hint.empty() && !report->violations.empty()) {
      const Violation& v = report->violations.front();
      refusal.repair_hint =
          v.negative_dimension >= 0 ? negative_distance_hint(v.negative_dimension, call.command) : v.repair_hint;
    }
    if (refusal.repair_hint.empty() && !report->tag_violations.empty())
      refusal.repair_hint = "remove the tag, or make the loop dependence-free first (interchange a carrying "
                            "loop outward, or skew)";
    // A hint never proposes the very call that was refused.
    if (refusal.repair_hint.find(call.script_text()) != std::string::npos) refusal.repair_hint.clear();
    refusal.legality = std::move(report);
    return refusal;
  } catch (const InputError& e) {
    refusal.kind = Refusal::Kind::Arguments;
    // Errors without a location of their own take the call's.
    refusal.message = (e.where().known() ? e.where().str() + ": " : location_prefix(call)) + "error: " + e.message();
    return refusal;
  } catch (const IslError& e) {
    refusal.kind = Refusal::Kind::Quota;
    const std::string what = e.what();
    refusal.message = location_prefix(call) + "error: " + (what.rfind(text, 0) == 0 ? "" : text + ": ") + what +
                      "; the command was not applied" +
                      (e.quota_exceeded() ? " (raise the isl operation quota, or simplify the command)" : "");
    return refusal;
  } catch (const isl::exception& e) {
    // An isl failure outside bounded() (e.g. in a printer); leave the context usable.
    isl_ctx_reset_error(program.isl().raw());
    isl_ctx_reset_operations(program.isl().raw());
    refusal.kind = Refusal::Kind::Quota;
    refusal.message = location_prefix(call) + "error: " + text + " was not applied: isl failed: " +
                      (e.what() ? std::string(e.what()) : "unknown error");
    return refusal;
  } catch (const std::invalid_argument& e) {
    refusal.kind = Refusal::Kind::Arguments;
    refusal.message = location_prefix(call) + "error: " + text + ": " + e.what();
    return refusal;
  } catch (const std::exception& e) {
    // Never half-applied, never fatal for the app: report it as a refusal.
    refusal.kind = Refusal::Kind::Internal;
    refusal.message = location_prefix(call) + "error: " + text + " failed inside the engine: " + e.what() +
                      "; the command was not applied";
    return refusal;
  }
}

std::optional<Refusal> Session::apply(const CommandCall& call) {
  auto result = preview(call);
  if (auto* refusal = std::get_if<Refusal>(&result)) return std::move(*refusal);
  if (!redo_.empty()) keep_variant(current_line());
  // push_back gives the strong guarantee; clearing cannot throw.
  applied_.push_back(std::move(std::get<AppliedCommand>(result)));
  redo_.clear();
  // Back on a line kept as a variant: it is the current one again.
  if (!variants_.empty()) {
    const std::string now = script();
    std::erase_if(variants_, [&](const Variant& v) { return v.script() == now; });
  }
  return std::nullopt;
}

std::optional<Refusal> Session::replace_last(const CommandCall& call) {
  if (applied_.empty()) return apply(call);
  AppliedCommand last = std::move(applied_.back());
  applied_.pop_back();
  auto result = preview(call);
  if (auto* refusal = std::get_if<Refusal>(&result)) {
    applied_.push_back(std::move(last));
    return std::move(*refusal);
  }
  applied_.push_back(std::move(std::get<AppliedCommand>(result)));
  redo_.clear();
  return std::nullopt;
}

void Session::apply_or_throw(const CommandCall& call) {
  if (auto refusal = apply(call)) throw CommandRefused(std::move(*refusal));
}

bool Session::undo() {
  if (applied_.empty()) return false;
  redo_.push_back(applied_.back());
  applied_.pop_back();
  return true;
}

bool Session::redo() {
  if (redo_.empty()) return false;
  applied_.push_back(redo_.back());
  redo_.pop_back();
  return true;
}

std::string Session::script() const {
  std::string out;
  for (const AppliedCommand& a : applied_) out += format_call(a.call) + "\n";
  return out;
}

std::string Variant::script() const {
  std::string out;
  for (const AppliedCommand& a : steps) out += format_call(a.call) + "\n";
  return out;
}

Variant Session::current_line() const {
  Variant line{applied_};
  line.steps.insert(line.steps.end(), redo_.rbegin(), redo_.rend());
  return line;
}

std::size_t Session::shared_steps(const Variant& variant) const {
  // Step k of the current line: applied, then undone (redo_ holds the next redo last).
  const auto step = [&](std::size_t k) -> const AppliedCommand& {
    return k < applied_.size() ? applied_[k] : redo_[redo_.size() - 1 - (k - applied_.size())];
  };
  const std::size_t length = std::min(applied_.size() + redo_.size(), variant.steps.size());
  std::size_t k = 0;
  while (k < length && format_call(step(k).call) == format_call(variant.steps[k].call)) ++k;
  return k;
}

void Session::keep_variant(Variant line) {
  if (line.steps.empty()) return;
  const std::string text = line.script();
  for (const Variant& v : variants_)
    if (v.script() == text) return;
  variants_.push_back(std::move(line));
}

bool Session::switch_to_variant(std::size_t k) {
  if (k >= variants_.size()) return false;
  Variant line = current_line();
  Variant chosen = std::move(variants_[k]);
  variants_.erase(variants_.begin() + static_cast<std::ptrdiff_t>(k));
  if (!line.steps.empty() && line.script() != chosen.script())
    variants_.insert(variants_.begin() + static_cast<std::ptrdiff_t>(k), std::move(line));
  applied_ = std::move(chosen.steps);
  redo_.clear();
  return true;
}

std::optional<Refusal> Session::add_variant(const std::vector<CommandCall>& calls) {
  Session replay = *this;
  replay.applied_.clear();
  replay.redo_.clear();
  replay.variants_.clear();
  for (const CommandCall& call : calls)
    if (std::optional<Refusal> refusal = replay.apply(call)) return refusal;
  Variant line{std::move(replay.applied_)};
  // Steps the current line already has (all of them, or its first ones) are no other line of work.
  if (shared_steps(line) == line.steps.size()) return std::nullopt;
  keep_variant(std::move(line));
  return std::nullopt;
}

}  // namespace loopscape
