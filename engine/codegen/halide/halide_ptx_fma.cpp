// SPDX-License-Identifier: Apache-2.0
#include "codegen/halide/halide_ptx_fma.h"

#include <regex>
#include <sstream>

namespace loopscape {

namespace HI = Halide::Internal;

std::string split_ptx_fmas(const std::string& ptx) {
  // fma.rn.f64 	%fd13, %fd11, %fd12, %fd46;
  static const std::regex fma(R"(^(\s*)fma\.rn(\.ftz)?\.(f32|f64)\s+([^,]+),\s*([^,]+),\s*([^,]+),\s*([^;]+);)");
  std::istringstream in(ptx);
  std::string out, line;
  out.reserve(ptx.size() + ptx.size() / 4);
  for (bool first = true; std::getline(in, line); first = false) {
    if (!first) out += '\n';
    std::smatch m;
    if (!std::regex_search(line, m, fma)) {
      out += line;
      continue;
    }
    const std::string indent = m[1], ftz = m[2], type = m[3];
    out += indent + "{ .reg ." + type + " %ls_product; mul.rn" + ftz + "." + type + " %ls_product, " + m[5].str() +
           ", " + m[6].str() + "; add.rn" + ftz + "." + type + " " + m[4].str() + ", %ls_product, " + m[7].str() +
           "; }" + m.suffix().str();
  }
  if (!ptx.empty() && ptx.back() == '\n') out += '\n';
  return out;
}

namespace {

class ReplaceGpuSource : public HI::IRMutator {
 public:
  explicit ReplaceGpuSource(const std::string& ptx) : ptx_(ptx) {}
  using HI::IRMutator::visit;

 private:
  static bool is_source(const HI::Variable* v) {
    return v->image.defined() && HI::ends_with(v->image.name(), "_gpu_source_kernels");
  }

  Halide::Expr visit(const HI::Variable* v) override {
    if (!is_source(v)) return v;
    if (!replacement_.defined()) {
      Halide::Buffer<uint8_t> source(static_cast<int>(ptx_.size()), v->image.name());
      std::copy(ptx_.begin(), ptx_.end(), source.data());
      replacement_ = Halide::Buffer<>(source);
    }
    return HI::Variable::make(v->type, v->name, replacement_);
  }

  Halide::Expr visit(const HI::Call* c) override {
    // halide_cuda_initialize_kernels(state, source, size): the size is the new text's.
    if (c->call_type == HI::Call::Extern && HI::ends_with(c->name, "_initialize_kernels") && c->args.size() == 3) {
      const auto* source = c->args[1].as<HI::Variable>();
      if (source && is_source(source))
        return HI::Call::make(c->type, c->name, {c->args[0], mutate(c->args[1]), Halide::Expr((int)ptx_.size())},
                              c->call_type);
    }
    return HI::IRMutator::visit(c);
  }

  const std::string& ptx_;
  Halide::Buffer<> replacement_;
};

}  // namespace

HI::Stmt with_gpu_source(const HI::Stmt& s, const std::string& ptx) { return ReplaceGpuSource(ptx).mutate(s); }

}  // namespace loopscape
