// SPDX-License-Identifier: Apache-2.0
#include "plot/step_lines.h"

#include <cmath>
#include <map>
#include <numeric>
#include <tuple>

namespace loopscape {

std::optional<std::pair<long, long>> step_normal(const PlotStatement& statement, int x, int y) {
  if (x < 0 || y < 0 || static_cast<std::size_t>(x) >= statement.iterators.size() ||
      static_cast<std::size_t>(y) >= statement.iterators.size())
    return std::nullopt;
  std::optional<std::pair<long, long>> normal;
  for (const PlotTimeDim& dim : statement.time_dims) {
    if (dim.concurrent) continue;
    if (!dim.affine || dim.coefficients.size() != statement.iterators.size()) return std::nullopt;
    long a = dim.coefficients[static_cast<std::size_t>(x)];
    long b = dim.coefficients[static_cast<std::size_t>(y)];
    if (a == 0 && b == 0) continue;  // constant on the slice
    const long g = std::gcd(a, b);
    a /= g;
    b /= g;
    if (a < 0 || (a == 0 && b < 0)) {
      a = -a;
      b = -b;
    }
    if (normal && *normal != std::make_pair(a, b)) return std::nullopt;  // two directions fix a point
    normal = std::make_pair(a, b);
  }
  return normal;
}

std::vector<StepLine> step_lines(const PlotData& data, std::span<const std::uint32_t> points,
                                 std::span<const std::array<int, 2>> axes, std::vector<std::int32_t>* line_of) {
  std::vector<std::optional<std::pair<long, long>>> normals(data.statements.size());
  for (std::size_t s = 0; s < data.statements.size() && s < axes.size(); ++s)
    normals[s] = step_normal(data.statements[s], axes[s][0], axes[s][1]);

  struct Extent {
    double low = 0, high = 0;  // positions along the line
    std::uint32_t count = 0;
    std::int32_t index = -1;
  };
  using Key = std::tuple<std::uint32_t, long, long, long>;
  std::map<Key, Extent> lines;
  // The line a point is on, and its position along it.
  auto place = [&](std::uint32_t p) -> std::optional<std::pair<Key, double>> {
    const PlotPoint& point = data.points[p];
    const std::size_t s = static_cast<std::size_t>(point.statement);
    if (!normals[s] || point.time_size != data.statements[s].time_dims.size()) return std::nullopt;
    const auto [a, b] = *normals[s];
    std::span<const long> c = data.coords(p);
    const long x = c[static_cast<std::size_t>(axes[s][0])];
    const long y = c[static_cast<std::size_t>(axes[s][1])];
    return std::make_pair(Key{point.step, a, b, a * x + b * y}, static_cast<double>(-b * x + a * y));
  };
  for (std::uint32_t p : points) {
    const auto at = place(p);
    if (!at) continue;
    Extent& e = lines[at->first];
    if (e.count == 0 || at->second < e.low) e.low = at->second;
    if (e.count == 0 || at->second > e.high) e.high = at->second;
    ++e.count;
  }

  std::vector<StepLine> out;
  out.reserve(lines.size());
  for (auto& [key, e] : lines) {
    e.index = static_cast<std::int32_t>(out.size());
    StepLine line;
    std::tie(line.step, line.a, line.b, line.c) = key;
    // Points on the line: (x, y) = c * n / |n|^2 + t * d / |n|^2 with n = (a, b), d = (-b, a).
    const double n2 = static_cast<double>(line.a * line.a + line.b * line.b);
    const double half = 0.5 * std::sqrt(n2);  // half a unit, in `along` units
    const double cx = static_cast<double>(line.c * line.a) / n2, cy = static_cast<double>(line.c * line.b) / n2;
    const double t0 = (e.low - half) / n2, t1 = (e.high + half) / n2;
    line.x0 = cx - static_cast<double>(line.b) * t0;
    line.y0 = cy + static_cast<double>(line.a) * t0;
    line.x1 = cx - static_cast<double>(line.b) * t1;
    line.y1 = cy + static_cast<double>(line.a) * t1;
    line.point_count = e.count;
    out.push_back(line);
  }
  if (line_of) {
    line_of->assign(points.size(), -1);
    for (std::size_t k = 0; k < points.size(); ++k)
      if (const auto at = place(points[k])) (*line_of)[k] = lines.at(at->first).index;
  }
  return out;
}

}  // namespace loopscape
