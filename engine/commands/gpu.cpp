// SPDX-License-Identifier: Apache-2.0
// S.gpu(Lb1 [, Lb2 [, Lb3]], Lt1 [, Lt2 [, Lt3]]): Tiramisu's tag_gpu_level
// forms. With 2, 4 or 6 loops, the first half become GPU block loops and the
// second half thread loops, outermost first, and they must be consecutive
// loops of S in that order (blocks around threads). Axes follow the CUDA
// convention of PPCG: the innermost block (thread) loop is x, then y, then z,
// so the innermost loop, usually the contiguous one, gets threadIdx.x.
// Recorded as "@gpu_block(x)" / "@gpu_thread(x)"; every GPU loop must carry
// no dependence (legality.h).
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class GpuCommand : public CommandBase {
 public:
  std::string name() const override { return "gpu"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("Lb1", "the loop mapped to block dimension 1"),
          loop_parameter("Lt1", "the loop mapped to thread dimension 1")}, {}},
        {{loop_parameter("Lb1", "the loop mapped to block dimension 1"),
          loop_parameter("Lb2", "the loop mapped to block dimension 2"),
          loop_parameter("Lt1", "the loop mapped to thread dimension 1"),
          loop_parameter("Lt2", "the loop mapped to thread dimension 2")}, {}},
        {{loop_parameter("Lb1", "the loop mapped to block dimension 1"),
          loop_parameter("Lb2", "the loop mapped to block dimension 2"),
          loop_parameter("Lb3", "the loop mapped to block dimension 3"),
          loop_parameter("Lt1", "the loop mapped to thread dimension 1"),
          loop_parameter("Lt2", "the loop mapped to thread dimension 2"),
          loop_parameter("Lt3", "the loop mapped to thread dimension 3")}, {}}};
  }
  std::string summary() const override {
    return "Map consecutive loops to GPU blocks (first half) and threads (second half); they must carry no "
           "dependence.";
  }

  // The loop pointed at becomes the block loop, the one inside it the thread loop.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    if (std::string why = preconditions::needs_loops(context, schedule, statement, loop, 2, true); !why.empty())
      return why;
    const Statement& s = *context.program.find_statement(statement);
    if (preconditions::has_tag(context, schedule, s, "gpu_block") ||
        preconditions::has_tag(context, schedule, s, "gpu_thread"))
      return statement + " is already mapped to the GPU";
    return "";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    using namespace tag_support;
    const Statement& s = require_statement(context.program, call);
    const std::size_t n = call.args.size() / 2;
    std::vector<TagLoop> loops;
    for (const CommandArgument& a : call.args) loops.push_back(resolve_tag_loop(context.program, schedule, s, a));
    for (std::size_t k = 1; k < loops.size(); ++k) {
      if (loops[k].depth == loops[k - 1].depth)
        throw InputError(call.args[k].where, "loop " + call.args[k].text + " is given twice");
      if (loops[k].depth != loops[k - 1].depth + 1)
        throw InputError(call.args[k].where,
                         "the GPU loops must be consecutive loops of " + s.name + ", outermost first: " +
                             call.args[k].text + " does not come directly inside " + call.args[k - 1].text);
    }
    for (const auto& [depth, t] : statement_tags(context.program, schedule, s))
      if (t.kind == "gpu_block" || t.kind == "gpu_thread")
        throw InputError(call.where, s.name + " is already mapped to the GPU (a loop is tagged " + t.display() + ")");
    // Threads per block, when the thread loops have constant trip counts.
    long threads = 1;
    bool known = true;
    for (std::size_t k = n; k < loops.size(); ++k) {
      const std::optional<long> e = constant_extent(context.program, s, loops[k].loop);
      if (e) threads *= *e; else known = false;
    }
    if (known && threads > 1024)
      throw InputError(call.where, "a GPU block would have " + std::to_string(threads) +
                                       " threads; CUDA allows at most 1024: use tile_gpu to make smaller thread loops");
    static const char* axes = "xyz";
    isl::schedule result = schedule;
    std::vector<std::string> parts;
    std::vector<std::string> changed;
    for (std::size_t k = 0; k < call.args.size(); ++k) {
      const bool block = k < n;
      const std::size_t level = block ? k : k - n;
      const LoopTag tag{block ? "gpu_block" : "gpu_thread", {std::string(1, axes[n - 1 - level])}};
      const TagLoop l = resolve_tag_loop(context.program, result, s, call.args[k]);
      result = tag_support::tag(l.loop, tag);
      parts.push_back(l.loop.name + " -> " + tag.display());
      for (const std::string& st : l.loop.statements)
        if (std::find(changed.begin(), changed.end(), st) == changed.end()) changed.push_back(st);
    }
    CommandOutcome out;
    out.schedule = result;
    out.description = "maps loops of " + list_text(changed) + " to the GPU: " + join(parts);
    // One note per different thing said: two mapped loops with the same
    // private scalars say so once.
    std::vector<std::string> notes;
    for (std::size_t k = 0; k < call.args.size(); ++k) {
      const std::string note = parallel_note(context, call, result, "GPU thread",
                                             "the GPU threads of " + call.args[k].text +
                                                 " update it atomically (the cuda target; halide refuses it)",
                                             k);
      if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
    }
    for (const std::string& note : notes) out.description += note;
    out.changed_statements = changed;
    out.repair_hint = "map loops that carry no dependence to the GPU (e.g. the space loops inside a sequential "
                      "time loop)";
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_gpu_command() { return std::make_unique<GpuCommand>(); }

}  // namespace loopscape
