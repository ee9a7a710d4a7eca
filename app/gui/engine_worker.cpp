// SPDX-License-Identifier: Apache-2.0
#include "engine_worker.h"

#include "qt_text.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMetaObject>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include "autoschedule/planner.h"
#include "codegen/common/ast_cache.h"
#include "codegen/registry/registry.h"
#include "cpp_program/program_file.h"
#include "directives/omp_directives.h"
#include "lessons/exercise_start.h"
#include "lessons/lesson_check.h"
#include "loading/load_program.h"
#include "scratchpad/scratchpad_evaluation.h"
#include "analysis/work_count.h"
#include "runner/jit_run.h"
#include "session/carried_loops.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"
#include "tuning/jit_tuning.h"
#include "tuning/knob_tuner.h"

namespace loopscape {

namespace {

constexpr int kBusyDelayMs = 150;
constexpr std::size_t kCachedSnapshots = 48;


}  // namespace

// The original schedule's measurements, per program and parameter values:
// every step of a session is compared with the same run. Shared by the engine
// thread and the run thread.
struct RunCache {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const JitRunResult>> originals;
};

// Lives on the worker thread only (requests run one at a time).
struct EngineState {
  std::shared_ptr<RunCache> runs = std::make_shared<RunCache>();
  std::unique_ptr<Session> session;
  std::map<std::string, std::shared_ptr<const Snapshot>> cache;  // by script prefix
  // Each target's code by script prefix: plot parameters and ranks do not change it.
  std::map<std::string, std::vector<CodeInfo>> code_cache;
  std::map<std::string, std::shared_ptr<const CommandAvailability>> availability_cache;  // same keys
  std::map<std::string, long> plot_parameters;
  std::shared_ptr<PlotCache> plot_cache = std::make_shared<PlotCache>();  // the session's program
  std::shared_ptr<const Snapshot> program_part;  // its statements and dependences, once made
  int ranks = 4;
  // The drag whose command is the session's last one (-1: none), so a later
  // value of that drag replaces it and never a command applied otherwise.
  int live_drag = -1;

  std::string prefix(std::size_t step) const {
    std::string key;
    const auto& h = session->history();
    for (std::size_t k = 0; k < step && k < h.size(); ++k) key += format_call(h[k].call) + "\n";
    return key;
  }

  // The OpenMP 6.0 tab before its text is made.
  static CodeInfo pending_directives_code() {
    CodeInfo code;
    code.target = kOmpDirectivesCode;
    code.description = "your file with the steps as OpenMP 6.0 loop directives (clang 19: -fopenmp -fopenmp-version=60)";
    code.pending = true;
    return code;
  }

  CodeInfo directives_code(std::size_t step) const {
    CodeInfo code = pending_directives_code();
    code.pending = false;
    try {
      code.text = export_omp_directives(*session, step).text;
    } catch (const InputError& e) {
      code.error = e.message();
    }
    return code;
  }

  std::shared_ptr<const Snapshot> snapshotAt(std::size_t step) {
    const std::string key = prefix(step);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    SnapshotOptions options;
    options.plot_parameters = plot_parameters;
    options.plot_cache = plot_cache;
    options.ranks = ranks;
    if (!program_part) program_part = std::make_shared<const Snapshot>(make_program_snapshot(session->loaded()));
    options.program_part = program_part;
    options.code = false;  // completeCode fills it in, the visible target first
    options.legality = session->legality_at(step);
    auto snap = std::make_shared<Snapshot>(make_snapshot(session->loaded(), session->schedule_at(step), options));
    // The user's own loops with the steps as OpenMP 6.0 directives, a tab of its own.
    snap->code.push_back(pending_directives_code());
    if (auto known = code_cache.find(key); known != code_cache.end()) snap->code = known->second;
    remember(key, snap);
    return snap;
  }

  void remember(const std::string& key, std::shared_ptr<const Snapshot> snap) {
    if (cache.size() >= kCachedSnapshots) cache.clear();
    cache[key] = std::move(snap);
  }

  // `views` (snapshotAt(step)) with every target's code, `first` first; after
  // each target, `progress` gets the snapshot so far. Null as soon as
  // `current` says a newer request superseded this one.
  std::shared_ptr<const Snapshot> completeCode(std::size_t step, const std::shared_ptr<const Snapshot>& views,
                                               const std::string& first, const std::function<bool()>& current,
                                               const std::function<void(std::shared_ptr<const Snapshot>)>& progress) {
    const auto start = std::chrono::steady_clock::now();
    auto snap = std::make_shared<Snapshot>(*views);
    std::vector<std::size_t> order;
    for (std::size_t k = 0; k < snap->code.size(); ++k)
      if (snap->code[k].pending) order.insert(snap->code[k].target == first ? order.begin() : order.end(), k);
    AstCache asts;
    const isl::schedule& schedule = session->schedule_at(step);
    for (std::size_t k : order) {
      if (!current()) return nullptr;
      snap->code[k] = snap->code[k].target == kOmpDirectivesCode ? directives_code(step)
                                                                  : make_code_info(session->loaded(), schedule,
                                                                                   snap->code[k].target, asts);
      snap->code_milliseconds =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      progress(std::make_shared<const Snapshot>(*snap));
    }
    const std::string key = prefix(step);
    if (code_cache.size() >= kCachedSnapshots) code_cache.clear();
    code_cache[key] = snap->code;
    remember(key, snap);
    return snap;
  }

  // Null until availabilityAt(step) computed it.
  std::shared_ptr<const CommandAvailability> knownAvailability(std::size_t step) const {
    auto it = availability_cache.find(prefix(step));
    return it == availability_cache.end() ? nullptr : it->second;
  }

  std::shared_ptr<const CommandAvailability> availabilityAt(std::size_t step) {
    const std::string key = prefix(step);
    auto it = availability_cache.find(key);
    if (it != availability_cache.end()) return it->second;
    const CommandContext context{session->program(), session->dependences()};
    auto availability =
        std::make_shared<const CommandAvailability>(command_availability(context, session->schedule_at(step)));
    if (availability_cache.size() >= kCachedSnapshots) availability_cache.clear();
    availability_cache[key] = availability;
    return availability;
  }
};

namespace {

QList<qint64> point(const std::vector<long>& v) {
  QList<qint64> out;
  for (long x : v) out << x;
  return out;
}

void noteWitness(const DependenceWitness& w, EngineResult& result) {
  result.witness_source = qs(w.source);
  result.witness_sink = qs(w.sink);
  result.witness_source_point = point(w.source_iteration);
  result.witness_sink_point = point(w.sink_iteration);
}

void noteRefusal(const Refusal& refusal, EngineResult& result) {
  result.refused = true;
  result.refused_illegal = refusal.kind == Refusal::Kind::Illegal;
  result.report = qs(refusal.report());
  if (!refusal.legality) return;
  const LegalityReport& l = *refusal.legality;
  if (!l.violations.empty())
    noteWitness(l.violations.front().witness, result);
  else if (!l.tag_violations.empty() && !l.tag_violations.front().carried.empty())
    noteWitness(l.tag_violations.front().carried.front(), result);
}

}  // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent), state_(std::make_shared<EngineState>()) {
  qRegisterMetaType<EngineResult>();
  qRegisterMetaType<PreviewResult>();
  pool_.setMaxThreadCount(1);
  pool_.setExpiryTimeout(-1);
  pool_.setStackSize(64 * 1024 * 1024);  // isl and clang recurse deeply
  qRegisterMetaType<ScratchpadOutcome>();
  qRegisterMetaType<RunOutcome>();
  qRegisterMetaType<TuningOutcome>();
  qRegisterMetaType<VariantComparison>();
  run_pool_.setMaxThreadCount(1);
  run_pool_.setStackSize(64 * 1024 * 1024);
  scratchpad_pool_.setMaxThreadCount(1);
  scratchpad_pool_.setStackSize(64 * 1024 * 1024);
  busy_timer_.setSingleShot(true);
  busy_timer_.setInterval(kBusyDelayMs);
  connect(&busy_timer_, &QTimer::timeout, this, [this] {
    if (busy() && !busy_shown_) {
      busy_shown_ = true;
      Q_EMIT busyChanged(true);
    }
  });
}

EngineWorker::~EngineWorker() {
  generation_ = ~quint64(0) >> 1;  // everything queued is superseded
  ++open_generation_;              // a C++ program still building stops
  pool_.waitForDone();
  scratchpad_generation_ = ~quint64(0) >> 1;
  scratchpad_pool_.waitForDone();
  cancel_run_ = true;
  run_pool_.waitForDone();
}

quint64 EngineWorker::post(EngineResult::Kind kind, std::function<void(EngineState&, EngineResult&)> work,
                           int step) {
  const quint64 generation = ++generation_;
  ++pending_;
  if (!busy_timer_.isActive() && !busy_shown_) busy_timer_.start();
  std::shared_ptr<EngineState> state = state_;
  QPointer<EngineWorker> self(this);
  (void)QtConcurrent::run(&pool_, [this, self, state, kind, generation, step, work = std::move(work)] {
    EngineResult result;
    result.kind = kind;
    result.generation = generation;
    result.step = step;
    try {
      work(*state, result);
      if (state->session) {
        const auto& h = state->session->history();
        for (const auto& c : h) result.history << qs(format_call(c.call));
        const auto& r = state->session->redo_list();
        for (auto it = r.rbegin(); it != r.rend(); ++it) result.redo << qs(format_call(it->call));
        for (const Variant& v : state->session->variants()) {
          QStringList lines;
          for (const AppliedCommand& c : v.steps) lines << qs(format_call(c.call));
          result.variants << lines;
          result.variant_shared << static_cast<int>(state->session->shared_steps(v));
        }
        if (result.step < 0 || result.step > int(h.size())) result.step = int(h.size());
        // Superseded requests skip the expensive part; the newer one shows its own.
        if (generation == generation_.load()) {
          result.snapshot = state->snapshotAt(static_cast<std::size_t>(result.step));
          result.availability = state->knownAvailability(static_cast<std::size_t>(result.step));
          if (result.step > 0) result.previous = state->snapshotAt(static_cast<std::size_t>(result.step - 1));
        }
      }
    } catch (const InputError& e) {
      result.error = qs(e.what());
      result.error_line = int(e.where().line);
      result.error_column = int(e.where().column);
    } catch (const IslError& e) {
      result.error = qs(e.what());
      result.quota = e.quota_exceeded();
    } catch (const std::exception& e) {
      result.error = qs(e.what());
    }
    const bool code_pending = result.snapshot && result.snapshot->code_pending();
    if (result.snapshot && result.error.isEmpty() && (code_pending || !result.availability)) {
      // The views first; the code follows, target by target, as codeReady,
      // then what the menus offer, as availabilityReady.
      if (self) QMetaObject::invokeMethod(self, [self, result] { if (self) self->deliver(result); }, Qt::QueuedConnection);
      result.code_follows = true;
      const auto current = [this, generation] { return generation == generation_.load(); };
      const auto progress = [self, generation](std::shared_ptr<const Snapshot> partial) {
        QMetaObject::invokeMethod(
            self,
            [self, generation, partial] {
              if (self && generation == self->generation_.load()) Q_EMIT self->codeReady(generation, partial);
            },
            Qt::QueuedConnection);
      };
      if (code_pending) {
        try {
          result.snapshot = state->completeCode(static_cast<std::size_t>(result.step), result.snapshot,
                                                visibleTarget(), current, progress);
        } catch (const std::exception&) {
          result.snapshot = nullptr;  // each target's failure is its entry's error; nothing else throws here
        }
      }
      if (!result.availability && current()) {
        try {
          result.availability = state->availabilityAt(static_cast<std::size_t>(result.step));
          QMetaObject::invokeMethod(
              self,
              [self, generation, availability = result.availability] {
                if (self && generation == self->generation_.load()) Q_EMIT self->availabilityReady(generation, availability);
              },
              Qt::QueuedConnection);
        } catch (const std::exception&) {
          // Without it the menus offer every command; the forms still check legality.
        }
      }
    }
    if (self) QMetaObject::invokeMethod(self, [self, result] { if (self) self->finished(result); }, Qt::QueuedConnection);
  });
  return generation;
}

void EngineWorker::setVisibleTarget(const QString& target) {
  const std::lock_guard<std::mutex> lock(visible_target_mutex_);
  visible_target_ = target.toStdString();
}

std::string EngineWorker::visibleTarget() const {
  const std::lock_guard<std::mutex> lock(visible_target_mutex_);
  return visible_target_;
}

void EngineWorker::finished(const EngineResult& result) {
  --pending_;
  if (!result.code_follows) deliver(result);
  if (pending_.load() == 0) {
    busy_timer_.stop();
    if (busy_shown_) {
      busy_shown_ = false;
      Q_EMIT busyChanged(false);
    }
  }
}

void EngineWorker::deliver(const EngineResult& result) {
  if (result.snapshot || result.changed || result.refused || !result.error.isEmpty()) {
    if (!result.history.isEmpty() || result.snapshot || result.changed) history_ = result.history;
  }
  // Results of superseded requests are dropped unless they changed the session
  // or failed (the window must still learn about those).
  const bool latest = result.generation == generation_.load();
  if (latest || result.changed || result.refused || !result.error.isEmpty()) Q_EMIT resultReady(result);
}

namespace {

void noteProgramFile(const ProgramFile& file, EngineResult& result) {
  result.located_in = qs(file.located_in);
  result.embedded_c = qs(file.embedded_c);
  result.c_name = qs(file.loaded.program.file);
  result.program_options = file.loaded.program.options;
  result.open_note = qs(file.note);
  if (is_cpp_source(file.located_in) || !file.embedded_c.empty()) {
    const QString built = file.from_cache ? QStringLiteral("built program from the cache")
                                          : QStringLiteral("built in %1 s").arg(file.build_seconds, 0, 'f', 1);
    result.open_note = (result.open_note.isEmpty() ? QString() : result.open_note + QStringLiteral("; ")) + built +
                       QStringLiteral(", ran in %1 s").arg(file.run_seconds, 0, 'f', 2);
  }
}

// Adds the saved lines of work to `session`; one that no longer replays is
// left out, and the returned note says which and why (empty: all kept).
QString keepVariants(Session& session, const std::vector<std::vector<CommandCall>>& variants) {
  QStringList left;
  for (std::size_t v = 0; v < variants.size(); ++v)
    if (std::optional<Refusal> refusal = session.add_variant(variants[v]))
      left << QStringLiteral("variant %1 left out: %2")
                  .arg(v + 1)
                  .arg(qs(refusal->report()).section(QLatin1Char('\n'), 0, 0));
  return left.join(QStringLiteral("; "));
}

}  // namespace

quint64 EngineWorker::open(const QString& path, const CompileOptions& options, const QStringList& script_lines,
                           bool whole_history, const QString& script_name) {
  const std::string file = path.toStdString();
  const std::string script_file = script_name.toStdString();
  const std::string script = script_lines.join(QLatin1Char('\n')).toStdString();
  const quint64 open_generation = ++open_generation_;
  ProgramFileOptions file_options;
  file_options.cancelled = [this, open_generation] { return open_generation_.load() != open_generation; };
  return post(
      EngineResult::Kind::Open,
      [file, options, script, script_file, file_options, whole_history](EngineState& state, EngineResult& result) {
        state.live_drag = -1;
        result.ran_program = is_cpp_source(file);
        ProgramFile program = open_program_file(file, options, file_options);
        noteProgramFile(program, result);
        state.session = std::make_unique<Session>(std::move(program.loaded));
        state.plot_cache = std::make_shared<PlotCache>();
        state.program_part.reset();
        state.cache.clear();
        state.availability_cache.clear();
        state.plot_parameters.clear();
        result.changed = true;
        std::vector<CommandCall> calls = whole_history ? std::vector<CommandCall>{} : program.calls;
        // A malformed script line refuses the script, not the file: the file's views still show.
        try {
          const std::vector<CommandCall> lines = parse_script(script, script_file);
          calls.insert(calls.end(), lines.begin(), lines.end());
        } catch (const InputError& e) {
          result.refused = true;
          result.report = qs(e.what());
        }
        if (!calls.empty()) {
          const ScriptRun run = apply_script(*state.session, calls);
          if (run.refusal) noteRefusal(*run.refusal, result);
        }
        if (const QString left = keepVariants(*state.session, program.variants); !left.isEmpty())
          result.open_note += QStringLiteral("; ") + left;
        result.step = static_cast<int>(state.session->history().size());
      },
      -1);
}

quint64 EngineWorker::openSession(const QString& path, const CompileOptions& options, const QStringList& commands,
                                  int step, const QList<QStringList>& variants) {
  // Checked when the session file was read (session_file.h): they parse.
  std::vector<std::vector<CommandCall>> variant_calls;
  for (const QStringList& v : variants)
    variant_calls.push_back(parse_script(v.join(QLatin1Char('\n')).toStdString(), "session variant"));
  const std::string file = path.toStdString();
  std::vector<std::string> lines;
  for (const QString& line : commands) lines.push_back(line.toStdString());
  const quint64 open_generation = ++open_generation_;
  ProgramFileOptions file_options;
  file_options.cancelled = [this, open_generation] { return open_generation_.load() != open_generation; };
  return post(
      EngineResult::Kind::Session,
      [file, options, lines, variant_calls, file_options](EngineState& state, EngineResult& result) {
        result.ran_program = is_cpp_source(file);
        ProgramFile program = open_program_file(file, options, file_options);
        noteProgramFile(program, result);
        auto fresh = std::make_unique<Session>(std::move(program.loaded));
        for (std::size_t k = 0; k < lines.size(); ++k) {
          result.failed_step = static_cast<int>(k);
          const std::optional<CommandCall> call = parse_script_line(lines[k], SourceLocation{"session", 1, 1});
          if (!call) throw std::runtime_error("the command is empty");
          if (std::optional<Refusal> refusal = fresh->apply(*call)) throw std::runtime_error(refusal->report());
        }
        result.failed_step = -1;
        result.note = keepVariants(*fresh, variant_calls);
        state.live_drag = -1;
        state.session = std::move(fresh);
        state.plot_cache = std::make_shared<PlotCache>();
        state.program_part.reset();
        state.cache.clear();
        state.availability_cache.clear();
        state.plot_parameters.clear();
        result.changed = true;
      },
      step);
}

quint64 EngineWorker::switchVariant(int k) {
  return post(
      EngineResult::Kind::Apply,
      [k](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        state.live_drag = -1;
        if (!state.session->switch_to_variant(static_cast<std::size_t>(std::max(k, 0))))
          throw std::runtime_error("there is no such variant");
        result.changed = true;
      },
      -1);
}

quint64 EngineWorker::showStep(int step) {
  return post(EngineResult::Kind::Show, [](EngineState& state, EngineResult&) {
    if (!state.session) throw std::runtime_error("no program is open");
  }, step);
}

quint64 EngineWorker::setPlotParameters(const std::map<std::string, long>& values, int step) {
  return post(EngineResult::Kind::Show, [values](EngineState& state, EngineResult&) {
    if (state.plot_parameters != values) state.cache.clear();
    state.plot_parameters = values;
  }, step);
}

quint64 EngineWorker::setRanks(int ranks, int step) {
  return post(EngineResult::Kind::Show, [ranks](EngineState& state, EngineResult&) {
    if (state.ranks != ranks) state.cache.clear();
    state.ranks = ranks;
  }, step);
}

quint64 EngineWorker::apply(const CommandCall& call) {
  return post(
      EngineResult::Kind::Apply,
      [call](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        state.live_drag = -1;
        if (std::optional<Refusal> refusal = state.session->apply(call)) {
          noteRefusal(*refusal, result);
        } else {
          result.changed = true;
        }
      },
      -1);
}

quint64 EngineWorker::applyLive(const CommandCall& call, int drag) {
  return post(
      EngineResult::Kind::Apply,
      [call, drag](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        const bool replacing = state.live_drag == drag && state.session->can_undo();
        if (std::optional<Refusal> refusal =
                replacing ? state.session->replace_last(call) : state.session->apply(call)) {
          noteRefusal(*refusal, result);
        } else {
          result.changed = true;
          state.live_drag = drag;
        }
      },
      -1);
}

namespace {
// Applies the calls in order, one history step each, up to the first refusal
// (reported in `result`); returns how many were applied.
int applyEach(EngineState& state, const std::vector<CommandCall>& calls, EngineResult& result) {
  state.live_drag = -1;
  const ScriptRun run = apply_script(*state.session, calls);
  if (run.refusal) noteRefusal(*run.refusal, result);
  result.changed = run.applied > 0;
  return static_cast<int>(run.applied);
}
}  // namespace

quint64 EngineWorker::applySteps(const std::vector<CommandCall>& calls, const QString& what) {
  return post(
      EngineResult::Kind::Apply,
      [calls, what](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        const int applied = applyEach(state, calls, result);
        result.note = QStringLiteral("%1: %2 of %3 step%4 applied")
                          .arg(what)
                          .arg(applied)
                          .arg(calls.size())
                          .arg(calls.size() == 1 ? "" : "s");
      },
      -1);
}

quint64 EngineWorker::startFrom(const std::vector<CommandCall>& calls, const QString& what) {
  return post(
      EngineResult::Kind::Apply,
      [calls, what](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        while (state.session->undo()) {
        }
        const int applied = applyEach(state, calls, result);
        result.changed = true;
        result.note = QStringLiteral("%1: %2 of %3 step%4 applied").arg(what).arg(applied).arg(calls.size())
                          .arg(calls.size() == 1 ? "" : "s");
      },
      -1);
}

quint64 EngineWorker::autoSchedule() {
  return post(
      EngineResult::Kind::Apply,
      [](EngineState& state, EngineResult& result) {
        if (!state.session) throw std::runtime_error("no program is open");
        const AutoSchedulePlan plan = plan_auto_schedule(*state.session);
        std::vector<CommandCall> calls;
        for (const PlannedStep& step : plan.steps) calls.push_back(step.call);
        const int applied = applyEach(state, calls, result);
        if (!plan.kept_original.empty())
          result.note = QStringLiteral("Automatic schedule: %1").arg(qs(plan.kept_original));
        else if (plan.steps.empty() && plan.fallback)
          result.note = QStringLiteral("Automatic schedule: %1").arg(qs(plan.fallback_reason));
        else if (plan.steps.empty())
          result.note = QStringLiteral("Automatic schedule: isl's schedule is the current one, nothing to do");
        else
          result.note = QStringLiteral("Automatic schedule: %1 step%2%3")
                            .arg(applied)
                            .arg(applied == 1 ? "" : "s")
                            .arg(plan.fallback ? QStringLiteral(" (isl's schedule set in one step: %1)")
                                                     .arg(qs(plan.fallback_reason))
                                               : QString());
      },
      -1);
}

quint64 EngineWorker::undo() {
  return post(
      EngineResult::Kind::Undo,
      [](EngineState& state, EngineResult& result) {
        state.live_drag = -1;
        if (state.session && state.session->undo()) result.changed = true;
      },
      -1);
}

quint64 EngineWorker::redo() {
  return post(
      EngineResult::Kind::Redo,
      [](EngineState& state, EngineResult& result) {
        state.live_drag = -1;
        if (state.session && state.session->redo()) result.changed = true;
      },
      -1);
}

quint64 EngineWorker::preview(const CommandCall& call) {
  const quint64 generation = ++preview_generation_;
  std::shared_ptr<EngineState> state = state_;
  QPointer<EngineWorker> self(this);
  ++pending_;
  (void)QtConcurrent::run(&pool_, [this, self, state, call, generation] {
    PreviewResult result;
    result.generation = generation;
    if (generation == preview_generation_.load()) {
      try {
        if (!state->session) throw std::runtime_error("no program is open");
        auto outcome = state->session->preview(call);
        if (auto* applied = std::get_if<AppliedCommand>(&outcome)) {
          result.legal = true;
          result.text = qs(applied->outcome.description);
        } else {
          const Refusal& refusal = std::get<Refusal>(outcome);
          result.text = qs(refusal.legality ? refusal.legality->summary() : refusal.message);
          if (!refusal.repair_hint.empty()) result.text += QStringLiteral("\n") + qs(refusal.repair_hint);
        }
      } catch (const std::exception& e) {
        result.text = qs(e.what());
      }
    }
    if (self)
      QMetaObject::invokeMethod(self, [self, result, generation] {
        if (!self) return;
        --self->pending_;
        if (generation == self->preview_generation_.load()) Q_EMIT self->previewReady(result);
      }, Qt::QueuedConnection);
  });
  return generation;
}

void EngineWorker::checkExercise(int index, std::shared_ptr<const LessonExercise> exercise, const QString& answer,
                                 bool may_run_programs) {
  std::shared_ptr<EngineState> state = state_;
  QPointer<EngineWorker> self(this);
  ++pending_;
  (void)QtConcurrent::run(&pool_, [self, state, index, exercise, typed = answer.toStdString(), may_run_programs] {
    bool passed = false;
    QStringList feedback;
    try {
      if (!state->session) throw std::runtime_error("no program is open");
      const ExerciseOutcome outcome = check_exercise(*state->session, *exercise, typed, may_run_programs);
      passed = outcome.passed();
      for (const CheckOutcome& c : outcome.checks)
        if (!c.passed) feedback << qs(c.feedback);
    } catch (const std::exception& e) {
      feedback << qs(e.what());
    }
    if (self)
      QMetaObject::invokeMethod(self, [self, index, passed, feedback] {
        if (!self) return;
        --self->pending_;
        Q_EMIT self->exerciseChecked(index, passed, feedback);
      }, Qt::QueuedConnection);
  });
}

void EngineWorker::briefExercises(std::shared_ptr<const Lesson> lesson) {
  std::shared_ptr<EngineState> state = state_;
  QPointer<EngineWorker> self(this);
  ++pending_;
  (void)QtConcurrent::run(&pool_, [self, state, lesson] {
    QStringList briefings, models;
    for (const LessonExercise& exercise : lesson->exercises) {
      QString briefing, model;
      try {
        if (state->session) {
          briefing = qs(exercise_briefing(state->session->loaded_ptr(), exercise));
          model = qs(model_answer(state->session->loaded_ptr(), exercise));
        }
      } catch (const std::exception& e) {
        briefing = QStringLiteral("*") + qs(e.what()).toHtmlEscaped() + QStringLiteral("*");
      }
      briefings << briefing;
      models << model;
    }
    if (self)
      QMetaObject::invokeMethod(self, [self, lesson, briefings, models] {
        if (!self) return;
        --self->pending_;
        Q_EMIT self->exercisesBriefed(lesson.get(), briefings, models);
      }, Qt::QueuedConnection);
  });
}

quint64 EngineWorker::evaluateScratchpad(const QString& text, int cursor_line, const QMap<QString, qint64>& parameters) {
  const quint64 generation = ++scratchpad_generation_;
  std::map<std::string, long> values;
  for (auto it = parameters.begin(); it != parameters.end(); ++it) values[it.key().toStdString()] = it.value();
  QPointer<EngineWorker> self(this);
  ++pending_;
  (void)QtConcurrent::run(&scratchpad_pool_, [this, self, generation, typed = text.toStdString(), cursor_line, values] {
    ScratchpadOutcome outcome;
    outcome.generation = generation;
    if (generation == scratchpad_generation_.load()) {  // else a newer text is queued: skip the work
      const ScratchpadEvaluation e = evaluate_scratchpad(typed, static_cast<unsigned>(std::max(cursor_line, 0)), values);
      for (const ScratchpadValueText& v : e.values)
        outcome.values.push_back({static_cast<int>(v.line), qs(v.name), qs(v.source), qs(v.value), v.set});
      if (e.error) {
        outcome.error = qs(e.error->message());
        outcome.error_line = static_cast<int>(e.error->where().line);
        outcome.error_column = static_cast<int>(e.error->where().column);
      }
      for (const std::string& p : e.parameters) outcome.parameters << qs(p);
      outcome.plotted_line = static_cast<int>(e.plotted_line);
      if (e.plot) outcome.plot = std::make_shared<const PlotData>(*e.plot);
      outcome.plot_error = qs(e.plot_error);
    }
    if (self)
      QMetaObject::invokeMethod(self, [self, outcome] {
        if (!self) return;
        --self->pending_;
        if (outcome.generation == self->scratchpad_generation_.load()) Q_EMIT self->scratchpadEvaluated(outcome);
      }, Qt::QueuedConnection);
  });
  return generation;
}

namespace {
std::map<std::string, long> given_parameters(const QMap<QString, qint64>& parameters) {
  std::map<std::string, long> given;
  for (auto it = parameters.begin(); it != parameters.end(); ++it) given[it.key().toStdString()] = it.value();
  return given;
}
}  // namespace

// A function that hands `T` to `signal` on the GUI thread, counting the
// request done (pending_); for the measurements that end on the run thread.
template <typename T>
std::function<void(T)> EngineWorker::answerWith(void (EngineWorker::*signal)(const T&)) {
  QPointer<EngineWorker> self(this);
  return [self, signal](T value) {
    if (self)
      QMetaObject::invokeMethod(self, [self, signal, value] {
        if (!self) return;
        --self->pending_;
        Q_EMIT(self->*signal)(value);
      }, Qt::QueuedConnection);
  };
}

quint64 EngineWorker::runStep(int step, const QMap<QString, qint64>& parameters, int repetitions) {
  const quint64 generation = ++run_generation_;
  cancel_run_ = false;
  const std::map<std::string, long> given = given_parameters(parameters);
  std::shared_ptr<EngineState> state = state_;
  pending_ += 2;  // the isl half, then the run half
  const auto answer = answerWith<RunOutcome>(&EngineWorker::runFinished);
  (void)QtConcurrent::run(&pool_, [this, state, generation, step, given, repetitions, answer] {
    RunOutcome outcome;
    outcome.generation = generation;
    outcome.step = step;
    std::shared_ptr<const PreparedRun> original, scheduled;
    std::shared_ptr<const JitRunResult> cached;
    std::string key;
    try {
      if (!state->session) throw std::runtime_error("no program is open");
      Session& session = *state->session;
      const std::size_t s = std::min<std::size_t>(static_cast<std::size_t>(std::max(step, 0)), session.history().size());
      outcome.step = static_cast<int>(s);
      outcome.step_label = s == 0 ? QStringLiteral("original schedule") : qs(format_call(session.history()[s - 1].call));
      const Program& program = session.program();
      std::map<std::string, long> values;
      program.isl().bounded("prepare the run", [&] { values = default_run_parameters(program, given); });
      key = std::to_string(reinterpret_cast<std::uintptr_t>(&program));
      for (const auto& [name, value] : values) {
        outcome.parameters.append({qs(name), value});
        key += " " + name + "=" + std::to_string(value);
      }
      outcome.flops = region_work(program, values).flops();
      {
        std::lock_guard lock(state->runs->mutex);
        if (auto it = state->runs->originals.find(key); it != state->runs->originals.end()) cached = it->second;
      }
      if (!cached) original = prepare_jit_run(program, session.schedule_at(0), values);
      if (s > 0) scheduled = prepare_jit_run(program, session.schedule_at(s), values);
    } catch (const std::exception& e) {
      outcome.error = qs(e.what());
    }
    --pending_;
    if (!outcome.error.isEmpty() || generation != run_generation_.load()) {
      if (generation != run_generation_.load()) outcome.cancelled = true;
      answer(outcome);
      return;
    }
    (void)QtConcurrent::run(&run_pool_, [this, state, outcome, original, scheduled, cached, key, repetitions, answer]() mutable {
      try {
        outcome.peak_gflops = measured_peak_gflops();
        std::shared_ptr<const JitRunResult> base = cached;
        if (!base) {
          auto measured = std::make_shared<JitRunResult>(execute_jit_run(*original, repetitions, &cancel_run_));
          if (!measured->cancelled) {
            std::lock_guard lock(state->runs->mutex);
            state->runs->originals[key] = measured;
          }
          base = measured;
        }
        outcome.original_seconds = base->median_seconds();
        if (base->cancelled) {
          outcome.cancelled = true;
        } else if (!scheduled) {
          outcome.seconds = base->median_seconds();
          outcome.compile_seconds = base->compile_seconds;
        } else {
          const JitRunResult r = execute_jit_run(*scheduled, repetitions, &cancel_run_);
          outcome.cancelled = r.cancelled;
          outcome.seconds = r.median_seconds();
          outcome.compile_seconds = r.compile_seconds;
          if (const std::optional<std::string> d = first_difference(*base, r); d && !r.cancelled) outcome.difference = qs(*d);
        }
      } catch (const std::exception& e) {
        outcome.error = qs(e.what());
      }
      answer(outcome);
    });
  });
  return generation;
}

void EngineWorker::compareVariant(int k, const QMap<QString, qint64>& parameters, int repetitions) {
  const std::map<std::string, long> given = given_parameters(parameters);
  std::shared_ptr<EngineState> state = state_;
  pending_ += 2;  // the isl half, then the run half
  const auto answer = answerWith<VariantComparison>(&EngineWorker::variantCompared);
  (void)QtConcurrent::run(&pool_, [this, state, k, given, repetitions, answer] {
    VariantComparison comparison;
    comparison.variant = k;
    std::shared_ptr<const PreparedRun> original, runs[2];
    try {
      if (!state->session) throw std::runtime_error("no program is open");
      const Session& session = *state->session;
      if (k < 0 || static_cast<std::size_t>(k) >= session.variants().size())
        throw std::runtime_error("there is no such variant");
      const Variant lines[2] = {session.current_line(), session.variants()[static_cast<std::size_t>(k)]};
      comparison.shared_steps = static_cast<int>(session.shared_steps(lines[1]));
      const Program& program = session.program();
      std::map<std::string, long> values;
      program.isl().bounded("prepare the comparison", [&] { values = default_run_parameters(program, given); });
      for (const auto& [name, value] : values) comparison.parameters.append({qs(name), value});
      VariantSide* sides[2] = {&comparison.current, &comparison.other};
      comparison.current.title = QStringLiteral("current line");
      comparison.other.title = QStringLiteral("variant %1").arg(k + 1);
      for (int s = 0; s < 2; ++s) {
        for (const AppliedCommand& c : lines[s].steps) sides[s]->steps << qs(format_call(c.call));
        const isl::schedule schedule =
            lines[s].steps.empty() ? session.schedule_at(0) : lines[s].steps.back().outcome.schedule;
        const GeneratedCode code = generate(program, schedule, session.dependences().all(), "openmp", {}, nullptr,
                                            &session.dependences());
        sides[s]->code = qs(code.text);
        program.isl().bounded("find the dependences each loop carries", [&] {
          for (const CarriedLoop& l : carried_loops(program, session.dependences(), schedule))
            sides[s]->loops << qs(l.text());
        });
        runs[s] = prepare_jit_run(program, schedule, values);
      }
      original = prepare_jit_run(program, session.schedule_at(0), values);
    } catch (const std::exception& e) {
      comparison.error = qs(e.what());
    }
    --pending_;
    if (!comparison.error.isEmpty()) {
      answer(comparison);
      return;
    }
    cancel_run_ = false;
    (void)QtConcurrent::run(&run_pool_, [this, comparison, original, r0 = runs[0], r1 = runs[1], repetitions,
                                         answer]() mutable {
      try {
        const JitRunResult base = execute_jit_run(*original, repetitions, &cancel_run_);
        comparison.original_seconds = base.median_seconds();
        VariantSide* sides[2] = {&comparison.current, &comparison.other};
        const std::shared_ptr<const PreparedRun> runs[2] = {r0, r1};
        for (int s = 0; s < 2; ++s) {
          const JitRunResult r = execute_jit_run(*runs[s], repetitions, &cancel_run_);
          if (r.cancelled) throw std::runtime_error("cancelled");
          sides[s]->seconds = r.median_seconds();
          if (const std::optional<std::string> d = first_difference(base, r)) sides[s]->difference = qs(*d);
        }
      } catch (const std::exception& e) {
        comparison.error = QStringLiteral("not run: %1").arg(qs(e.what()));
      }
      answer(comparison);
    });
  });
}

quint64 EngineWorker::tune(const QMap<QString, qint64>& parameters, int repetitions) {
  return startTuning(
      parameters, repetitions,
      [](const Session& session, const std::map<std::string, long>& given) { return prepare_jit_tuning(session, given); },
      {});
}

quint64 EngineWorker::tuneKnobs(const QString& script_path, const QMap<QString, qint64>& parameters, int repetitions) {
  auto knobs = std::make_shared<KnobTuning>();
  auto text = std::make_shared<std::string>();
  const std::string path = script_path.toStdString();
  return startTuning(
      parameters, repetitions,
      [knobs, text, path](const Session& session, const std::map<std::string, long>& given) {
        *text = read_script_text(path);
        *knobs = plan_knob_tuning(session, parse_script(*text, path));
        return prepare_jit_candidates(session, given, knobs->result.candidates);
      },
      [knobs, text, script_path](const TuningResult& result, TuningOutcome& outcome) {
        knobs->result = result;
        knobs->keep_fastest();
        outcome.best = knobs->result.best;
        outcome.kept_original = false;
        outcome.script_path = script_path;
        if (knobs->result.best >= 0)
          outcome.tuned_script = qs(knobs->tuned_script(*text, "Run dock, compiled in the process by Halide's LLVM "
                                                               "back-end and run against the original"));
      });
}

quint64 EngineWorker::startTuning(
    const QMap<QString, qint64>& parameters, int repetitions,
    std::function<JitTuningPlan(const Session&, const std::map<std::string, long>&)> make_plan,
    std::function<void(const TuningResult&, TuningOutcome&)> finish) {
  const quint64 generation = ++run_generation_;
  cancel_run_ = false;
  const std::map<std::string, long> given = given_parameters(parameters);
  std::shared_ptr<EngineState> state = state_;
  QPointer<EngineWorker> self(this);
  pending_ += 2;  // the isl half, then the run half
  const auto answer = answerWith<TuningOutcome>(&EngineWorker::tuningFinished);
  (void)QtConcurrent::run(&pool_, [this, self, state, generation, given, repetitions, answer, make_plan, finish] {
    TuningOutcome outcome;
    outcome.generation = generation;
    auto plan = std::make_shared<JitTuningPlan>();
    try {
      if (!state->session) throw std::runtime_error("no program is open");
      *plan = make_plan(*state->session, given);
      for (const auto& [name, value] : plan->parameters) outcome.parameters.append({qs(name), value});
    } catch (const std::exception& e) {
      outcome.error = qs(e.what());
    }
    --pending_;
    if (!outcome.error.isEmpty() || generation != run_generation_.load()) {
      outcome.cancelled = generation != run_generation_.load();
      answer(outcome);
      return;
    }
    (void)QtConcurrent::run(&run_pool_, [this, self, plan, outcome, repetitions, answer, finish]() mutable {
      const auto progress = [self](const std::string& what, int done, int total) {
        QMetaObject::invokeMethod(self, [self, what = qs(what), done, total] {
          if (self) Q_EMIT self->tuningProgress(what, done, total);
        }, Qt::QueuedConnection);
      };
      try {
        const TuningResult result = run_jit_tuning(*plan, repetitions, progress, &cancel_run_);
        outcome.original_seconds = result.original_seconds.value_or(0);
        outcome.best = result.best;
        outcome.kept_original = result.kept_original;
        outcome.cancelled = result.cancelled;
        if (finish) finish(result, outcome);
        for (const std::string& line : result.summary()) outcome.summary.append(qs(line));
        for (std::size_t k = 0; k < result.candidates.size(); ++k) {
          const TuningCandidate& c = result.candidates[k];
          TuningCandidateOutcome o;
          o.label = qs(c.label);
          o.short_label = qs(c.short_label);
          for (const PlannedStep& step : c.plan.steps) o.steps.append(qs(format_call(step.call)));
          o.seconds = c.seconds.value_or(0);
          o.problem = qs(c.problem);
          o.code = qs(plan->openmp_code[k]);
          outcome.candidates.append(o);
        }
      } catch (const std::exception& e) {
        outcome.error = qs(e.what());
      }
      answer(outcome);
    });
  });
  return generation;
}

bool EngineWorker::waitForIdle(int timeout_ms) {
  QDeadlineTimer deadline(timeout_ms);
  // Events first: a queued one may post more work (a view asking for its data).
  for (;;) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (!busy()) return true;
    if (deadline.hasExpired()) return false;
    QThread::msleep(2);
  }
}

}  // namespace loopscape
