// SPDX-License-Identifier: Apache-2.0
#include "statement_colors.h"

#include <array>

namespace loopscape {

namespace {

// Okabe & Ito (2008), ordered so that neighbouring statements differ most.
constexpr std::array<QRgb, 8> kOkabeIto = {
    0x0072B2,  // blue
    0xE69F00,  // orange
    0x009E73,  // bluish green
    0xCC79A7,  // reddish purple
    0x56B4E9,  // sky blue
    0xD55E00,  // vermillion
    0xF0E442,  // yellow
    0x000000,  // black
};

}  // namespace

QColor statementColor(int index) {
  if (index < 0) return QColor(0x80, 0x80, 0x80);
  return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(index) % kOkabeIto.size()]);
}

QColor statementTint(int index, int alpha) {
  QColor c = statementColor(index);
  c.setAlpha(alpha);
  return c;
}

int statementIndexFromName(const QString& name) {
  if (name.size() < 2 || name[0] != QLatin1Char('S')) return -1;
  bool ok = false;
  const int k = name.mid(1).toInt(&ok);
  return ok ? k : -1;
}

}  // namespace loopscape
