// SPDX-License-Identifier: Apache-2.0
#pragma once
// The views' zoom (View › Zoom In/Out, and presentation zoom on F5): every
// view's text scales by one factor, in steps of 12 %. Presentation zoom makes
// it at least 172 %, readable from the back of a room; turned off, it gives
// back the zoom from before.
#include <QList>

class QWidget;

namespace loopscape {

class ViewZoom {
 public:
  // Steps of zoom: -4 (52 %) to 12 (244 %).
  int steps() const { return steps_; }
  double factor() const { return 1.0 + kPerStep * steps_; }
  bool presenting() const { return presenting_; }
  // The zoom a saved session keeps: the user's own, not the presentation's.
  int savedSteps() const { return presenting_ ? steps_before_presenting_ : steps_; }

  void zoomBy(int steps);
  // False when it was already so.
  bool setPresenting(bool on);

  // Scales the text of `views` and their children to factor(). Sizes are
  // kept unzoomed on each widget, so zooming never compounds; widgets sized in
  // pixels are left alone.
  void applyTo(const QList<QWidget*>& views);

 private:
  static constexpr double kPerStep = 0.12;
  static constexpr int kPresentationSteps = 6;

  int steps_ = 0;
  bool presenting_ = false;
  int steps_before_presenting_ = 0;
  double applied_factor_ = 1.0;  // the factor the views' fonts are scaled by now
};

}  // namespace loopscape
