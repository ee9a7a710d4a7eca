// SPDX-License-Identifier: Apache-2.0
#include "plot_renderer.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QTransform>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_set>

#include "statement_colors.h"

namespace loopscape {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A screen line to half a pixel: lines a projection lays on the same pixels
// are drawn once.
std::uint64_t quantized(const QLineF& l) {
  auto q = [](double v) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(std::lround(v * 2) + 0x4000)); };
  return q(l.x1()) | q(l.y1()) << 16 | q(l.x2()) << 32 | q(l.y2()) << 48;
}

std::int64_t cellKey(long x, long y) {
  return (static_cast<std::int64_t>(x) << 32) ^ (static_cast<std::int64_t>(y) & 0xffffffffLL);
}

// Andrew's monotone chain; returns the hull counter-clockwise.
QPolygonF convexHull(std::vector<QPointF> pts) {
  std::sort(pts.begin(), pts.end(), [](const QPointF& a, const QPointF& b) {
    return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
  });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  if (pts.size() < 3) return QPolygonF(QList<QPointF>(pts.begin(), pts.end()));
  auto cross = [](const QPointF& o, const QPointF& a, const QPointF& b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
  };
  std::vector<QPointF> hull(2 * pts.size());
  std::size_t k = 0;
  for (const QPointF& p : pts) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
    hull[k++] = pts[i];
  }
  hull.resize(k - 1);
  return QPolygonF(QList<QPointF>(hull.begin(), hull.end()));
}

// 1, 2 or 5 times a power of ten, at least `minimum`.
long niceStep(double minimum) {
  if (minimum <= 1) return 1;
  double p = std::pow(10.0, std::floor(std::log10(minimum)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= minimum) return static_cast<long>(m * p);
  return static_cast<long>(10 * p);
}

// The schedule's step hyperplanes: a slate blue apart from the statement colours.
QColor hyperplaneColor() { return QColor(0x2B, 0x4C, 0x7E); }

QColor withAlpha(QColor c, int alpha) {
  c.setAlpha(alpha);
  return c;
}

void drawArrowHead(QPainter& p, const QPointF& from, const QPointF& to, double size) {
  const QPointF d = to - from;
  const double len = std::hypot(d.x(), d.y());
  if (len < 1e-6) return;
  const QPointF u = d / len;
  const QPointF n(-u.y(), u.x());
  QPolygonF head;
  head << to << (to - u * size + n * size * 0.45) << (to - u * size - n * size * 0.45);
  p.drawPolygon(head);
}

// Round points as copies of an antialiased disc, one per colour, pen and
// half-pixel offset (centres keep half-pixel precision), each distinct
// position of a batch once: drawing every ellipse as a path took 30 ms a
// frame on a nest of 200 statements (issue 24).
class DiscPainter {
 public:
  explicit DiscPainter(QPainter& p) : p_(p), dpr_(p.device() ? p.device()->devicePixelRatioF() : 1.0) {}

  void draw(const std::vector<QPointF>& centres, double radius, const QColor& fill, const QPen& pen) {
    if (centres.empty()) return;
    const double reach = radius + (pen.style() == Qt::NoPen ? 0.0 : pen.widthF()) + 1.0;
    const std::array<QImage, 4>& discs = discsFor(radius, reach, fill, pen);
    std::unordered_set<std::uint64_t> seen;
    seen.reserve(centres.size());
    for (const QPointF& c : centres) {
      const long hx = std::lround(std::floor(c.x() * 2)), hy = std::lround(std::floor(c.y() * 2));
      if (!seen.insert(static_cast<std::uint64_t>(static_cast<std::uint32_t>(hx)) << 32 | static_cast<std::uint32_t>(hy))
               .second)
        continue;
      const auto k = static_cast<std::size_t>((hx & 1) | (hy & 1) << 1);
      p_.drawImage(QPointF(std::floor(hx / 2.0) - reach, std::floor(hy / 2.0) - reach), discs[k]);
    }
  }

 private:
  const std::array<QImage, 4>& discsFor(double radius, double reach, const QColor& fill, const QPen& pen) {
    const auto key = std::make_tuple(radius, fill.rgba(), pen.style() == Qt::NoPen ? 0u : pen.color().rgba(),
                                     pen.style() == Qt::NoPen ? 0.0 : pen.widthF());
    if (const auto known = discs_.find(key); known != discs_.end()) return known->second;
    std::array<QImage, 4> discs;  // by half-pixel offset in x and y
    const int side = static_cast<int>(std::ceil(2 * reach)) + 1;
    for (int k = 0; k < 4; ++k) {
      QImage disc(QSize(side, side) * dpr_, QImage::Format_ARGB32_Premultiplied);
      disc.setDevicePixelRatio(dpr_);
      disc.fill(Qt::transparent);
      QPainter q(&disc);
      q.setRenderHint(QPainter::Antialiasing, true);
      q.setBrush(fill);
      q.setPen(pen);
      q.drawEllipse(QPointF(reach + 0.5 * (k & 1) + 0.25, reach + 0.5 * (k >> 1) + 0.25), radius, radius);
      discs[static_cast<std::size_t>(k)] = std::move(disc);
    }
    return discs_.emplace(key, std::move(discs)).first->second;
  }

  QPainter& p_;
  double dpr_;
  std::map<std::tuple<double, QRgb, QRgb, double>, std::array<QImage, 4>> discs_;
};

}  // namespace

PlotRenderer::PlotRenderer() = default;

QColor PlotRenderer::colorOf(int program_index) { return statementColor(program_index); }

QColor PlotRenderer::rankColor(int rank) { return rank < 0 ? QColor(0x9A, 0x9A, 0xA2) : statementColor(rank); }

std::size_t PlotRenderer::colourGroups() const {
  if (!showRanks()) return data_->statements.size();
  int ranks = 0;
  for (int r : point_ranks_) ranks = std::max(ranks, r + 1);
  return static_cast<std::size_t>(ranks) + 1;
}

std::size_t PlotRenderer::colourGroupOf(std::uint32_t point) const {
  if (!showRanks()) return static_cast<std::size_t>(data_->points[point].statement);
  return static_cast<std::size_t>(point_ranks_[point] + 1);
}

QColor PlotRenderer::groupColor(std::size_t group) const {
  if (!showRanks()) return colorOf(data_->statements[group].program_index);
  return rankColor(static_cast<int>(group) - 1);
}

void PlotRenderer::setData(std::shared_ptr<const PlotData> data) {
  const QString old_x = x_axis_ >= 0 && x_axis_ < dims_.size() ? dims_[x_axis_] : QString();
  const QString old_y = y_axis_ >= 0 && y_axis_ < dims_.size() ? dims_[y_axis_] : QString();
  std::map<QString, long> old_slices;
  for (int d = 0; d < dims_.size(); ++d) old_slices[dims_[d]] = slice_[static_cast<std::size_t>(d)];
  const bool had_data = data_ != nullptr;

  data_ = std::move(data);
  rebuildDimensions();
  x_axis_ = y_axis_ = -1;
  if (had_data) {
    x_axis_ = static_cast<int>(dims_.indexOf(old_x));
    y_axis_ = static_cast<int>(dims_.indexOf(old_y));
  }
  if (x_axis_ < 0 || y_axis_ < 0 || x_axis_ == y_axis_) {
    // The deepest statement's two outermost loops.
    std::size_t deepest = 0;
    if (data_)
      for (std::size_t s = 0; s < data_->statements.size(); ++s)
        if (data_->statements[s].iterators.size() > data_->statements[deepest].iterators.size()) deepest = s;
    x_axis_ = 0;
    y_axis_ = dims_.size() > 1 ? 1 : 0;
    if (data_ && deepest < data_->statements.size() && data_->statements[deepest].iterators.size() >= 2) {
      x_axis_ = static_cast<int>(dims_.indexOf(QString::fromStdString(data_->statements[deepest].iterators[0])));
      y_axis_ = static_cast<int>(dims_.indexOf(QString::fromStdString(data_->statements[deepest].iterators[1])));
    }
  }
  for (int d = 0; d < dims_.size(); ++d) {
    auto [lo, hi] = dim_range_[static_cast<std::size_t>(d)];
    auto it = old_slices.find(dims_[d]);
    slice_[static_cast<std::size_t>(d)] = it != old_slices.end() ? std::clamp(it->second, lo, hi) : lo;
  }
  selected_ = hovered_ = -1;
  highlighted_.clear();
  if (anim_step_ >= animationLength()) anim_step_ = animationLength() - 1;
  recomputeVisible();
  if (fitted_ || !had_data) fitToView();
}

void PlotRenderer::rebuildDimensions() {
  dims_.clear();
  stmt_dim_pos_.clear();
  dim_range_.clear();
  if (!data_) {
    slice_.clear();
    return;
  }
  for (const PlotStatement& st : data_->statements)
    for (const std::string& it : st.iterators) {
      const QString name = QString::fromStdString(it);
      if (!dims_.contains(name)) dims_ << name;
    }
  for (const PlotStatement& st : data_->statements) {
    std::vector<int> pos(static_cast<std::size_t>(dims_.size()), -1);
    for (std::size_t k = 0; k < st.iterators.size(); ++k)
      pos[static_cast<std::size_t>(dims_.indexOf(QString::fromStdString(st.iterators[k])))] = static_cast<int>(k);
    stmt_dim_pos_.push_back(std::move(pos));
  }
  dim_range_.assign(static_cast<std::size_t>(dims_.size()),
                    {std::numeric_limits<long>::max(), std::numeric_limits<long>::min()});
  for (std::size_t p = 0; p < data_->points.size(); ++p) {
    const auto& pos = stmt_dim_pos_[static_cast<std::size_t>(data_->points[p].statement)];
    std::span<const long> c = data_->coords(p);
    for (std::size_t d = 0; d < pos.size(); ++d)
      if (pos[d] >= 0) {
        auto& r = dim_range_[d];
        r.first = std::min(r.first, c[static_cast<std::size_t>(pos[d])]);
        r.second = std::max(r.second, c[static_cast<std::size_t>(pos[d])]);
      }
  }
  for (auto& r : dim_range_)
    if (r.first > r.second) r = {0, 0};
  slice_.assign(static_cast<std::size_t>(dims_.size()), 0);
}

void PlotRenderer::setAxes(int x, int y) {
  if (x < 0 || y < 0 || x >= dims_.size() || y >= dims_.size() || x == y) return;
  x_axis_ = x;
  y_axis_ = y;
  recomputeVisible();
  fitToView();
}

std::vector<int> PlotRenderer::sliceDimensions() const {
  std::vector<int> out;
  for (int d = 0; d < dims_.size(); ++d)
    if (d != x_axis_ && d != y_axis_) out.push_back(d);
  return out;
}

long PlotRenderer::sliceValue(int dim) const {
  return dim >= 0 && static_cast<std::size_t>(dim) < slice_.size() ? slice_[static_cast<std::size_t>(dim)] : 0;
}

void PlotRenderer::setSliceValue(int dim, long value) {
  if (dim < 0 || static_cast<std::size_t>(dim) >= slice_.size()) return;
  auto [lo, hi] = dim_range_[static_cast<std::size_t>(dim)];
  slice_[static_cast<std::size_t>(dim)] = std::clamp(value, lo, hi);
  recomputeVisible();
}

std::pair<long, long> PlotRenderer::dimensionRange(int dim) const {
  if (dim < 0 || static_cast<std::size_t>(dim) >= dim_range_.size()) return {0, 0};
  return dim_range_[static_cast<std::size_t>(dim)];
}

void PlotRenderer::recomputeVisible() {
  visible_.clear();
  grid_.clear();
  pos_.clear();
  data_bounds_ = QRectF();
  if (!data_ || x_axis_ < 0 || y_axis_ < 0) {
    tile_hulls_.clear();
    step_lines_.clear();
    line_of_visible_.clear();
    line_segments_.clear();
    return;
  }
  const std::size_t n_stmt = data_->statements.size();
  // Statements that can be placed, and their diagonal offsets.
  std::vector<int> shown_rank(n_stmt, -1);
  int shown = 0;
  for (std::size_t s = 0; s < n_stmt; ++s) {
    const auto& pos = stmt_dim_pos_[s];
    if (pos[static_cast<std::size_t>(x_axis_)] >= 0 && pos[static_cast<std::size_t>(y_axis_)] >= 0 &&
        data_->statements[s].point_count > 0)
      shown_rank[s] = shown++;
  }
  std::vector<double> offset(n_stmt, 0.0);
  const double spacing = shown > 1 ? std::min(0.24, 0.6 / shown) : 0.0;
  for (std::size_t s = 0; s < n_stmt; ++s)
    if (shown_rank[s] >= 0) offset[s] = (shown_rank[s] - (shown - 1) / 2.0) * spacing;

  pos_.assign(data_->points.size(), QPointF(kNaN, kNaN));
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (std::size_t p = 0; p < data_->points.size(); ++p) {
    const std::size_t s = static_cast<std::size_t>(data_->points[p].statement);
    if (shown_rank[s] < 0) continue;
    const auto& dpos = stmt_dim_pos_[s];
    std::span<const long> c = data_->coords(p);
    bool in_slice = true;
    for (std::size_t d = 0; d < dpos.size() && in_slice; ++d) {
      if (static_cast<int>(d) == x_axis_ || static_cast<int>(d) == y_axis_ || dpos[d] < 0) continue;
      if (c[static_cast<std::size_t>(dpos[d])] != slice_[d]) in_slice = false;
    }
    if (!in_slice) continue;
    const long cx = c[static_cast<std::size_t>(dpos[static_cast<std::size_t>(x_axis_)])];
    // One dimension only: the points sit on the x axis.
    const long cy = x_axis_ == y_axis_ ? 0 : c[static_cast<std::size_t>(dpos[static_cast<std::size_t>(y_axis_)])];
    const QPointF q(static_cast<double>(cx) + offset[s], static_cast<double>(cy) - offset[s]);
    pos_[p] = q;
    visible_.push_back(static_cast<std::uint32_t>(p));
    grid_[cellKey(cx, cy)].push_back(static_cast<std::uint32_t>(p));
    x0 = std::min(x0, q.x());
    x1 = std::max(x1, q.x());
    y0 = std::min(y0, q.y());
    y1 = std::max(y1, q.y());
  }
  if (!visible_.empty()) data_bounds_ = QRectF(QPointF(x0, y0), QPointF(x1, y1));
  computeTileHulls();
  std::vector<std::array<int, 2>> axes(n_stmt);
  for (std::size_t s = 0; s < n_stmt; ++s)
    axes[s] = {stmt_dim_pos_[s][static_cast<std::size_t>(x_axis_)], stmt_dim_pos_[s][static_cast<std::size_t>(y_axis_)]};
  step_lines_.clear();
  line_of_visible_.clear();
  line_segments_.clear();
  if (x_axis_ != y_axis_) step_lines_ = step_lines(*data_, visible_, axes, &line_of_visible_);
  // A line of one statement goes through its points where they are drawn
  // (shifted along the diagonal), a line several share through the grid.
  std::vector<int> owner(step_lines_.size(), -1);
  for (std::size_t k = 0; k < visible_.size() && k < line_of_visible_.size(); ++k) {
    const std::int32_t line = line_of_visible_[k];
    if (line < 0) continue;
    const int s = data_->points[visible_[k]].statement;
    int& o = owner[static_cast<std::size_t>(line)];
    o = o == -1 || o == s ? s : -2;
  }
  for (std::size_t k = 0; k < step_lines_.size(); ++k) {
    const StepLine& l = step_lines_[k];
    const double shift = owner[k] >= 0 ? offset[static_cast<std::size_t>(owner[k])] : 0.0;
    line_segments_.emplace_back(QPointF(l.x0 + shift, l.y0 - shift), QPointF(l.x1 + shift, l.y1 - shift));
  }
}

void PlotRenderer::computeTileHulls() {
  tile_hulls_.clear();
  if (!data_ || data_->tiles.empty()) return;
  std::map<int, std::vector<QPointF>> members;
  const double e = 0.42;  // around the integer point, past the statements' offsets
  for (std::uint32_t p : visible_) {
    const int t = data_->points[p].tile;
    if (t < 0) continue;
    auto& v = members[t];
    const QPointF q(std::round(pos_[p].x()), std::round(pos_[p].y()));
    v.push_back(q + QPointF(-e, -e));
    v.push_back(q + QPointF(e, -e));
    v.push_back(q + QPointF(e, e));
    v.push_back(q + QPointF(-e, e));
  }
  tile_hull_index_.clear();
  tile_checker_.clear();
  // Checkerboard parity: each key value over its dimension's step between tiles.
  std::vector<long> step;
  for (const PlotTile& tile : data_->tiles) {
    if (step.size() < tile.key.size()) step.resize(tile.key.size(), 0);
    const PlotTile& first = data_->tiles.front();
    for (std::size_t k = 0; k < tile.key.size() && k < first.key.size(); ++k) {
      const long d = std::abs(tile.key[k] - first.key[k]);
      if (d > 0) step[k] = step[k] == 0 ? d : std::gcd(step[k], d);
    }
  }
  for (auto& [t, pts] : members) {
    long sum = 0;
    const auto& key = data_->tiles[static_cast<std::size_t>(t)].key;
    for (std::size_t k = 0; k < key.size(); ++k) sum += step[k] > 0 ? key[k] / step[k] : 0;
    tile_checker_.push_back(static_cast<int>(std::abs(sum) % 2));
    tile_hulls_.push_back(convexHull(std::move(pts)));
    tile_hull_index_.push_back(t);
  }
}

void PlotRenderer::setViewport(const QSizeF& size) {
  if (size == viewport_) return;
  const QPointF centre = toData(plotRect().center());
  viewport_ = size;
  if (fitted_) {
    fitToView();
  } else {
    const QPointF now = toScreen(centre);
    origin_ += plotRect().center() - now;
  }
}

QFont PlotRenderer::font(double relative) const {
  QFont f = base_font_;
  const double base = f.pointSizeF() > 0 ? f.pointSizeF() : 9.0;
  f.setPointSizeF(std::max(4.0, base * font_scale_ * relative));
  return f;
}

void PlotRenderer::setFontScale(double factor) {
  font_scale_ = std::clamp(factor, 0.5, 4.0);
  if (fitted_) fitToView();
}

QRectF PlotRenderer::plotRect() const {
  const QFontMetricsF fm(font());
  const double left = fm.horizontalAdvance(QStringLiteral("-0000")) + fm.height() * 1.8;
  const double bottom = fm.height() * 3.0;
  const double top = fm.height() * 0.8;
  const double right = fm.height() * 0.8;
  return QRectF(left, top, std::max(10.0, viewport_.width() - left - right),
                std::max(10.0, viewport_.height() - top - bottom));
}

// Unit squares keep a domain's shape (a skew reads as a skew), but a long,
// thin domain (a 1-D statement, n = 100 by 4) fitted that way is a strip in
// mostly blank space. So when the uniform fit would use less than
// 1 / kMaxStretch of the area along one axis, that axis is fitted on its own.
void PlotRenderer::fitToView() {
  constexpr double kMaxStretch = 2.5;
  constexpr double kMaxScale = 90.0;  // larger points stop helping
  fitted_ = true;
  const QRectF area = plotRect().adjusted(12, 12, -12, -12);
  QRectF b = data_bounds_.isNull() && visible_.empty() ? QRectF(0, 0, 1, 1) : data_bounds_;
  b = b.adjusted(-0.7, -0.7, 0.7, 0.7);
  const double fit_x = area.width() / b.width();
  const double fit_y = area.height() / b.height();
  const double uniform = std::min(fit_x, fit_y);
  const bool thin = std::max(fit_x, fit_y) > kMaxStretch * uniform;
  scale_x_ = std::clamp(thin ? fit_x : uniform, 1e-3, kMaxScale);
  scale_y_ = std::clamp(thin ? fit_y : uniform, 1e-3, kMaxScale);
  const QPointF c = b.center();
  origin_ = QPointF(area.center().x() - c.x() * scale_x_, area.center().y() + c.y() * scale_y_);
}

void PlotRenderer::zoomAt(const QPointF& screen, double factor) {
  const QPointF d = toData(screen);
  scale_x_ = std::clamp(scale_x_ * factor, 0.02, 400.0);
  scale_y_ = std::clamp(scale_y_ * factor, 0.02, 400.0);
  origin_ += screen - toScreen(d);
  fitted_ = false;
}

void PlotRenderer::panBy(const QPointF& delta) {
  origin_ += delta;
  fitted_ = false;
}

QPointF PlotRenderer::toScreen(const QPointF& d) const {
  return QPointF(origin_.x() + d.x() * scale_x_, origin_.y() - d.y() * scale_y_);
}

QPointF PlotRenderer::toData(const QPointF& s) const {
  return QPointF((s.x() - origin_.x()) / scale_x_, (origin_.y() - s.y()) / scale_y_);
}

void PlotRenderer::setAnimationMode(AnimationMode mode) {
  if (mode == mode_) return;
  mode_ = mode;
  if (anim_step_ >= 0) anim_step_ = std::min(anim_step_, animationLength() - 1);
}

int PlotRenderer::animationLength() const {
  if (!data_) return 0;
  switch (mode_) {
    case AnimationMode::Steps:
      return static_cast<int>(data_->step_count());
    case AnimationMode::Wavefronts:
      return static_cast<int>(data_->level_count());
    case AnimationMode::Sequential:
      break;
  }
  return static_cast<int>(data_->points.size());
}

void PlotRenderer::setAnimationStep(int step) { anim_step_ = std::clamp(step, -1, animationLength() - 1); }

int PlotRenderer::animIndex(std::size_t point) const {
  switch (mode_) {
    case AnimationMode::Steps:
      return static_cast<int>(data_->points[point].step);
    case AnimationMode::Wavefronts:
      return static_cast<int>(data_->points[point].level);
    case AnimationMode::Sequential:
      break;
  }
  return static_cast<int>(point);
}

std::vector<std::uint32_t> PlotRenderer::currentPoints() const {
  std::vector<std::uint32_t> out;
  if (!data_ || anim_step_ < 0) return out;
  if (mode_ == AnimationMode::Sequential) {
    out.push_back(static_cast<std::uint32_t>(anim_step_));
    return out;
  }
  const std::size_t s = static_cast<std::size_t>(anim_step_);
  const bool levels = mode_ == AnimationMode::Wavefronts;
  const std::vector<std::uint32_t>& points = levels ? data_->level_points : data_->step_points;
  const std::vector<std::uint32_t>& offsets = levels ? data_->level_offsets : data_->step_offsets;
  out.assign(points.begin() + offsets[s], points.begin() + offsets[s + 1]);
  return out;
}

std::vector<std::size_t> PlotRenderer::paintedStepLines() const {
  std::vector<std::size_t> out;
  if (!data_ || !show_hyperplanes_) return out;
  const bool stepping = mode_ != AnimationMode::Sequential && anim_step_ >= 0;
  const bool oblique = std::any_of(step_lines_.begin(), step_lines_.end(), [](const StepLine& l) { return l.oblique(); });
  if (!stepping && !oblique) return out;
  for (std::size_t k = 0; k < step_lines_.size(); ++k) out.push_back(k);
  return out;
}

std::vector<std::size_t> PlotRenderer::currentStepLines() const {
  std::vector<std::size_t> out;
  if (!data_ || mode_ == AnimationMode::Sequential || anim_step_ < 0) return out;
  enum { None, Lit, Mixed };
  std::vector<int> state(step_lines_.size(), None);
  for (std::size_t k = 0; k < visible_.size() && k < line_of_visible_.size(); ++k) {
    const std::int32_t line = line_of_visible_[k];
    if (line < 0) continue;
    int& st = state[static_cast<std::size_t>(line)];
    st = animIndex(visible_[k]) == anim_step_ ? (st == None ? Lit : st) : Mixed;
  }
  for (std::size_t k = 0; k < state.size(); ++k)
    if (state[k] == Lit) out.push_back(k);
  return out;
}

QString PlotRenderer::lineEquation(const StepLine& line) const {
  if (x_axis_ < 0 || y_axis_ < 0) return {};
  QString text;
  auto term = [&](long c, const QString& name) {
    if (c == 0) return;
    const bool first = text.isEmpty();
    if (!first) text += c < 0 ? QStringLiteral(" \u2212 ") : QStringLiteral(" + ");
    else if (c < 0) text += QStringLiteral("\u2212");
    const long m = std::labs(c);
    text += (m == 1 ? QString() : QString::number(m)) + name;
  };
  term(line.a, dims_[x_axis_]);
  term(line.b, dims_[y_axis_]);
  return text + QStringLiteral(" = ") + QString::number(line.c);
}

void PlotRenderer::setHighlightedStatement(int statement) { highlight_statement_ = statement; }
void PlotRenderer::setHighlightedPoints(std::vector<std::uint32_t> points) { highlighted_ = std::move(points); }
void PlotRenderer::setSelectedPoint(std::int64_t point) { selected_ = point; }
void PlotRenderer::setHoveredPoint(std::int64_t point) { hovered_ = point; }

bool PlotRenderer::isVisible(std::size_t point) const {
  return point < pos_.size() && !std::isnan(pos_[point].x());
}

std::optional<QPointF> PlotRenderer::pointPosition(std::size_t point) const {
  if (!isVisible(point)) return std::nullopt;
  return toScreen(pos_[point]);
}

double PlotRenderer::pointRadius() const {
  const double spacing = data_ && data_->statements.size() > 1 ? 0.12 : 0.24;
  return std::clamp(scale() * spacing, 1.2, 11.0);
}

std::int64_t PlotRenderer::pointAt(const QPointF& screen, double radius) const {
  if (visible_.empty()) return -1;
  const double r = std::max(radius, pointRadius() + 1.5);
  const QPointF d = toData(screen);
  const long reach_x = std::min<long>(40, static_cast<long>(std::ceil(r / scale_x_ + 0.5)));
  const long reach_y = std::min<long>(40, static_cast<long>(std::ceil(r / scale_y_ + 0.5)));
  const long cx = std::lround(d.x()), cy = std::lround(d.y());
  std::int64_t best = -1;
  double best_dist = r * r;
  for (long x = cx - reach_x; x <= cx + reach_x; ++x)
    for (long y = cy - reach_y; y <= cy + reach_y; ++y) {
      auto it = grid_.find(cellKey(x, y));
      if (it == grid_.end()) continue;
      for (std::uint32_t p : it->second) {
        const QPointF s = toScreen(pos_[p]) - screen;
        const double dist = s.x() * s.x() + s.y() * s.y();
        if (dist <= best_dist) {
          best_dist = dist;
          best = p;
        }
      }
    }
  return best;
}

void PlotRenderer::paint(QPainter& p) const {
  const QRectF area = plotRect();
  p.save();
  p.fillRect(QRectF(QPointF(0, 0), viewport_), Qt::white);
  p.setRenderHint(QPainter::Antialiasing, true);
  paintAxes(p, area);
  if (data_) {
    p.save();
    p.setClipRect(area);
    if (show_tiles_) paintTiles(p);
    paintHyperplanes(p);
    if (show_arrows_) paintArrows(p, area);
    paintPoints(p, area);
    paintOverlays(p, area);
    paintHyperplaneLabel(p, area);
    p.restore();
    if (show_legend_) {
      paintLegend(p, area);
      paintStepCounts(p, area);
    }
  } else {
    p.setFont(font(1.1));
    p.setPen(QColor(0x80, 0x80, 0x80));
    p.drawText(area, Qt::AlignCenter, QCoreApplication::translate("PlotRenderer", "No points to show"));
  }
  p.restore();
}

void PlotRenderer::paintAxes(QPainter& p, const QRectF& area) const {
  p.setPen(QPen(QColor(0xC8, 0xC8, 0xC8), 1));
  p.setBrush(QColor(0xFC, 0xFC, 0xFD));
  p.drawRect(area);
  if (!data_ || x_axis_ < 0 || y_axis_ < 0) return;
  const QFontMetricsF fm(font());
  const double tick_gap = fm.horizontalAdvance(QStringLiteral("00000"));
  const long x_step = niceStep(tick_gap / scale_x_);
  const long y_step = niceStep(tick_gap / scale_y_);
  const QPointF d0 = toData(area.bottomLeft());
  const QPointF d1 = toData(area.topRight());
  const QColor grid(0xEC, 0xEC, 0xEF);
  const QColor tick_text(0x55, 0x55, 0x55);
  p.setFont(font());
  // Vertical grid lines and x ticks.
  const long xs = static_cast<long>(std::ceil(d0.x() / static_cast<double>(x_step))) * x_step;
  for (long x = xs; x <= d1.x(); x += x_step) {
    const double sx = toScreen(QPointF(static_cast<double>(x), 0)).x();
    p.setPen(QPen(grid, 1));
    p.drawLine(QPointF(sx, area.top() + 1), QPointF(sx, area.bottom() - 1));
    p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1));
    p.drawLine(QPointF(sx, area.bottom()), QPointF(sx, area.bottom() + 4));
    p.setPen(tick_text);
    p.drawText(QRectF(sx - 40, area.bottom() + 5, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
               QString::number(x));
  }
  // One dimension only: the points sit on y = 0 and the y axis means nothing.
  const long ys = static_cast<long>(std::ceil(d0.y() / static_cast<double>(y_step))) * y_step;
  for (long y = ys; y_axis_ != x_axis_ && y <= d1.y(); y += y_step) {
    const double sy = toScreen(QPointF(0, static_cast<double>(y))).y();
    p.setPen(QPen(grid, 1));
    p.drawLine(QPointF(area.left() + 1, sy), QPointF(area.right() - 1, sy));
    p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1));
    p.drawLine(QPointF(area.left() - 4, sy), QPointF(area.left(), sy));
    p.setPen(tick_text);
    p.drawText(QRectF(0, sy - fm.height() / 2, area.left() - 7, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(y));
  }
  // Axis names.
  QFont bold = font(1.1);
  bold.setBold(true);
  bold.setItalic(true);
  p.setFont(bold);
  p.setPen(QColor(0x33, 0x33, 0x33));
  p.drawText(QRectF(area.left(), area.bottom() + fm.height() * 1.35, area.width(), fm.height() * 1.5),
             Qt::AlignHCenter | Qt::AlignTop, dims_[x_axis_]);
  p.save();
  p.translate(fm.height() * 0.2, area.center().y());
  p.rotate(-90);
  if (y_axis_ != x_axis_)
    p.drawText(QRectF(-area.height() / 2, 0, area.height(), fm.height() * 1.5), Qt::AlignHCenter | Qt::AlignTop,
               dims_[y_axis_]);
  p.restore();
}

void PlotRenderer::paintTiles(QPainter& p) const {
  if (tile_hulls_.empty()) return;
  p.save();
  p.setTransform(QTransform(scale_x_, 0, 0, -scale_y_, origin_.x(), origin_.y()), true);
  QPen pen(QColor(0x6E, 0x6E, 0x78), 1.3);
  pen.setCosmetic(true);
  pen.setJoinStyle(Qt::RoundJoin);
  p.setPen(pen);
  const QColor fills[2] = {QColor(0xE9, 0xEE, 0xF6), QColor(0xF5, 0xEF, 0xE4)};
  for (std::size_t k = 0; k < tile_hulls_.size(); ++k) {
    p.setBrush(fills[tile_checker_[k]]);
    p.drawPolygon(tile_hulls_[k]);
  }
  p.restore();
}

// A wavefront reads as a band through its points: the current step's wide
// and tinted with its equation at the far end, the others thin and faint, so
// their spacing (the steps) and slope (the skew) show at once.
void PlotRenderer::paintHyperplanes(QPainter& p) const {
  const std::vector<std::size_t> lines = paintedStepLines();
  if (lines.empty()) return;
  const QColor ink = hyperplaneColor();
  const std::vector<std::size_t> lit = currentStepLines();
  std::vector<bool> is_lit(step_lines_.size(), false);
  for (std::size_t k : lit) is_lit[k] = true;
  std::vector<QLineF> faint, current;
  std::unordered_set<std::uint64_t> drawn;
  for (std::size_t k : lines) {
    const QLineF line(toScreen(line_segments_[k].p1()), toScreen(line_segments_[k].p2()));
    if (is_lit[k]) current.push_back(line);
    else if (drawn.insert(quantized(line)).second) faint.push_back(line);
  }
  if (faint.size() <= 5000) {
    // One pixel wide with flat ends: the raster engine draws those
    // directly, where it stroked wider round-ended lines as one path across
    // the plot (a tiled seidel-2d's wavefront lines: 100 ms a paint).
    p.setPen(QPen(withAlpha(ink, anim_step_ >= 0 ? 60 : 90), 1.0, Qt::SolidLine, Qt::FlatCap));
    p.drawLines(faint.data(), static_cast<int>(faint.size()));
  }
  if (current.empty()) return;
  const double band = std::clamp(scale() * 0.55, 6.0, 30.0);
  p.setPen(QPen(withAlpha(ink, 45), band, Qt::SolidLine, Qt::RoundCap));
  p.drawLines(current.data(), static_cast<int>(current.size()));
  p.setPen(QPen(withAlpha(ink, 190), 1.8, Qt::SolidLine, Qt::RoundCap));
  p.drawLines(current.data(), static_cast<int>(current.size()));
}

// The first current line's equation beside its upper end, over the points.
void PlotRenderer::paintHyperplaneLabel(QPainter& p, const QRectF& area) const {
  if (paintedStepLines().empty()) return;
  const std::vector<std::size_t> lit = currentStepLines();
  if (lit.empty()) return;
  const QColor ink = hyperplaneColor();
  const double band = std::clamp(scale() * 0.55, 6.0, 30.0);
  const StepLine& first = step_lines_[lit.front()];
  const QLineF& segment = line_segments_[lit.front()];
  QFont f = font(0.95);
  f.setBold(true);
  p.setFont(f);
  const QFontMetricsF fm(f);
  const QLineF l(toScreen(segment.p1()), toScreen(segment.p2()));
  const QPointF end = l.p1().y() < l.p2().y() ? l.p1() : l.p2();
  const QString text = lineEquation(first);
  QRectF box(end.x() + band * 0.5, end.y() - fm.height() - band * 0.5, fm.horizontalAdvance(text) + 10, fm.height() + 4);
  if (box.right() > area.right() - 2) box.moveRight(end.x() - band * 0.5);
  if (box.top() < area.top() + 2) box.moveTop(area.top() + 2);
  p.setPen(QPen(withAlpha(ink, 120), 1));
  p.setBrush(QColor(255, 255, 255, 235));
  p.drawRoundedRect(box, 3, 3);
  p.setPen(ink);
  p.drawText(box, Qt::AlignCenter, text);
}

void PlotRenderer::paintArrows(QPainter& p, const QRectF& area) const {
  if (data_->arrows.empty()) return;
  const double r = pointRadius();
  const QRectF cull = area.adjusted(-50, -50, 50, 50);
  // RAW, WAR, WAW, read-after-write between ranks (a message), and any kind
  // under a condition on data (a may dependence).
  std::vector<QLineF> lines[5];
  // A projection lays many arrows on the same pixels (every k of a 3-D
  // stencil onto one (i, j) arrow): each is drawn once.
  std::unordered_set<std::uint64_t> drawn[5];
  const bool ranks = showRanks();
  for (const PlotArrow& a : data_->arrows) {
    if (a.violated) continue;
    if (!isVisible(a.source) || !isVisible(a.sink)) continue;
    const QPointF s = toScreen(pos_[a.source]);
    const QPointF t = toScreen(pos_[a.sink]);
    if (!cull.contains(s) && !cull.contains(t)) continue;
    const QPointF d = t - s;
    const double len = std::hypot(d.x(), d.y());
    if (len < 2 * r + 2) continue;
    const QPointF u = d / len;
    const QLineF line(s + u * (r + 1), t - u * (r + 1.5));
    const bool message = ranks && a.kind == DependenceKind::ReadAfterWrite && point_ranks_[a.source] >= 0 &&
                         point_ranks_[a.source] != point_ranks_[a.sink];
    const int group = message ? 3 : a.may ? 4 : static_cast<int>(a.kind);
    if (drawn[group].insert(quantized(line)).second) lines[group].push_back(line);
  }
  std::size_t total = lines[0].size() + lines[1].size() + lines[2].size() + lines[3].size() + lines[4].size();
  const bool with_heads = total < 20000;
  const double head = std::clamp(r * 1.2 + 3, 5.0, 11.0);
  const Qt::PenStyle styles[5] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::SolidLine, Qt::DashDotLine};
  const QColor colours[5] = {QColor(0x3A, 0x3A, 0x3A, 190), QColor(0x55, 0x55, 0x55, 170),
                             QColor(0x55, 0x55, 0x55, 170), messageColor(), mayColor()};
  for (int k = 0; k < 5; ++k) {
    if (lines[k].empty()) continue;
    // Past a thousand arrows, lines of at most one pixel: the raster engine
    // draws those directly instead of stroking each as a path (most of a
    // stencil plot's paint). Dashes cost it more still: where there are too
    // many arrows for heads, there are too many to tell dashes apart.
    const double width = total > 5000 ? 0.8 : total > 1000 ? 1.0 : 1.25;
    QPen pen(colours[k], k == 3 && total <= 1000 ? 1.8 * width : width, with_heads ? styles[k] : Qt::SolidLine,
             Qt::FlatCap);
    p.setPen(pen);
    p.drawLines(lines[k].data(), static_cast<int>(lines[k].size()));
    if (with_heads) {
      p.setPen(Qt::NoPen);
      p.setBrush(colours[k]);
      for (const QLineF& l : lines[k]) drawArrowHead(p, l.p1(), l.p2(), head);
    }
  }
}

void PlotRenderer::paintPoints(QPainter& p, const QRectF& area) const {
  const double r = pointRadius();
  const QRectF cull = area.adjusted(-r, -r, r, r);
  const std::size_t n_stmt = colourGroups();
  enum State { Normal, Dim, Current, Future, kStates };
  std::vector<std::vector<QPointF>> batches(n_stmt * kStates);
  for (std::uint32_t pt : visible_) {
    const QPointF s = toScreen(pos_[pt]);
    if (!cull.contains(s)) continue;
    const std::size_t st = static_cast<std::size_t>(data_->points[pt].statement);
    State state = Normal;
    if (anim_step_ >= 0) {
      const int a = animIndex(pt);
      state = a < anim_step_ ? Dim : a == anim_step_ ? Current : Future;
    }
    if (highlight_statement_ >= 0 && static_cast<int>(st) != highlight_statement_ && state != Future) state = Dim;
    if (data_->statements[st].inlined && state == Normal) state = Dim;
    batches[colourGroupOf(pt) * kStates + state].push_back(s);
  }
  std::size_t total = 0;
  for (const auto& b : batches) total += b.size();
  const bool round = r >= 2.2 && total < 40000;
  const bool outline = r >= 4.0;
  DiscPainter discs(p);
  auto draw = [&](const std::vector<QPointF>& pts, double radius, const QColor& fill, const QPen& pen) {
    if (pts.empty()) return;
    p.setBrush(fill);
    p.setPen(pen);
    if (round) {
      discs.draw(pts, radius, fill, pen);
    } else {
      std::vector<QRectF> rects;
      rects.reserve(pts.size());
      for (const QPointF& s : pts) rects.emplace_back(s.x() - radius, s.y() - radius, 2 * radius, 2 * radius);
      p.drawRects(rects.data(), static_cast<int>(rects.size()));
    }
  };
  if (!round) {
    // Many small points: squares written straight into a layer image, then one blit.
    paintSquares(p, batches, kStates, r);
  } else {
    for (std::size_t s = 0; s < n_stmt; ++s)
      draw(batches[s * kStates + Future], r * 0.8, QColor(0xD4, 0xD4, 0xD8),
           outline ? QPen(QColor(0xB8, 0xB8, 0xBE), 1) : QPen(Qt::NoPen));
    for (std::size_t s = 0; s < n_stmt; ++s) {
      const QColor c = groupColor(s);
      draw(batches[s * kStates + Dim], r, withAlpha(c, 80), QPen(Qt::NoPen));
    }
    for (std::size_t s = 0; s < n_stmt; ++s) {
      const QColor c = groupColor(s);
      draw(batches[s * kStates + Normal], r, c, outline ? QPen(c.darker(140), 1) : QPen(Qt::NoPen));
    }
  }
  // Lit points on top, ringed (in the layer when small).
  for (std::size_t s = 0; round && s < n_stmt; ++s) {
    const QColor c = groupColor(s);
    draw(batches[s * kStates + Current], std::max(r * 1.35, r + 1.0), c,
         QPen(QColor(0x20, 0x20, 0x20), r >= 3 ? 1.6 : 0.8));
  }
  p.setRenderHint(QPainter::Antialiasing, true);

  // Numbers: execution step (Steps) or rank (Sequential); a point on GPU
  // threads shows its thread ids instead (the values of its thread loops).
  if (show_numbers_ && scale() >= 18 && total <= 4000) {
    QFont f = font(0.8);
    p.setFont(f);
    p.setPen(QColor(0x30, 0x30, 0x30));
    const QFontMetricsF fm(f);
    for (std::uint32_t pt : visible_) {
      const QPointF s = toScreen(pos_[pt]);
      if (!area.contains(s)) continue;
      if (anim_step_ >= 0 && animIndex(pt) > anim_step_) continue;
      const std::string thread = data_->gpu_thread_label(pt);
      const QString text = thread.empty() ? QString::number(animIndex(pt) + 1) : QString::fromStdString(thread);
      const QRectF box(s.x() + r * 0.6, s.y() - r * 0.6 - fm.height(), fm.horizontalAdvance(text) + 4, fm.height());
      p.fillRect(box, QColor(255, 255, 255, 200));
      p.drawText(box, Qt::AlignCenter, text);
    }
  }
}

void PlotRenderer::paintSquares(QPainter& p, const std::vector<std::vector<QPointF>>& batches, int states,
                                double r) const {
  const QSize size(static_cast<int>(std::ceil(viewport_.width())), static_cast<int>(std::ceil(viewport_.height())));
  if (layer_.size() != size) layer_ = QImage(size, QImage::Format_ARGB32_Premultiplied);
  layer_.fill(Qt::transparent);
  const int w = layer_.width(), h = layer_.height();
  const int side = std::clamp(static_cast<int>(std::lround(scale() * 0.7)), 1, std::max(1, static_cast<int>(std::lround(2 * r))));
  const int half = side / 2;
  auto* bits = reinterpret_cast<QRgb*>(layer_.bits());
  const qsizetype stride = layer_.bytesPerLine() / static_cast<qsizetype>(sizeof(QRgb));
  auto fill = [&](const std::vector<QPointF>& pts, QColor c) {
    const QRgb px = qPremultiply(c.rgba());
    for (const QPointF& s : pts) {
      const int x0 = std::max(0, static_cast<int>(s.x()) - half), y0 = std::max(0, static_cast<int>(s.y()) - half);
      const int x1 = std::min(w, x0 + side), y1 = std::min(h, y0 + side);
      for (int y = y0; y < y1; ++y) {
        QRgb* row = bits + y * stride;
        for (int x = x0; x < x1; ++x) row[x] = px;
      }
    }
  };
  const std::size_t n_stmt = colourGroups();
  enum State { Normal, Dim, Current, Future };
  for (std::size_t s = 0; s < n_stmt; ++s) fill(batches[s * static_cast<std::size_t>(states) + Future], QColor(0xD4, 0xD4, 0xD8));
  for (std::size_t s = 0; s < n_stmt; ++s)
    fill(batches[s * static_cast<std::size_t>(states) + Dim], withAlpha(groupColor(s), 80));
  for (std::size_t s = 0; s < n_stmt; ++s) fill(batches[s * static_cast<std::size_t>(states) + Normal], groupColor(s));
  for (std::size_t s = 0; s < n_stmt; ++s) fill(batches[s * static_cast<std::size_t>(states) + Current], groupColor(s));
  p.drawImage(QPointF(0, 0), layer_);
}

void PlotRenderer::paintOverlays(QPainter& p, const QRectF& area) const {
  const double r = pointRadius();
  // Violated pairs: thick red, source and sink ringed.
  const QColor red = violationColor();
  for (const PlotArrow& a : data_->arrows) {
    if (!a.violated || !isVisible(a.source) || !isVisible(a.sink)) continue;
    const QPointF s = toScreen(pos_[a.source]);
    const QPointF t = toScreen(pos_[a.sink]);
    const QPointF d = t - s;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1) continue;
    const QPointF u = d / len;
    p.setPen(QPen(withAlpha(red, 150), 2.0, Qt::SolidLine, Qt::RoundCap));
    const QPointF tip = t - u * (r + 2);
    p.drawLine(s + u * (r + 2), tip);
    p.setPen(Qt::NoPen);
    p.setBrush(withAlpha(red, 150));
    drawArrowHead(p, s, tip, std::clamp(r * 1.2 + 4, 6.0, 12.0));
  }
  QFont label_font = font(0.9);
  label_font.setBold(true);
  p.setFont(label_font);
  const QFontMetricsF fm(label_font);
  for (const PlotViolation& v : data_->violations) {
    if (v.source < 0 || v.sink < 0) continue;
    const std::size_t src = static_cast<std::size_t>(v.source), snk = static_cast<std::size_t>(v.sink);
    if (!isVisible(src) || !isVisible(snk)) continue;
    const QPointF s = toScreen(pos_[src]);
    const QPointF t = toScreen(pos_[snk]);
    const QPointF d = t - s;
    const double len = std::hypot(d.x(), d.y());
    const double ring = r + 4;
    if (len > 1) {
      const QPointF u = d / len;
      p.setPen(QPen(red, 3.5, Qt::SolidLine, Qt::RoundCap));
      const QPointF tip = t - u * (ring + 1);
      p.drawLine(s + u * (ring + 1), tip - u * 4);
      p.setPen(Qt::NoPen);
      p.setBrush(red);
      drawArrowHead(p, s, tip, std::clamp(r * 1.5 + 6, 9.0, 15.0));
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(red, 2.5));
    p.drawEllipse(s, ring, ring);
    p.drawEllipse(t, ring, ring);
    p.setPen(red);
    const QString sl = QString::fromStdString(data_->point_label(src));
    const QString tl = QString::fromStdString(data_->point_label(snk));
    p.drawText(QPointF(s.x() - fm.horizontalAdvance(sl) - ring - 2, s.y() + ring + fm.ascent()), sl);
    p.drawText(QPointF(t.x() + ring + 2, t.y() - ring - 2), tl);
  }
  // Highlights, selection, hover.
  p.setBrush(Qt::NoBrush);
  if (!highlighted_.empty()) {
    p.setPen(QPen(QColor(0x11, 0x11, 0x11), 1.8));
    for (std::uint32_t pt : highlighted_) {
      if (!isVisible(pt)) continue;
      const QPointF s = toScreen(pos_[pt]);
      if (area.contains(s)) p.drawEllipse(s, r + 3, r + 3);
    }
  }
  if (selected_ >= 0 && isVisible(static_cast<std::size_t>(selected_))) {
    const QPointF s = toScreen(pos_[static_cast<std::size_t>(selected_)]);
    p.setPen(QPen(Qt::white, 4.5));
    p.drawEllipse(s, r + 4, r + 4);
    p.setPen(QPen(QColor(0x11, 0x11, 0x11), 2.2));
    p.drawEllipse(s, r + 4, r + 4);
  }
  if (hovered_ >= 0 && isVisible(static_cast<std::size_t>(hovered_))) {
    const QPointF s = toScreen(pos_[static_cast<std::size_t>(hovered_)]);
    p.setPen(QPen(QColor(0x44, 0x44, 0x44, 200), 1.4, Qt::DotLine));
    p.drawEllipse(s, r + 3, r + 3);
  }
}

// The two counts a skew is judged by, in the plot itself (so screenshots and
// the projector show them): the schedule's steps and the dependence levels,
// the animated one in bold.
QStringList PlotRenderer::stepCountRows() const {
  if (!data_ || data_->points.empty() || data_->lexicographic_order || !show_counts_) return {};
  const auto counted = [](std::size_t n) {
    return n == 1 ? QCoreApplication::translate("PlotRenderer", "1 step")
                  : QCoreApplication::translate("PlotRenderer", "%1 steps").arg(n);
  };
  return {QCoreApplication::translate("PlotRenderer", "schedule: %1").arg(counted(data_->step_count())),
          QCoreApplication::translate("PlotRenderer", "dependences allow: %1%2")
              .arg(data_->levels_complete ? QString() : QCoreApplication::translate("PlotRenderer", "at least "))
              .arg(counted(data_->level_count()))};
}

void PlotRenderer::paintStepCounts(QPainter& p, const QRectF& area) const {
  const QStringList rows = stepCountRows();
  if (rows.size() != 2) return;
  const bool bold[2] = {mode_ == AnimationMode::Steps, mode_ == AnimationMode::Wavefronts};
  QFont f = font(0.95);
  QFont b = f;
  b.setBold(true);
  const QFontMetricsF fm(b);
  const double line = fm.height() * 1.2;
  const double width = std::max(fm.horizontalAdvance(rows[0]), fm.horizontalAdvance(rows[1])) + fm.height();
  const QRectF box(area.left() + 8, area.top() + 8, width, 2 * line + fm.height() * 0.4);
  p.setPen(QPen(QColor(0xD0, 0xD0, 0xD0), 1));
  p.setBrush(QColor(255, 255, 255, 225));
  p.drawRoundedRect(box, 4, 4);
  for (int k = 0; k < 2; ++k) {
    p.setFont(bold[k] ? b : f);
    p.setPen(bold[k] ? QColor(0x22, 0x22, 0x22) : QColor(0x55, 0x55, 0x55));
    p.drawText(QRectF(box.left() + fm.height() * 0.5, box.top() + fm.height() * 0.2 + k * line, width, line),
               Qt::AlignLeft | Qt::AlignVCenter, rows[k]);
  }
}

void PlotRenderer::paintLegend(QPainter& p, const QRectF& area) const {
  struct Row {
    enum Kind { Statement, Rank, Arrow, May, Message, Violation, Tile, Hyperplane, Note } kind;
    QString text;
    int index;
  };
  std::vector<Row> rows;
  if (showRanks()) {
    std::vector<std::size_t> counts(colourGroups(), 0);
    for (int r : point_ranks_) ++counts[static_cast<std::size_t>(r + 1)];
    constexpr std::size_t kMostGroupRows = 12;
    std::size_t listed = 0, more = 0;
    for (std::size_t g = 0; g < counts.size(); ++g) {
      if (counts[g] == 0) continue;
      if (listed++ >= kMostGroupRows) {
        ++more;
        continue;
      }
      const QString group = groups_are_pes_ ? QCoreApplication::translate("PlotRenderer", "PE %1").arg(g - 1)
                                            : QCoreApplication::translate("PlotRenderer", "rank %1").arg(g - 1);
      rows.push_back({Row::Rank,
                      (g == 0 ? (groups_are_pes_ ? QCoreApplication::translate("PlotRenderer", "outside the array")
                                                : QCoreApplication::translate("PlotRenderer", "every rank"))
                              : group) +
                          QStringLiteral(" \u00b7 %1").arg(counts[g]),
                      static_cast<int>(g) - 1});
    }
    if (more > 0)
      rows.push_back({Row::Note, QCoreApplication::translate("PlotRenderer", "%1 more").arg(more), 0});
  } else {
    for (const PlotStatement& st : data_->statements) {
      QString text = show_counts_ ? QStringLiteral("%1 \u00b7 %2").arg(QString::fromStdString(st.name)).arg(st.point_count)
                                  : QString::fromStdString(st.name);
      if (st.inlined) text += QStringLiteral(" \u00b7 ") + QCoreApplication::translate("PlotRenderer", "inlined");
      rows.push_back({Row::Statement, text, st.program_index});
    }
  }
  bool kinds[3] = {false, false, false};
  bool violated = false, may = false;
  for (const PlotArrow& a : data_->arrows) {
    if (a.violated)
      violated = true;
    else if (a.may)
      may = true;
    else
      kinds[static_cast<int>(a.kind)] = true;
  }
  if (show_arrows_) {
    const char* names[3] = {"RAW", "WAR", "WAW"};
    for (int k = 0; k < 3; ++k)
      if (kinds[k])
        rows.push_back({Row::Arrow,
                        data_->arrow_caption.empty() ? QString::fromLatin1(names[k])
                                                     : QString::fromStdString(data_->arrow_caption),
                        k});
    if (may)
      rows.push_back({Row::May, QCoreApplication::translate("PlotRenderer", "may (data decides)"), 0});
    if (showRanks())
      rows.push_back({Row::Message,
                      groups_are_pes_ ? QCoreApplication::translate("PlotRenderer", "value moving between PEs")
                                      : QCoreApplication::translate("PlotRenderer", "message (RAW between ranks)"),
                      0});
  }
  if (violated || !data_->violations.empty()) rows.push_back({Row::Violation, QCoreApplication::translate("PlotRenderer", "violated"), 0});
  if (show_tiles_ && !data_->tiles.empty())
    rows.push_back({Row::Tile,
                    data_->has_gpu_blocks() ? QCoreApplication::translate("PlotRenderer", "GPU block")
                                            : QCoreApplication::translate("PlotRenderer", "tile"),
                    0});
  if (!paintedStepLines().empty())
    rows.push_back({Row::Hyperplane, QCoreApplication::translate("PlotRenderer", "one step of the schedule"), 0});
  if (data_->truncated)
    rows.push_back({Row::Note, QCoreApplication::translate("PlotRenderer", "%1 points: each statement's first").arg(data_->points.size()), 0});
  if (data_->arrows_truncated) rows.push_back({Row::Note, QCoreApplication::translate("PlotRenderer", "some arrows left out"), 0});

  const QFont f = font(0.95);
  const QFontMetricsF fm(f);
  const double line = fm.height() * 1.25;
  const double swatch = fm.height() * 1.6;
  double width = 0;
  for (const Row& row : rows) width = std::max(width, fm.horizontalAdvance(row.text));
  width += swatch + fm.height() * 1.2;
  const double height = line * static_cast<double>(rows.size()) + fm.height() * 0.6;
  QRectF box(area.right() - width - 8, area.top() + 8, width, height);
  p.setPen(QPen(QColor(0xD0, 0xD0, 0xD0), 1));
  p.setBrush(QColor(255, 255, 255, 225));
  p.drawRoundedRect(box, 4, 4);
  p.setFont(f);
  double y = box.top() + fm.height() * 0.3;
  for (const Row& row : rows) {
    const QPointF mid(box.left() + fm.height() * 0.5 + swatch / 2, y + line / 2);
    switch (row.kind) {
      case Row::Statement: {
        const QColor c = colorOf(row.index);
        p.setPen(QPen(c.darker(140), 1));
        p.setBrush(c);
        p.drawEllipse(mid, fm.height() * 0.3, fm.height() * 0.3);
        break;
      }
      case Row::Rank: {
        const QColor c = rankColor(row.index);
        p.setPen(QPen(c.darker(140), 1));
        p.setBrush(c);
        p.drawEllipse(mid, fm.height() * 0.3, fm.height() * 0.3);
        break;
      }
      case Row::Message: {
        p.setPen(QPen(messageColor(), 2.4, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(QPointF(mid.x() - swatch / 2, mid.y()), QPointF(mid.x() + swatch / 2 - 4, mid.y()));
        p.setPen(Qt::NoPen);
        p.setBrush(messageColor());
        drawArrowHead(p, QPointF(mid.x() - swatch / 2, mid.y()), QPointF(mid.x() + swatch / 2, mid.y()), 6);
        break;
      }
      case Row::Arrow: {
        const Qt::PenStyle styles[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
        p.setPen(QPen(QColor(0x3A, 0x3A, 0x3A), 1.4, styles[row.index], Qt::FlatCap));
        const QPointF a(mid.x() - swatch / 2, mid.y()), b(mid.x() + swatch / 2 - 4, mid.y());
        p.drawLine(a, b);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x3A, 0x3A, 0x3A));
        drawArrowHead(p, a, QPointF(mid.x() + swatch / 2, mid.y()), 6);
        break;
      }
      case Row::May: {
        p.setPen(QPen(mayColor(), 1.4, Qt::DashDotLine, Qt::FlatCap));
        const QPointF a(mid.x() - swatch / 2, mid.y()), b(mid.x() + swatch / 2 - 4, mid.y());
        p.drawLine(a, b);
        p.setPen(Qt::NoPen);
        p.setBrush(mayColor());
        drawArrowHead(p, a, QPointF(mid.x() + swatch / 2, mid.y()), 6);
        break;
      }
      case Row::Violation: {
        p.setPen(QPen(violationColor(), 3, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(mid.x() - swatch / 2, mid.y()), QPointF(mid.x() + swatch / 2, mid.y()));
        break;
      }
      case Row::Tile: {
        p.setPen(QPen(QColor(0x6E, 0x6E, 0x78), 1.2));
        p.setBrush(QColor(0xE9, 0xEE, 0xF6));
        p.drawRoundedRect(QRectF(mid.x() - swatch / 2, mid.y() - fm.height() * 0.35, swatch, fm.height() * 0.7), 2,
                          2);
        break;
      }
      case Row::Hyperplane: {
        p.setPen(QPen(withAlpha(hyperplaneColor(), 190), 1.8, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(mid.x() - swatch / 2, mid.y() + fm.height() * 0.3),
                   QPointF(mid.x() + swatch / 2, mid.y() - fm.height() * 0.3));
        break;
      }
      case Row::Note:
        break;
    }
    p.setPen(row.kind == Row::Note ? QColor(0x90, 0x50, 0x00) : QColor(0x22, 0x22, 0x22));
    p.drawText(QRectF(box.left() + fm.height() * 0.8 + swatch, y, width, line), Qt::AlignLeft | Qt::AlignVCenter,
               row.text);
    y += line;
  }
}

}  // namespace loopscape
