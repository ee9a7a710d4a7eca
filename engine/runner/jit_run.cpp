// SPDX-License-Identifier: Apache-2.0
#include "runner/jit_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "analysis/work_count.h"
#include "codegen/halide/halide_lowering.h"
#include "support/error.h"

namespace loopscape {

namespace H = Halide;

struct PreparedRun {
  explicit PreparedRun(HalideLowering l) : lowering(std::move(l)) {}
  HalideLowering lowering;
  struct Buffer {
    std::string name;
    std::vector<long> extents;
    H::Type type;
    std::vector<unsigned char> initial;  // the deterministic inputs, element bytes
    bool temporary = false;
  };
  std::vector<Buffer> buffers;                          // in argument order
  std::vector<std::vector<unsigned char>> scalars;      // one per scalar argument, in argument order
};

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Deterministic inputs: small values that keep every kernel's arithmetic tame.
double input_value(long k, const std::string& name) {
  return static_cast<double>((k * 7 + static_cast<long>(name.size())) % 13) / 13.0 + 0.5;
}

template <typename T>
void store(unsigned char* at, double v) {
  const T t = static_cast<T>(v);
  std::memcpy(at, &t, sizeof t);
}

template <typename T>
double load(const unsigned char* at) {
  T t;
  std::memcpy(&t, at, sizeof t);
  return static_cast<double>(t);
}

void store_value(const H::Type& type, unsigned char* at, double v) {
  if (type == H::Float(64)) return store<double>(at, v);
  if (type == H::Float(32)) return store<float>(at, v);
  const double whole = std::floor(v * 4);  // integer kernels get 2..5
  switch (type.bits()) {
    case 1:
    case 8: return type.is_uint() || type.is_bool() ? store<std::uint8_t>(at, whole) : store<std::int8_t>(at, whole);
    case 16: return type.is_uint() ? store<std::uint16_t>(at, whole) : store<std::int16_t>(at, whole);
    case 32: return type.is_uint() ? store<std::uint32_t>(at, whole) : store<std::int32_t>(at, whole);
    default: return type.is_uint() ? store<std::uint64_t>(at, whole) : store<std::int64_t>(at, whole);
  }
}

double load_value(const H::Type& type, const unsigned char* at) {
  if (type == H::Float(64)) return load<double>(at);
  if (type == H::Float(32)) return load<float>(at);
  switch (type.bits()) {
    case 1:
    case 8: return type.is_uint() || type.is_bool() ? load<std::uint8_t>(at) : load<std::int8_t>(at);
    case 16: return type.is_uint() ? load<std::uint16_t>(at) : load<std::int16_t>(at);
    case 32: return type.is_uint() ? load<std::uint32_t>(at) : load<std::int32_t>(at);
    default: return type.is_uint() ? load<std::uint64_t>(at) : load<std::int64_t>(at);
  }
}

bool numeric(const std::string& e) {
  return !e.empty() && std::all_of(e.begin(), e.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string subscripts(long flat, const std::vector<long>& extents) {
  std::vector<long> index(extents.size());
  for (std::size_t d = extents.size(); d-- > 0;) {
    index[d] = extents[d] > 0 ? flat % extents[d] : 0;
    flat = extents[d] > 0 ? flat / extents[d] : 0;
  }
  std::string s;
  for (long i : index) s += "[" + std::to_string(i) + "]";
  return s;
}

// Independent multiply-add chains, eight of four lanes: no chain waits on
// another, so the core's floating-point units stay busy.
typedef double Lanes __attribute__((vector_size(32)));

__attribute__((target("avx2,fma"))) double chains_fma(long iterations) {
  Lanes a[8];
  for (int k = 0; k < 8; ++k) a[k] = Lanes{1.0 + k, 2.0 + k, 3.0 + k, 4.0 + k} * 1e-3;
  const Lanes m = {0.999999, 0.999998, 0.999997, 0.999996};
  const Lanes c = {1e-7, 2e-7, 3e-7, 4e-7};
  for (long i = 0; i < iterations; ++i)
    for (int k = 0; k < 8; ++k) a[k] = __builtin_ia32_vfmaddpd256(a[k], m, c);
  double sum = 0;
  for (int k = 0; k < 8; ++k)
    for (int l = 0; l < 4; ++l) sum += a[k][l];
  return sum;
}

double chains_plain(long iterations) {
  Lanes a[8];
  for (int k = 0; k < 8; ++k) a[k] = Lanes{1.0 + k, 2.0 + k, 3.0 + k, 4.0 + k} * 1e-3;
  const Lanes m = {0.999999, 0.999998, 0.999997, 0.999996};
  const Lanes c = {1e-7, 2e-7, 3e-7, 4e-7};
  for (long i = 0; i < iterations; ++i)
    for (int k = 0; k < 8; ++k) a[k] = a[k] * m + c;
  double sum = 0;
  for (int k = 0; k < 8; ++k)
    for (int l = 0; l < 4; ++l) sum += a[k][l];
  return sum;
}

}  // namespace

double JitRunResult::median_seconds() const {
  if (run_seconds.empty()) return 0;
  std::vector<double> s = run_seconds;
  std::sort(s.begin(), s.end());
  return s[s.size() / 2];
}

std::optional<std::string> first_difference(const JitRunResult& want, const JitRunResult& got) {
  for (const JitArrayValues& w : want.arrays) {
    if (w.temporary) continue;
    const auto g = std::find_if(got.arrays.begin(), got.arrays.end(), [&](const JitArrayValues& a) { return a.name == w.name; });
    if (g == got.arrays.end() || g->values.size() != w.values.size()) return w.name + ": not computed";
    for (std::size_t k = 0; k < w.values.size(); ++k) {
      const double a = w.values[k], b = g->values[k];
      if (std::isnan(a) && std::isnan(b)) continue;
      if (std::fabs(a - b) <= std::max(w.tolerance.relative * std::max(std::fabs(a), std::fabs(b)), w.tolerance.absolute))
        continue;
      char text[128];
      std::snprintf(text, sizeof text, ": %.17g (original) vs %.17g", a, b);
      return w.name + subscripts(static_cast<long>(k), w.extents) + text;
    }
  }
  return std::nullopt;
}

std::map<std::string, long> default_run_parameters(const Program& program, const std::map<std::string, long>& given) {
  long smallest = 0;
  for (const Array& a : program.arrays)
    for (const std::string& e : a.extents)
      if (numeric(e)) smallest = smallest == 0 ? std::stol(e) : std::min(smallest, std::stol(e));
  if (smallest == 0) smallest = 256;
  std::map<std::string, long> values;
  for (const std::string& p : program.parameters) values[p] = given.count(p) ? given.at(p) : smallest;
  for (int halvings = 0; halvings < 24; ++halvings) {
    try {
      check_accesses_in_bounds(program, values);
      return values;
    } catch (const InputError&) {
      bool smaller = false;
      for (auto& [name, value] : values)
        if (!given.count(name) && value > 1) {
          value /= 2;
          smaller = true;
        }
      if (!smaller) break;
    }
  }
  return values;  // prepare_jit_run says what is out of bounds
}

std::shared_ptr<const PreparedRun> prepare_jit_run(const Program& program, const isl::schedule& schedule,
                                                   const std::map<std::string, long>& parameters, bool contract_fma) {
  for (const std::string& p : program.parameters)
    if (!parameters.count(p)) throw InputError({}, "the run needs a value for the parameter " + p);
  check_accesses_in_bounds(program, parameters);
  auto run =
      std::make_shared<PreparedRun>(lower_to_halide(program, schedule, {.jit = true, .contract_fma = contract_fma}));
  for (const HalideArgument& a : run->lowering.arguments) {
    if (a.is_buffer) {
      const Array* array = program.find_array(a.name);
      if (!array) throw InputError({}, "the lowered function takes " + a.name + ", which is no array of the program");
      PreparedRun::Buffer b{a.name, {}, a.type, {}, array->temporary};
      b.extents = array_extents(*array, parameters);
      long elements = 1;
      for (long e : b.extents) elements *= e;
      const std::size_t bytes = static_cast<std::size_t>(a.type.bytes());
      b.initial.resize(static_cast<std::size_t>(std::max(elements, 1L)) * bytes);
      for (long k = 0; k < std::max(elements, 1L); ++k)
        store_value(a.type, b.initial.data() + static_cast<std::size_t>(k) * bytes, input_value(k, a.name));
      run->buffers.push_back(std::move(b));
    } else {
      std::vector<unsigned char> value(static_cast<std::size_t>(std::max(a.type.bytes(), 1)));
      if (auto it = parameters.find(a.name); it != parameters.end() && a.type.is_int()) {
        if (a.type.bits() == 64)
          store<std::int64_t>(value.data(), static_cast<double>(it->second));
        else
          store<std::int32_t>(value.data(), static_cast<double>(it->second));
      } else {
        store_value(a.type, value.data(), a.type.is_float() ? 1.5 : 0.5);  // alpha, beta, float_n: 1.5; integers: 2
      }
      run->scalars.push_back(std::move(value));
    }
  }
  return run;
}

JitRunResult execute_jit_run(const PreparedRun& run, int repetitions, const std::atomic<bool>* cancel) {
  JitRunResult result;
  const auto compile_start = Clock::now();
  H::Internal::JITModule jit(run.lowering.module, run.lowering.module.functions().back());
  result.compile_seconds = seconds_since(compile_start);
  std::vector<std::vector<unsigned char>> buffers;
  for (const PreparedRun::Buffer& b : run.buffers) buffers.push_back(b.initial);
  std::vector<void*> pointers(buffers.size());
  std::vector<const void*> argv;
  for (int r = 0; r < std::max(repetitions, 1); ++r) {
    if (cancel && cancel->load()) {
      result.cancelled = true;
      break;
    }
    for (std::size_t b = 0; b < buffers.size(); ++b) {
      if (r > 0) std::memcpy(buffers[b].data(), run.buffers[b].initial.data(), buffers[b].size());
      pointers[b] = buffers[b].data();
    }
    argv.clear();
    std::size_t b = 0, s = 0;
    for (const HalideArgument& a : run.lowering.arguments)
      argv.push_back(a.is_buffer ? static_cast<const void*>(&pointers[b++]) : run.scalars[s++].data());
    const auto start = Clock::now();
    const int rc = jit.argv_function()(argv.data());
    result.run_seconds.push_back(seconds_since(start));
    if (rc != 0) throw std::runtime_error("the compiled region returned the error code " + std::to_string(rc));
    if (r == 0) {
      for (std::size_t k = 0; k < buffers.size(); ++k) {
        const PreparedRun::Buffer& spec = run.buffers[k];
        JitArrayValues values{spec.name, spec.extents, {}, {}, spec.temporary};
        if (!spec.type.is_float()) values.tolerance = Tolerance{0, 0};
        if (spec.type == H::Float(32)) values.tolerance = Tolerance{1e-4, 1e-6};
        const std::size_t bytes = static_cast<std::size_t>(spec.type.bytes());
        values.values.resize(buffers[k].size() / bytes);
        for (std::size_t e = 0; e < values.values.size(); ++e)
          values.values[e] = load_value(spec.type, buffers[k].data() + e * bytes);
        result.arrays.push_back(std::move(values));
      }
    }
  }
  return result;
}

double measured_peak_gflops() {
  static std::once_flag once;
  static double peak = 0;
  std::call_once(once, [] {
    const bool fma = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    constexpr long kIterations = 40'000'000;
    std::vector<double> sink(cores);
    const auto start = Clock::now();
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < cores; ++t)
      threads.emplace_back([&, t] { sink[t] = fma ? chains_fma(kIterations) : chains_plain(kIterations); });
    for (std::thread& t : threads) t.join();
    const double seconds = seconds_since(start);
    const double flops = 2.0 * 4 * 8 * static_cast<double>(kIterations) * cores;
    peak = flops / seconds / 1e9;
    if (std::isnan(sink[0])) peak = 0;  // keeps the chains from being optimised away
  });
  return peak;
}

}  // namespace loopscape
