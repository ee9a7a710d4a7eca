// SPDX-License-Identifier: Apache-2.0
// Tiramisu's code generation (api/tiramisu.h): the function's schedule
// compiled through the halide target into an object with Tiramisu's calling
// convention, so that a Tiramisu program's wrapper links it unchanged.
#include <set>

#include "api/publish.h"
#include "codegen/halide/halide_lowering.h"
#include "layer1/declaration_support.h"

namespace loopscape::tiramisu {

using namespace detail;

function* global::get_implicit_function() { return function::current(); }

void function::set_arguments(const std::vector<buffer*>& arguments, where at) {
  std::vector<std::shared_ptr<BufferData>> list;
  std::set<std::string> seen;
  for (const buffer* b : arguments) {
    if (!b || !b->data()) fail(at, "a null buffer among the arguments of function '" + data_->name + "'");
    const BufferData& d = *b->data();
    if (d.owner != data_.get())
      fail(at, "buffer '" + d.name + "' among the arguments of function '" + data_->name +
                   "' belongs to another function");
    if (d.argument == a_temporary)
      fail(at, "buffer '" + d.name + "' is a_temporary, so the function allocates it and cannot take it as an "
                                     "argument: declare it a_input or a_output to pass it");
    if (!seen.insert(d.name).second) fail(at, "buffer '" + d.name + "' is given twice among the arguments");
    list.push_back(b->data());
  }
  data_->arguments = std::move(list);
  data_->arguments_set = true;
}

void function::gen_halide_obj(const std::string& object_file, where at) {
  if (!data_->arguments_set)
    fail(at, "gen_halide_obj of function '" + data_->name + "' before set_arguments: the object's arguments are "
                                                             "not known (or call codegen(buffers, file))");
  if (object_file.empty()) fail(at, "codegen of function '" + data_->name + "' without an object file name");
  // Run by the app: the program is shown, not compiled.
  if (publish_requested()) {
    publish_once();
    return;
  }
  Session& s = session();
  const Program& program = s.program();
  if (!program.parameters.empty())
    fail(at, "codegen of function '" + data_->name + "': constant '" + program.parameters.front() +
                 "' has no value, and Tiramisu's functions take only buffers: give it one, constant " +
                 program.parameters.front() + "(\"" + program.parameters.front() + "\", 1000)");
  HalideLoweringOptions options;
  options.function_name = data_->name;
  for (const auto& b : data_->arguments) options.buffer_arguments.push_back({b->name, c_type(b->type)});
  try {
    const HalideLowering lowered = lower_to_halide(program, s.schedule(), options);
    lowered.module.compile({{Halide::OutputFileType::object, object_file},
                            {Halide::OutputFileType::c_header, object_file + ".h"}});
  } catch (const InputError& e) {
    fail(at, "codegen of function '" + data_->name + "': " + e.message());
  } catch (const Halide::Error& e) {
    fail(at, "codegen of function '" + data_->name + "': Halide reports: " + e.what());
  }
}

void function::codegen(const std::vector<buffer*>& arguments, const std::string& object_file, bool gen_cuda_stmt,
                       where at) {
  if (gen_cuda_stmt)
    fail(at, "codegen of function '" + data_->name + "' with gen_cuda_stmt: Loopscape writes CUDA as a target of "
                                                     "its own (loopscape-cli emit --target cuda), not in this object");
  set_arguments(arguments, at);
  gen_halide_obj(object_file, at);
}

void codegen(const std::vector<buffer*>& arguments, const std::string& object_file, bool gen_cuda_stmt, where at) {
  function* f = function::current();
  if (!f) fail(at, "codegen without a function: call tiramisu::init(\"name\") first");
  f->codegen(arguments, object_file, gen_cuda_stmt, at);
}

}  // namespace loopscape::tiramisu
