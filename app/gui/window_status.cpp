// SPDX-License-Identifier: Apache-2.0
#include "window_status.h"

#include <QLabel>
#include <QPushButton>
#include <QStatusBar>

#include "engine_worker.h"
#include "snapshot/snapshot.h"

namespace loopscape {

WindowStatus::WindowStatus(QStatusBar* bar, EngineWorker* worker) : QObject(bar), bar_(bar) {
  legality_ = new QLabel;
  legality_->setObjectName(QStringLiteral("legalityStatus"));
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("statusSummary"));
  busy_ = new QLabel(tr("computing\u2026"));
  busy_->setObjectName(QStringLiteral("busyIndicator"));
  busy_->setStyleSheet(QStringLiteral("color: #808080;"));
  busy_->setVisible(false);
  bar->addWidget(legality_);
  bar->addWidget(summary_, 1);
  bar->addPermanentWidget(busy_);
  stop_build_ = new QPushButton(tr("Stop building"));
  stop_build_->setObjectName(QStringLiteral("stopBuildButton"));
  stop_build_->setFlat(true);
  stop_build_->setVisible(false);
  connect(stop_build_, &QPushButton::clicked, worker, &EngineWorker::cancelOpen);
  connect(worker, &EngineWorker::busyChanged, busy_, &QLabel::setVisible);
  bar->addPermanentWidget(stop_build_);
}

void WindowStatus::setSummary(const QString& text) { summary_->setText(text); }

void WindowStatus::showStep(const Snapshot& snapshot, int step, int steps) {
  QString timing = tr("computed in %1 ms").arg(snapshot.milliseconds, 0, 'f', 0);
  if (snapshot.code_pending())
    timing += tr(", generating the code\u2026");
  else if (snapshot.code_milliseconds > 0)
    timing += tr(", its code in %1 ms").arg(snapshot.code_milliseconds, 0, 'f', 0);
  summary_->setText(tr("step %1 of %2 \u00b7 %3 statements \u00b7 %4 dependences \u00b7 %5 tree nodes \u00b7 %6")
                        .arg(step)
                        .arg(steps)
                        .arg(snapshot.statements.size())
                        .arg(snapshot.dependences.size())
                        .arg(snapshot.tree.size())
                        .arg(timing));
}

void WindowStatus::showLegality(bool legal, const QString& why_not) {
  legality_->setText(legal ? QStringLiteral("<span style='color:#009E73'><b>\u2714 legal</b></span>")
                           : QStringLiteral("<span style='color:#D55E00'><b>\u2716 illegal</b></span>"));
  legality_->setToolTip(legal ? tr("Every dependence is respected") : why_not);
}

void WindowStatus::showFailed() { legality_->setText(QStringLiteral("<span style='color:#D55E00'>\u2716</span>")); }

void WindowStatus::clearLegality() { legality_->clear(); }

void WindowStatus::setBuilding(const QString& program) {
  stop_build_->setVisible(!program.isEmpty());
  if (!program.isEmpty()) bar_->showMessage(tr("Building and running %1 against the engine\u2026").arg(program));
}

}  // namespace loopscape
