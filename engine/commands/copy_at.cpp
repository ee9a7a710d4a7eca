// SPDX-License-Identifier: Apache-2.0
// S.copy_at(L, A [, {d0, d1, ...}]): at the start of each iteration of loop L of S, copy the
// part of array A that the iteration reads or writes into a local buffer; the
// statements under L use the buffer, and the elements they write go back to
// A at the end of the iteration (Tiramisu's cache_at/copy_at, Halide's
// in().compute_at()), its dimensions in the order given (a permutation of
// A's: {1, 0} transposes). Recorded as the tag "@copy(A)" ("@copy(A,1,0)")
// on loop L. The part is
// the box the access relations give for one iteration, so its size must be a
// constant (tile the loops inside L first), at most kLocalCopyBytes.
// A copy never changes which values are read, so it is always legal: within
// the iteration every access goes to the buffer, and no other iteration runs
// between the copy in and the copy out.
#include "analysis/access_box.h"
#include "commands/builtin_commands.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

std::string size_text(const AccessBox& box) {
  std::string dims;
  for (long s : box.size) dims += (dims.empty() ? "" : " x ") + std::to_string(s);
  const long bytes = box.bytes();
  const std::string amount = bytes >= 1024 ? std::to_string((bytes + 1023) / 1024) + " KiB" : std::to_string(bytes) + " bytes";
  return dims + " elements, " + amount;
}

// The dimension order {d0, d1, ...}: a permutation of the array's
// dimensions. Returns how the description says it ("" for the array's own
// order, which is not recorded).
std::string order_argument(const CommandArgument& argument, const Array& array) {
  const std::vector<std::string> items = tag_support::parse_list(argument);
  const std::size_t rank = array.extents.size();
  if (items.size() != rank)
    throw InputError(argument.where, "the order has " + std::to_string(items.size()) + " item" +
                                         (items.size() == 1 ? "" : "s") + ", but " + array.name + " has " +
                                         std::to_string(rank) + " dimension" + (rank == 1 ? "" : "s") +
                                         ": list each once, separated by commas (" +
                                         (rank == 1 ? std::string("{0}") : std::string("{1, 0} for 2")) + ")");
  std::vector<bool> seen(rank, false);
  bool identity = true;
  std::string text;
  for (std::size_t p = 0; p < rank; ++p) {
    std::size_t used = 0;
    long d = -1;
    try {
      d = std::stol(items[p], &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != items[p].size() || d < 0 || d >= static_cast<long>(rank) || seen[static_cast<std::size_t>(d)])
      throw InputError(argument.where, "'" + items[p] + "' in the order: give each dimension of " + array.name +
                                           " (0 to " + std::to_string(rank - 1) + ") once");
    seen[static_cast<std::size_t>(d)] = true;
    identity = identity && d == static_cast<long>(p);
    text += (text.empty() ? "" : ", ") + items[p];
  }
  return identity ? "" : ", stored in the order (" + text + ")" + (rank == 2 ? " (transposed)" : "");
}

class CopyAtCommand : public CommandBase {
 public:
  std::string name() const override { return "copy_at"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {{{loop_parameter("L", "the loop at whose iterations the copy is made"),
              parameter(ParameterKind::Array, "A", "the array to copy")},
             {parameter(ParameterKind::List, "order", "the copy's dimensions in storage order, {1, 0}: transposed")}}};
  }
  std::string summary() const override {
    return "Copy the part of array A that one iteration of loop L uses into a local buffer (packing).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    const Statement* s = context.program.find_statement(statement);
    if (!s) return "'" + statement + "' is not a statement";
    for (const Access& a : s->accesses)
      if (const Array* array = context.program.find_array(a.array); array && !array->is_scalar()) return "";
    return statement + " accesses no array";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    using namespace tag_support;
    const Program& program = context.program;
    const Statement& s = require_statement(program, call);
    const std::string array = parse_identifier(call.args[1], "the array");
    const Array* a = program.find_array(array);
    if (!a) {
      std::string known;
      for (const Array& x : program.arrays)
        if (!x.is_scalar()) known += (known.empty() ? "" : ", ") + x.name;
      throw InputError(call.args[1].where, "'" + array + "' is not an array of the program (its arrays: " + known + ")");
    }
    if (a->is_scalar()) throw InputError(call.args[1].where, array + " is a scalar: there is no part of it to copy");
    const TagLoop loop = resolve_tag_loop(program, schedule, s, call.args[0]);
    bool used = false;
    for (const std::string& name : tagged_statements(loop))
      if (const Statement* t = program.find_statement(name))
        for (const Access& access : t->accesses) used = used || access.array == array;
    if (!used)
      throw InputError(call.args[1].where, "no statement under " + loop_phrase(loop, s) + " accesses " + array +
                                               ": there is nothing to copy");
    LoopTag copy{"copy", {array}};
    const std::string layout = call.args.size() > 2 ? order_argument(call.args[2], *a) : "";
    if (!layout.empty())
      for (const std::string& d : tag_support::parse_list(call.args[2])) copy.args.push_back(d);
    CommandOutcome out;
    const isl::schedule_node band = tag_band_member(loop.loop.band, loop.loop.member, copy);
    out.schedule = band.schedule();
    AccessBox box;
    try {
      box = access_box(program, band, array, "copy_at");
    } catch (const InputError& e) {
      throw InputError(call.where, e.message());
    }
    if (box.bytes() > kLocalCopyBytes)
      throw InputError(call.args[0].where, "the part of " + array + " one iteration of " + loop_phrase(loop, s) +
                                               " uses is " + size_text(box) + ", more than the " +
                                               std::to_string(kLocalCopyBytes / 1024) +
                                               " KiB a copy may take: copy at an inner loop, or tile smaller");
    out.description = "copies the part of " + array + " one iteration of " + loop_phrase(loop, s) + " uses (" +
                      size_text(box) + ") into a local buffer" + layout +
                      (!box.written ? "" : ", and the elements it writes back after it");
    out.changed_statements = {s.name};
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_copy_at_command() { return std::make_unique<CopyAtCommand>(); }

}  // namespace loopscape
