// SPDX-License-Identifier: Apache-2.0
#include "view_zoom.h"

#include <QFont>
#include <QVariant>
#include <QWidget>

#include <algorithm>

namespace loopscape {

void ViewZoom::zoomBy(int steps) { steps_ = std::clamp(steps_ + steps, -4, 12); }

bool ViewZoom::setPresenting(bool on) {
  if (on == presenting_) return false;
  presenting_ = on;
  if (on) {
    steps_before_presenting_ = steps_;
    steps_ = std::max(steps_, kPresentationSteps);
  } else {
    steps_ = steps_before_presenting_;
  }
  return true;
}

void ViewZoom::applyTo(const QList<QWidget*>& views) {
  const double scale = factor();
  QList<QWidget*> widgets;
  for (QWidget* view : views) widgets << view << view->findChildren<QWidget*>();
  // Every unzoomed size first: a parent's new font reaches the children that
  // inherit it at once, and reading theirs after that would zoom them twice.
  const char* const kBase = "loopscapeBaseFontSize";
  for (QWidget* w : widgets) {
    // New since the last zoom (a code tab, say): it took its size from a
    // zoomed parent, so its unzoomed size is that over the old factor.
    if (!w->property(kBase).isValid() && w->font().pointSizeF() > 0)
      w->setProperty(kBase, w->font().pointSizeF() / applied_factor_);
  }
  for (QWidget* w : widgets) {
    const QVariant base = w->property(kBase);
    if (!base.isValid()) continue;  // sized in pixels: not ours to scale
    QFont f = w->font();
    f.setPointSizeF(std::max(4.0, base.toDouble() * scale));
    w->setFont(f);
  }
  applied_factor_ = scale;
}

}  // namespace loopscape
