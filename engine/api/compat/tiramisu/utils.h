// SPDX-License-Identifier: Apache-2.0
#pragma once
// <tiramisu/utils.h> for the wrappers of Tiramisu programs built against
// Loopscape: timing (median, print_time) and Halide buffers (init, print,
// copy, compare), as Tiramisu's benchmarks call them. Comparisons print
// "Test NAME succeeded." or say where the buffers differ, and a failed one
// ends the program with status 1 (Tiramisu's only reports it).
// <tiramisu/tiramisu.h> includes it, as Tiramisu's does, so it is read
// before a program's own macros (a kernel's "#define T 70").
#include <Halide.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

// The median of run times, in milliseconds.
inline double median(std::vector<std::chrono::duration<double, std::milli>> times) {
  if (times.empty()) return 0;
  std::sort(times.begin(), times.end());
  const std::size_t n = times.size();
  return n % 2 ? times[n / 2].count() : (times[n / 2 - 1].count() + times[n / 2].count()) / 2;
}

// Prints one row of times (ms) under their column names, and appends it to `file_name`.
inline void print_time(const std::string& file_name, const std::string& kernel_name,
                       const std::vector<std::string>& header_text, const std::vector<double>& time_vector) {
  std::cout << std::left << std::setw(20) << "Kernel";
  for (const std::string& h : header_text) std::cout << std::setw(20) << h;
  std::cout << "\n" << std::setw(20) << kernel_name;
  for (double t : time_vector) std::cout << std::setw(20) << t;
  std::cout << std::endl;
  std::ofstream file(file_name, std::ios::app);
  file << kernel_name;
  for (double t : time_vector) file << "," << t;
  file << "\n";
}

namespace loopscape::tiramisu::detail {

// Visits every element of a buffer of up to four dimensions.
template <typename T, typename F>
void each_element(const Halide::Buffer<T>& b, F&& f) {
  const int d = b.dimensions();
  const int e0 = d > 0 ? b.dim(0).extent() : 1, e1 = d > 1 ? b.dim(1).extent() : 1;
  const int e2 = d > 2 ? b.dim(2).extent() : 1, e3 = d > 3 ? b.dim(3).extent() : 1;
  const int m0 = d > 0 ? b.dim(0).min() : 0, m1 = d > 1 ? b.dim(1).min() : 0;
  const int m2 = d > 2 ? b.dim(2).min() : 0, m3 = d > 3 ? b.dim(3).min() : 0;
  for (int w = m3; w < m3 + e3; ++w)
    for (int z = m2; z < m2 + e2; ++z)
      for (int y = m1; y < m1 + e1; ++y)
        for (int x = m0; x < m0 + e0; ++x) {
          int at[4] = {x, y, z, w};
          f(at);
        }
}

// An element of a buffer by its raw description (Halide::Buffer's own
// accessors take a fixed number of coordinates).
template <typename T>
T& element(const Halide::Buffer<T>& b, const int* at) {
  const halide_buffer_t* raw = b.raw_buffer();
  std::ptrdiff_t offset = 0;
  for (int k = 0; k < raw->dimensions; ++k)
    offset += static_cast<std::ptrdiff_t>(at[k] - raw->dim[k].min) * raw->dim[k].stride;
  return reinterpret_cast<T*>(raw->host)[offset];
}

template <typename T>
bool same_shape(const Halide::Buffer<T>& a, const Halide::Buffer<T>& b) {
  if (a.dimensions() != b.dimensions()) return false;
  for (int k = 0; k < a.dimensions(); ++k)
    if (a.dim(k).extent() != b.dim(k).extent() || a.dim(k).min() != b.dim(k).min()) return false;
  return true;
}

inline std::string place(const int* at, int dimensions) {
  std::string s = "(";
  for (int k = 0; k < dimensions; ++k) s += (k ? ", " : "") + std::to_string(at[k]);
  return s + ")";
}

// Compares two buffers element by element; `close` decides whether two values agree.
template <typename T, typename Close>
void compare(const std::string& test, const Halide::Buffer<T>& result, const Halide::Buffer<T>& expected, Close close) {
  if (!same_shape(result, expected)) {
    std::cerr << "Test " << test << " failed: the result's shape differs from the expected one" << std::endl;
    std::exit(1);
  }
  bool failed = false;
  each_element(result, [&](const int* at) {
    if (failed) return;
    const T got = element(result, at), want = element(expected, at);
    if (!close(got, want)) {
      std::cerr << "Test " << test << " failed. At " << place(at, result.dimensions()) << ", expected: " << +want
                << ", got: " << +got << "." << std::endl;
      failed = true;
    }
  });
  if (failed) std::exit(1);
  std::cout << "Test " << test << " succeeded." << std::endl;
}

}  // namespace loopscape::tiramisu::detail

template <typename T>
inline void init_buffer(Halide::Buffer<T>& buf, T value) {
  loopscape::tiramisu::detail::each_element(
      buf, [&](const int* at) { loopscape::tiramisu::detail::element(buf, at) = value; });
}

template <typename T>
inline void print_buffer(const Halide::Buffer<T>& buf) {
  const int row_start = buf.dimensions() > 0 ? buf.dim(0).min() : 0;
  bool first = true;
  loopscape::tiramisu::detail::each_element(buf, [&](const int* at) {
    if (!first && at[0] == row_start) std::cout << "\n";
    first = false;
    std::cout << +loopscape::tiramisu::detail::element(buf, at) << " ";
  });
  std::cout << std::endl;
}

template <typename T>
inline void copy_buffer(const Halide::Buffer<T>& from, Halide::Buffer<T>& to) {
  loopscape::tiramisu::detail::each_element(
      from, [&](const int* at) { loopscape::tiramisu::detail::element(to, at) = loopscape::tiramisu::detail::element(from, at); });
}

template <typename T>
inline void compare_buffers(const std::string& test, const Halide::Buffer<T>& result, const Halide::Buffer<T>& expected) {
  loopscape::tiramisu::detail::compare(test, result, expected, [](T a, T b) { return a == b; });
}

template <typename T>
inline void compare_buffers_approximately(const std::string& test, const Halide::Buffer<T>& result,
                                          const Halide::Buffer<T>& expected, float threshold) {
  loopscape::tiramisu::detail::compare(test, result, expected, [threshold](T a, T b) {
    return std::abs(static_cast<double>(a) - static_cast<double>(b)) <= threshold;
  });
}

template <typename T>
inline void compare_buffers_approximately(const std::string& test, const Halide::Buffer<T>& result,
                                          const Halide::Buffer<T>& expected) {
  compare_buffers_approximately(test, result, expected, 0.1f);
}

template <typename T>
inline void compare_4D_buffers(const std::string& test, const Halide::Buffer<T>& result,
                               const Halide::Buffer<T>& expected, int /*box*/) {
  compare_buffers_approximately(test, result, expected, 0.1f);
}

inline void print_test_results(const std::string& test, bool success) {
  std::cout << "Test " << test << (success ? " succeeded." : " failed.") << std::endl;
}
