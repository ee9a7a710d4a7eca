// SPDX-License-Identifier: Apache-2.0
#include "variant_compare_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <vector>

namespace loopscape {

QList<bool> linesNotIn(const QStringList& code, const QStringList& other) {
  const auto n = code.size(), m = other.size();
  std::vector<std::vector<int>> common(static_cast<std::size_t>(n + 1), std::vector<int>(static_cast<std::size_t>(m + 1)));
  for (auto i = n - 1; i >= 0; --i)
    for (auto j = m - 1; j >= 0; --j) {
      const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
      common[a][b] = code[i] == other[j] ? common[a + 1][b + 1] + 1 : std::max(common[a + 1][b], common[a][b + 1]);
    }
  QList<bool> missing(n, true);
  for (qsizetype i = 0, j = 0; i < n && j < m;) {
    const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
    if (code[i] == other[j]) {
      missing[i] = false;
      ++i;
      ++j;
    } else if (common[a + 1][b] >= common[a][b + 1]) {
      ++i;
    } else {
      ++j;
    }
  }
  return missing;
}

VariantCompareView::VariantCompareView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("variantCompare"));
  heading_ = new QLabel;
  heading_->setWordWrap(true);
  left_ = new QTextBrowser;
  right_ = new QTextBrowser;
  left_->setObjectName(QStringLiteral("variantCompareCurrent"));
  right_->setObjectName(QStringLiteral("variantCompareOther"));
  switch_ = new QPushButton(tr("Switch to this variant"));
  switch_->setObjectName(QStringLiteral("variantSwitch"));
  switch_->setToolTip(tr("Make the variant the current line; the current line becomes a variant (nothing is lost)"));
  auto* sides = new QHBoxLayout;
  sides->addWidget(left_);
  sides->addWidget(right_);
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(switch_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(heading_);
  layout->addLayout(sides, 1);
  layout->addLayout(buttons);
  connect(switch_, &QPushButton::clicked, this, [this] {
    if (comparison_.variant >= 0) Q_EMIT switchRequested(comparison_.variant);
  });
}

void VariantCompareView::showWaiting(int variant) {
  comparison_ = VariantComparison{};
  comparison_.variant = variant;
  heading_->setText(tr("Comparing variant %1 with the current line: generating and running both\u2026").arg(variant + 1));
  left_->clear();
  right_->clear();
  switch_->setEnabled(true);
}

void VariantCompareView::showComparison(const VariantComparison& comparison) {
  comparison_ = comparison;
  QString params;
  for (const auto& [name, value] : comparison.parameters)
    params += (params.isEmpty() ? QString() : QStringLiteral(", ")) + QStringLiteral("%1 = %2").arg(name).arg(value);
  QString heading = comparison.shared_steps == 0
                        ? tr("The current line and variant %1 differ from the first step.").arg(comparison.variant + 1)
                        : tr("The current line and variant %1 share their first %2.")
                              .arg(comparison.variant + 1)
                              .arg(comparison.shared_steps == 1 ? tr("step")
                                                                : tr("%1 steps").arg(comparison.shared_steps));
  if (!comparison.error.isEmpty())
    heading += QLatin1Char(' ') + comparison.error;
  else if (comparison.original_seconds > 0)
    heading += tr(" Run in the process (Halide's JIT) at %1; the original schedule: %2 ms.")
                   .arg(params)
                   .arg(comparison.original_seconds * 1e3, 0, 'f', 3);
  heading_->setText(heading);
  left_->setHtml(sideHtml(comparison.current, comparison.other));
  right_->setHtml(sideHtml(comparison.other, comparison.current));
}

QString VariantCompareView::sideHtml(const VariantSide& side, const VariantSide& other) const {
  QString html = QStringLiteral("<h3>%1</h3>").arg(side.title.toHtmlEscaped());
  if (side.seconds > 0 && comparison_.original_seconds > 0)
    html += tr("<p><b>%1 ms</b>, %2\u00d7 the original</p>")
                .arg(side.seconds * 1e3, 0, 'f', 3)
                .arg(comparison_.original_seconds / side.seconds, 0, 'f', 2);
  if (!side.difference.isEmpty())
    html += QStringLiteral("<p style='color:#b00020'>%1 %2</p>")
                .arg(tr("Results differ from the original's:"), side.difference.toHtmlEscaped());
  html += QStringLiteral("<pre>");
  if (side.steps.isEmpty()) html += tr("(no step: the original schedule)");
  for (int k = 0; k < side.steps.size(); ++k) {
    const QString line = QStringLiteral("%1  %2").arg(k + 1, 2).arg(side.steps[k].toHtmlEscaped());
    html += (k < comparison_.shared_steps ? QStringLiteral("<span style='color:#808080'>%1</span>").arg(line)
                                          : QStringLiteral("<b>%1</b>").arg(line)) +
            QLatin1Char('\n');
  }
  html += QStringLiteral("</pre><p>%1</p><pre>").arg(tr("Loops and the dependences they carry (lines the other side lacks highlighted):"));
  const QList<bool> other_carriage = linesNotIn(side.loops, other.loops);
  for (int k = 0; k < side.loops.size(); ++k)
    html += (other_carriage[k] ? QStringLiteral("<span style='background:#fff3b0'>%1</span>").arg(side.loops[k].toHtmlEscaped())
                               : side.loops[k].toHtmlEscaped()) +
            QLatin1Char('\n');
  html += QStringLiteral("</pre><p>%1</p><pre>").arg(tr("OpenMP code (lines the other side lacks highlighted):"));
  const QStringList code = side.code.split(QLatin1Char('\n'));
  const QList<bool> missing = linesNotIn(code, other.code.split(QLatin1Char('\n')));
  for (int k = 0; k < code.size(); ++k)
    html += (missing[k] ? QStringLiteral("<span style='background:#fff3b0'>%1</span>").arg(code[k].toHtmlEscaped())
                        : code[k].toHtmlEscaped()) +
            QLatin1Char('\n');
  return html + QStringLiteral("</pre>");
}

QString VariantCompareView::text() const {
  return heading_->text() + QLatin1Char('\n') + left_->toPlainText() + QLatin1Char('\n') + right_->toPlainText();
}

}  // namespace loopscape
