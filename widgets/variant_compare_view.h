// SPDX-License-Identifier: Apache-2.0
#pragma once
// Two lines of work side by side (History › a variant): for each, its steps
// (the shared ones dimmed), its run time against the original schedule, and
// the OpenMP target's code with the lines the other side lacks highlighted.
// "Switch to this variant" asks for the swap; the view changes nothing itself.
#include <QWidget>

#include "variant_comparison.h"

class QLabel;
class QPushButton;
class QTextBrowser;

namespace loopscape {

class VariantCompareView : public QWidget {
  Q_OBJECT

 public:
  explicit VariantCompareView(QWidget* parent = nullptr);
  // The steps are known at once; the times come with the comparison.
  void showComparison(const VariantComparison& comparison);
  void showWaiting(int variant);
  const VariantComparison& comparison() const { return comparison_; }
  QString text() const;  // both sides as plain text (tests)
  QPushButton* switchButton() const { return switch_; }

 Q_SIGNALS:
  void switchRequested(int variant);

 private:
  QString sideHtml(const VariantSide& side, const VariantSide& other) const;

  QLabel* heading_;
  QTextBrowser* left_;
  QTextBrowser* right_;
  QPushButton* switch_;
  VariantComparison comparison_;
};

// Lines of `code` not in `other`, by a longest common subsequence of lines.
QList<bool> linesNotIn(const QStringList& code, const QStringList& other);

}  // namespace loopscape
