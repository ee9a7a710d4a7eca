// SPDX-License-Identifier: Apache-2.0
// C.cache_shared_at(P, L): copy the buffer of C into GPU shared memory at
// loop L of statement P; P then reads the copy (Tiramisu's cache_shared_at).
// Recorded as the tag "@cache_shared(C,B)" on loop L of P (B: C's buffer).
// Checked: P reads or writes B; P's loops are mapped to the GPU and L is a
// block loop or lies inside one, outside every thread loop (the copy is made
// once per block, by its threads together).
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/schedule_lookups.h"
#include "commands/tag_support.h"
#include "schedule/data_layout.h"

namespace loopscape {
namespace {

class CacheSharedAtCommand : public CommandBase {
 public:
  std::string name() const override { return "cache_shared_at"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Statement, "P", "the statement whose loop holds the copy"),
          loop_parameter("L", "a block-level loop of P")}, {}}};
  }
  std::string summary() const override {
    return "Copy the statement's buffer into GPU shared memory at loop L of statement P (a block-level loop).";
  }

  // The loop L belongs to P, not to this statement: only whether some
  // statement that uses the buffer runs on the GPU is checked here.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string&) const override {
    const Program& program = context.program;
    if (!program.find_statement(statement)) return "'" + statement + "' is not a statement";
    const ScheduleLookups* known = lookups_about(context, schedule);
    const std::string buffer =
        known ? storage_buffer(program, known->layout(), statement) : storage_buffer(program, schedule, statement);
    if (buffer.empty()) return statement + " stores no value: there is no buffer to cache";
    if (preconditions::has_tag_anywhere(context, schedule, "gpu_block"))  // else no statement is on the GPU
      for (const Statement& p : program.statements) {
        bool uses = false;
        for (const Access& a : p.accesses) uses = uses || a.array == buffer;
        if (uses && preconditions::has_tag(context, schedule, p, "gpu_block")) return "";
      }
    return "no statement that uses " + buffer + " is mapped to the GPU: map one with gpu or tile_gpu first";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    using namespace tag_support;
    const Program& program = context.program;
    const Statement& c = require_statement(program, call);
    const Statement* p = program.find_statement(call.args[0].text);
    if (!p) throw InputError(call.args[0].where, "'" + call.args[0].text + "' is not a statement of the program");
    const std::string buffer = storage_buffer(program, schedule, c.name);
    if (buffer.empty()) throw InputError(call.where, c.name + " stores no value: there is no buffer to cache");
    bool uses = false;
    for (const Access& a : p->accesses) uses = uses || a.array == buffer;
    if (!uses)
      throw InputError(call.args[0].where, p->name + " does not access " + buffer + " (the buffer of " + c.name +
                                               "): caching it for " + p->name + " is useless");
    const TagLoop loop = resolve_tag_loop(program, schedule, *p, call.args[1]);
    int outer_block = -1;
    int first_thread = -1;
    for (const auto& [depth, t] : statement_tags(program, schedule, *p)) {
      if (t.kind == "gpu_block" && depth <= loop.depth) outer_block = depth;
      if (t.kind == "gpu_thread" && (first_thread < 0 || depth < first_thread)) first_thread = depth;
    }
    if (outer_block < 0)
      throw InputError(call.args[1].where, "loop " + call.args[1].text + " of " + p->name +
                                               " is not inside a GPU block loop: map " + p->name +
                                               " to the GPU first (gpu or tile_gpu)");
    if (first_thread >= 0 && first_thread <= loop.depth)
      throw InputError(call.args[1].where, "loop " + call.args[1].text + " of " + p->name +
                                               " is a GPU thread loop or inside one: the shared copy is made once per "
                                               "block, at a block loop or a sequential loop outside the thread loops");
    CommandOutcome out;
    out.schedule = tag(loop.loop, LoopTag{"cache_shared", {c.name, buffer}});
    out.description = "caches " + buffer + " (the buffer of " + c.name + ") in GPU shared memory at " +
                      loop_phrase(loop, *p);
    out.changed_statements = {p->name};
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_cache_shared_at_command() { return std::make_unique<CacheSharedAtCommand>(); }

}  // namespace loopscape
