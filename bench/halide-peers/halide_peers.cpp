// SPDX-License-Identifier: Apache-2.0
// Halide 14's own autoschedulers as peers (issue 26): the kernels Halide
// expresses (gemm, 2mm, jacobi-2d, heat-3d, blur, conv3x3), written as a
// Halide user writes them, scheduled by Mullapudi2016, Adams2019 (its
// built-in weights) or Li2018, JIT-compiled and timed at a PolyBench dataset.
//
//   loopscape-halide-peers KERNEL DATASET AUTOSCHEDULER THREADS [RUNS]
//
// AUTOSCHEDULER is Mullapudi2016, Adams2019, Li2018 or none (Halide's default
// schedule: every stage at the root, unvectorised). Prints the best time of
// RUNS (default 3) realisations in seconds, as POLYBENCH_TIME does, on stdout.
// With LOOPSCAPE_DUMP=FILE it instead writes the live-out array to FILE in
// PolyBench's dump format (the autoschedulers log to stderr), so that bench/halide_peers.sh compares it with the
// original C program's dump at the MINI dataset. The plugins are loaded from
// HALIDE_PLUGIN_DIR (default: Debian's /usr/lib/x86_64-linux-gnu/halide14).
// The time-stepped stencils are a pipeline for one time step, realised once
// per step into two buffers used in turn, as a Halide program runs them.
#include <Halide.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace Halide;

namespace {

using Sizes = std::map<std::string, int>;

struct Kernel {
  // Sizes per dataset, PolyBench's (the image kernels: bench/halide-peers/*/NAME.h).
  std::map<std::string, Sizes> datasets;
  // Builds the pipeline and its data for `sizes`; returns the work to time
  // (run once per realisation, after a fresh initialisation) and the dump.
  std::function<void(const Sizes&, const std::string& scheduler, const Target&, const MachineParams&,
                     std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump)>
      make;
};

// PolyBench's dump: a newline before every element whose index (as the
// kernel's print_array computes it) is a multiple of 20.
std::FILE* dump_file = nullptr;

template <typename T>
void dump_array(const char* name, int count, const std::function<int(int)>& print_index,
                const std::function<T(int)>& value) {
  std::fprintf(dump_file, "==BEGIN DUMP_ARRAYS==\n");
  std::fprintf(dump_file, "begin dump: %s", name);
  for (int n = 0; n < count; ++n) {
    if (print_index(n) % 20 == 0) std::fprintf(dump_file, "\n");
    std::fprintf(dump_file, "%0.2f ", static_cast<double>(value(n)));
  }
  std::fprintf(dump_file, "\nend   dump: %s\n", name);
  std::fprintf(dump_file, "==END   DUMP_ARRAYS==\n");
}

void schedule_pipeline(Pipeline& p, const std::string& scheduler, const Target& target, const MachineParams& machine) {
  if (scheduler != "none") p.auto_schedule(scheduler, target, machine);
  p.compile_jit(target);
}

Var x("x"), y("y"), z("z");

// C := alpha*A*B + beta*C. Halide's first dimension is PolyBench's last index.
void make_gemm(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
               std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int ni = s.at("NI"), nj = s.at("NJ"), nk = s.at("NK");
  auto A = std::make_shared<Buffer<double>>(nk, ni), B = std::make_shared<Buffer<double>>(nj, nk);
  auto C = std::make_shared<Buffer<double>>(nj, ni), out = std::make_shared<Buffer<double>>(nj, ni);
  ImageParam a(Float(64), 2, "A"), b(Float(64), 2, "B"), c(Float(64), 2, "C");
  const double alpha = 1.5, beta = 1.2;
  RDom k(0, nk, "k");
  Func gemm("gemm");
  gemm(x, y) = Expr(beta) * c(x, y);
  gemm(x, y) += Expr(alpha) * a(k, y) * b(x, k);
  a.set_estimates({{0, nk}, {0, ni}});
  b.set_estimates({{0, nj}, {0, nk}});
  c.set_estimates({{0, nj}, {0, ni}});
  gemm.set_estimates({{0, nj}, {0, ni}});
  auto p = std::make_shared<Pipeline>(gemm);
  schedule_pipeline(*p, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nj; j++) (*C)(j, i) = static_cast<double>((i * j + 1) % ni) / ni;
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nk; j++) (*A)(j, i) = static_cast<double>(i * (j + 1) % nk) / nk;
    for (int i = 0; i < nk; i++)
      for (int j = 0; j < nj; j++) (*B)(j, i) = static_cast<double>(i * (j + 2) % nj) / nj;
    a.set(*A);
    b.set(*B);
    c.set(*C);
  };
  run = [=] { p->realize(*out); };
  dump = [=] {
    dump_array<double>("C", ni * nj, [=](int n) { return (n / nj) * ni + n % nj; },
                       [=](int n) { return (*out)(n % nj, n / nj); });
  };
}

// tmp := alpha*A*B; D := tmp*C + beta*D.
void make_2mm(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
              std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int ni = s.at("NI"), nj = s.at("NJ"), nk = s.at("NK"), nl = s.at("NL");
  auto A = std::make_shared<Buffer<double>>(nk, ni), B = std::make_shared<Buffer<double>>(nj, nk);
  auto C = std::make_shared<Buffer<double>>(nl, nj), D = std::make_shared<Buffer<double>>(nl, ni);
  auto out = std::make_shared<Buffer<double>>(nl, ni);
  ImageParam a(Float(64), 2, "A"), b(Float(64), 2, "B"), c(Float(64), 2, "C"), d(Float(64), 2, "D");
  const double alpha = 1.5, beta = 1.2;
  RDom k1(0, nk, "k1"), k2(0, nj, "k2");
  Func tmp("tmp"), mm("mm2");
  tmp(x, y) = Expr(0.0);
  tmp(x, y) += Expr(alpha) * a(k1, y) * b(x, k1);
  mm(x, y) = Expr(beta) * d(x, y);
  mm(x, y) += tmp(k2, y) * c(x, k2);
  a.set_estimates({{0, nk}, {0, ni}});
  b.set_estimates({{0, nj}, {0, nk}});
  c.set_estimates({{0, nl}, {0, nj}});
  d.set_estimates({{0, nl}, {0, ni}});
  mm.set_estimates({{0, nl}, {0, ni}});
  auto p = std::make_shared<Pipeline>(mm);
  schedule_pipeline(*p, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nk; j++) (*A)(j, i) = static_cast<double>((i * j + 1) % ni) / ni;
    for (int i = 0; i < nk; i++)
      for (int j = 0; j < nj; j++) (*B)(j, i) = static_cast<double>(i * (j + 1) % nj) / nj;
    for (int i = 0; i < nj; i++)
      for (int j = 0; j < nl; j++) (*C)(j, i) = static_cast<double>((i * (j + 3) + 1) % nl) / nl;
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nl; j++) (*D)(j, i) = static_cast<double>(i * (j + 2) % nk) / nk;
    a.set(*A);
    b.set(*B);
    c.set(*C);
    d.set(*D);
  };
  run = [=] { p->realize(*out); };
  dump = [=] {
    dump_array<double>("D", ni * nl, [=](int n) { return (n / nl) * ni + n % nl; },
                       [=](int n) { return (*out)(n % nl, n / nl); });
  };
}

// One time step of a stencil whose two half steps write B from A and A from
// B inside the boundary ring. B's ring keeps its initial values (an input);
// the step's output covers A's interior and is realised into a crop of the
// other A buffer, whose ring is A's.
struct SteppedStencil {
  std::shared_ptr<Buffer<double>> current, next, b_initial;
  std::shared_ptr<Pipeline> step;
  std::shared_ptr<ImageParam> a, b0;
  int steps = 0;
  int dims = 0;
  int n = 0;
  void run_all() {
    for (int t = 0; t < steps; ++t) {
      a->set(*current);
      b0->set(*b_initial);
      // A crop of a Halide::Buffer's copy would crop the shared buffer too.
      Buffer<double> interior(next->get()->cropped(std::vector<std::pair<int, int>>(dims, {1, n - 2})));
      step->realize(interior);
      std::swap(current, next);
    }
  }
};

void make_jacobi_2d(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
                    std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int n = s.at("N");
  auto st = std::make_shared<SteppedStencil>();
  st->steps = s.at("TSTEPS");
  st->dims = 2;
  st->n = n;
  st->current = std::make_shared<Buffer<double>>(n, n);
  st->next = std::make_shared<Buffer<double>>(n, n);
  st->b_initial = std::make_shared<Buffer<double>>(n, n);
  st->a = std::make_shared<ImageParam>(Float(64), 2, "A");
  st->b0 = std::make_shared<ImageParam>(Float(64), 2, "B0");
  ImageParam& a = *st->a;
  ImageParam& b0 = *st->b0;
  // Only the ring of B reads past A's edge, and it keeps B0's value instead.
  Func ae = BoundaryConditions::repeat_edge(a);
  const Expr inside = x >= 1 && x <= n - 2 && y >= 1 && y <= n - 2;
  Func b("B"), a_next("A_next");
  b(x, y) = select(inside, Expr(0.2) * (ae(x, y) + ae(x - 1, y) + ae(x + 1, y) + ae(x, y + 1) + ae(x, y - 1)),
                   b0(x, y));
  a_next(x, y) = Expr(0.2) * (b(x, y) + b(x - 1, y) + b(x + 1, y) + b(x, y + 1) + b(x, y - 1));
  a.set_estimates({{0, n}, {0, n}});
  b0.set_estimates({{0, n}, {0, n}});
  a_next.set_estimates({{1, n - 2}, {1, n - 2}});
  st->step = std::make_shared<Pipeline>(a_next);
  schedule_pipeline(*st->step, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        (*st->current)(j, i) = (static_cast<double>(i) * (j + 2) + 2) / n;
        (*st->b_initial)(j, i) = (static_cast<double>(i) * (j + 3) + 3) / n;
      }
    st->next->copy_from(*st->current);
  };
  run = [=] { st->run_all(); };
  dump = [=] {
    dump_array<double>("A", n * n, [=](int k) { return k; }, [=](int k) { return (*st->current)(k % n, k / n); });
  };
}

void make_heat_3d(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
                  std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int n = s.at("N");
  auto st = std::make_shared<SteppedStencil>();
  st->steps = s.at("TSTEPS");
  st->dims = 3;
  st->n = n;
  st->current = std::make_shared<Buffer<double>>(n, n, n);
  st->next = std::make_shared<Buffer<double>>(n, n, n);
  st->b_initial = std::make_shared<Buffer<double>>(n, n, n);
  st->a = std::make_shared<ImageParam>(Float(64), 3, "A");
  st->b0 = std::make_shared<ImageParam>(Float(64), 3, "B0");
  ImageParam& a = *st->a;
  ImageParam& b0 = *st->b0;
  Func ae = BoundaryConditions::repeat_edge(a);
  const Expr inside = x >= 1 && x <= n - 2 && y >= 1 && y <= n - 2 && z >= 1 && z <= n - 2;
  // PolyBench's order of operations: z is its i, y its j, x its k.
  auto heat = [&](const std::function<Expr(Expr, Expr, Expr)>& v) {
    const Expr c(0.125), two(2.0);
    return c * (v(x, y, z + 1) - two * v(x, y, z) + v(x, y, z - 1)) +
           c * (v(x, y + 1, z) - two * v(x, y, z) + v(x, y - 1, z)) +
           c * (v(x + 1, y, z) - two * v(x, y, z) + v(x - 1, y, z)) + v(x, y, z);
  };
  Func b("B"), a_next("A_next");
  b(x, y, z) = select(inside, heat([&](Expr i, Expr j, Expr k) { return ae(i, j, k); }), b0(x, y, z));
  a_next(x, y, z) = heat([&](Expr i, Expr j, Expr k) { return b(i, j, k); });
  a.set_estimates({{0, n}, {0, n}, {0, n}});
  b0.set_estimates({{0, n}, {0, n}, {0, n}});
  a_next.set_estimates({{1, n - 2}, {1, n - 2}, {1, n - 2}});
  st->step = std::make_shared<Pipeline>(a_next);
  schedule_pipeline(*st->step, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++)
          (*st->current)(k, j, i) = (*st->b_initial)(k, j, i) = static_cast<double>(i + j + (n - k)) * 10 / n;
    st->next->copy_from(*st->current);
  };
  run = [=] { st->run_all(); };
  dump = [=] {
    dump_array<double>("A", n * n * n, [=](int k) { return k; },
                       [=](int k) { return (*st->current)(k % n, (k / n) % n, k / (n * n)); });
  };
}

float image_input(int i, int j) { return static_cast<float>((i * 7 + j * 13) % 256) / 16; }

// The image kernels write OUT inside a ring of zeros: the output covers the
// interior and is realised into a crop of the full image.
Buffer<float> image_interior(const Buffer<float>& image, int w, int h) {
  return Buffer<float>(image.get()->cropped({{1, w - 2}, {1, h - 2}}));
}

void dump_image(const Buffer<float>& out, int w, int h) {
  dump_array<float>("OUT", w * h, [=](int k) { return k; }, [&out, w](int k) { return out(k % w, k / w); });
}

void make_blur(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
               std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int w = s.at("W"), h = s.at("H");
  auto in = std::make_shared<Buffer<float>>(w, h), out = std::make_shared<Buffer<float>>(w, h);
  ImageParam input(Float(32), 2, "IN");
  Func blur_x("T"), blur_y("OUT");
  blur_x(x, y) = (input(x - 1, y) + input(x, y) + input(x + 1, y)) / 3.0f;
  blur_y(x, y) = (blur_x(x, y - 1) + blur_x(x, y) + blur_x(x, y + 1)) / 3.0f;
  input.set_estimates({{0, w}, {0, h}});
  blur_y.set_estimates({{1, w - 2}, {1, h - 2}});
  auto p = std::make_shared<Pipeline>(blur_y);
  schedule_pipeline(*p, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < h; i++)
      for (int j = 0; j < w; j++) (*in)(j, i) = image_input(i, j);
    out->fill(0.0f);
    input.set(*in);
  };
  run = [=] {
    Buffer<float> interior = image_interior(*out, w, h);
    p->realize(interior);
  };
  dump = [=] { dump_image(*out, w, h); };
}

void make_conv3x3(const Sizes& s, const std::string& scheduler, const Target& target, const MachineParams& machine,
                  std::function<void()>& init, std::function<void()>& run, std::function<void()>& dump) {
  const int w = s.at("W"), h = s.at("H");
  auto in = std::make_shared<Buffer<float>>(w, h), out = std::make_shared<Buffer<float>>(w, h);
  auto weights = std::make_shared<Buffer<float>>(3, 3);
  ImageParam input(Float(32), 2, "IN"), k(Float(32), 2, "K");
  RDom r(0, 3, 0, 3, "r");
  Func conv("OUT");
  conv(x, y) = 0.0f;
  conv(x, y) += k(r.x, r.y) * input(x + r.x - 1, y + r.y - 1);  // PolyBench's a is r.y, b is r.x
  input.set_estimates({{0, w}, {0, h}});
  k.set_estimates({{0, 3}, {0, 3}});
  conv.set_estimates({{1, w - 2}, {1, h - 2}});
  // The C program sums b innermost: r.x is Halide's innermost reduction variable.
  auto p = std::make_shared<Pipeline>(conv);
  schedule_pipeline(*p, scheduler, target, machine);
  init = [=]() mutable {
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) (*weights)(j, i) = static_cast<float>((i * 3 + j) % 5 - 2) / 8;
    for (int i = 0; i < h; i++)
      for (int j = 0; j < w; j++) (*in)(j, i) = image_input(i, j);
    out->fill(0.0f);
    input.set(*in);
    k.set(*weights);
  };
  run = [=] {
    Buffer<float> interior = image_interior(*out, w, h);
    p->realize(interior);
  };
  dump = [=] { dump_image(*out, w, h); };
}

std::map<std::string, Kernel> kernels() {
  std::map<std::string, Kernel> k;
  k["gemm"] = {{{"MINI", {{"NI", 20}, {"NJ", 25}, {"NK", 30}}},
                {"SMALL", {{"NI", 60}, {"NJ", 70}, {"NK", 80}}},
                {"MEDIUM", {{"NI", 200}, {"NJ", 220}, {"NK", 240}}},
                {"LARGE", {{"NI", 1000}, {"NJ", 1100}, {"NK", 1200}}},
                {"EXTRALARGE", {{"NI", 2000}, {"NJ", 2300}, {"NK", 2600}}}},
               make_gemm};
  k["2mm"] = {{{"MINI", {{"NI", 16}, {"NJ", 18}, {"NK", 22}, {"NL", 24}}},
               {"SMALL", {{"NI", 40}, {"NJ", 50}, {"NK", 70}, {"NL", 80}}},
               {"MEDIUM", {{"NI", 180}, {"NJ", 190}, {"NK", 210}, {"NL", 220}}},
               {"LARGE", {{"NI", 800}, {"NJ", 900}, {"NK", 1100}, {"NL", 1200}}},
               {"EXTRALARGE", {{"NI", 1600}, {"NJ", 1800}, {"NK", 2200}, {"NL", 2400}}}},
              make_2mm};
  k["jacobi-2d"] = {{{"MINI", {{"TSTEPS", 20}, {"N", 30}}},
                     {"SMALL", {{"TSTEPS", 40}, {"N", 90}}},
                     {"MEDIUM", {{"TSTEPS", 100}, {"N", 250}}},
                     {"LARGE", {{"TSTEPS", 500}, {"N", 1300}}},
                     {"EXTRALARGE", {{"TSTEPS", 1000}, {"N", 2800}}}},
                    make_jacobi_2d};
  k["heat-3d"] = {{{"MINI", {{"TSTEPS", 20}, {"N", 10}}},
                   {"SMALL", {{"TSTEPS", 40}, {"N", 20}}},
                   {"MEDIUM", {{"TSTEPS", 100}, {"N", 40}}},
                   {"LARGE", {{"TSTEPS", 500}, {"N", 120}}},
                   {"EXTRALARGE", {{"TSTEPS", 1000}, {"N", 200}}}},
                  make_heat_3d};
  const std::map<std::string, Sizes> images = {{"MINI", {{"W", 32}, {"H", 20}}},
                                               {"SMALL", {{"W", 256}, {"H", 200}}},
                                               {"MEDIUM", {{"W", 1024}, {"H", 768}}},
                                               {"LARGE", {{"W", 8192}, {"H", 6144}}},
                                               {"EXTRALARGE", {{"W", 12288}, {"H", 9216}}}};
  k["blur"] = {images, make_blur};
  k["conv3x3"] = {images, make_conv3x3};
  return k;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s KERNEL DATASET AUTOSCHEDULER THREADS [RUNS]\n", argv[0]);
    return 2;
  }
  const std::string name = argv[1], dataset = argv[2], scheduler = argv[3];
  const int threads = std::atoi(argv[4]);
  const int runs = argc > 5 ? std::atoi(argv[5]) : 3;
  const char* dump_path = std::getenv("LOOPSCAPE_DUMP");
  const bool dumping = dump_path && *dump_path;
  try {
    const auto all = kernels();
    const auto kernel = all.find(name);
    if (kernel == all.end()) throw std::invalid_argument("unknown kernel " + name);
    const auto sizes = kernel->second.datasets.find(dataset);
    if (sizes == kernel->second.datasets.end()) throw std::invalid_argument("unknown dataset " + dataset);
    if (scheduler != "none") {
      const char* dir = std::getenv("HALIDE_PLUGIN_DIR");
      std::string lower = scheduler;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      load_plugin(std::string(dir ? dir : "/usr/lib/x86_64-linux-gnu/halide14") + "/libautoschedule_" + lower + ".so");
    }
    const Target target = get_host_target();
    // The machine's: its threads, a 32 MiB last-level cache, Halide's default balance.
    const MachineParams machine(threads, 32u * 1024 * 1024, 40);
    std::function<void()> init, run, dump;
    kernel->second.make(sizes->second, scheduler, target, machine, init, run, dump);
    double best = 1e30;
    for (int r = 0; r < (dumping ? 1 : runs); ++r) {
      init();
      const auto start = std::chrono::steady_clock::now();
      run();
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    if (dumping) {
      dump_file = std::fopen(dump_path, "w");
      if (!dump_file) throw std::runtime_error(std::string("cannot write ") + dump_path);
      dump();
      std::fclose(dump_file);
    } else {
      std::printf("%0.6f\n", best);
    }
  } catch (const Halide::Error& e) {
    std::fprintf(stderr, "%s %s %s: Halide: %s\n", name.c_str(), dataset.c_str(), scheduler.c_str(), e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s %s %s: %s\n", name.c_str(), dataset.c_str(), scheduler.c_str(), e.what());
    return 1;
  }
  return 0;
}
