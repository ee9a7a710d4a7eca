// SPDX-License-Identifier: Apache-2.0
// --target tree: the schedule tree in the named form of spec 000.
#include "codegen/tree/tree_target.h"
#include "schedule/tree_printer.h"

namespace loopscape {
namespace {

class TreeTarget : public Target {
 public:
  std::string name() const override { return "tree"; }
  std::string display_name() const override { return "Tree"; }
  std::string file_suffix() const override { return "txt"; }
  RunRecipe run_recipe() const override { return {.toolchain = RunRecipe::Toolchain::None}; }
  std::string description() const override { return "the schedule tree in named, indented form, with its tags"; }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    in.program.isl().bounded("print the schedule tree", [&] { out.text = print_schedule_tree(in.schedule); });
    return out;
  }
};

}  // namespace

std::unique_ptr<Target> make_tree_target() { return std::make_unique<TreeTarget>(); }

}  // namespace loopscape
