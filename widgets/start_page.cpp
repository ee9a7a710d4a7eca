// SPDX-License-Identifier: Apache-2.0
#include "start_page.h"

#include <QColor>
#include <QFont>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace loopscape {

namespace {

QListWidget* entryList(QWidget* parent) {
  auto* list = new QListWidget(parent);
  list->setWordWrap(true);
  list->setSpacing(2);
  list->setFrameShape(QFrame::NoFrame);
  list->setStyleSheet(QStringLiteral("QListWidget { background: transparent; } "
                                     "QListWidget::item { padding: 6px; border-radius: 4px; } "
                                     "QListWidget::item:hover { background: #E6F2FA; }"));
  return list;
}

void fill(QListWidget* list, const QList<StartEntry>& entries, const QString& empty) {
  list->clear();
  QString group;
  for (const StartEntry& e : entries) {
    if (!e.group.isEmpty() && e.group != group) {
      group = e.group;
      auto* heading = new QListWidgetItem(group);
      QFont bold = heading->font();
      bold.setBold(true);
      heading->setFont(bold);
      heading->setFlags(Qt::NoItemFlags);
      heading->setForeground(QColor(0x33, 0x33, 0x33));
      list->addItem(heading);
    }
    auto* item = new QListWidgetItem(e.description.isEmpty() ? e.title : e.title + QStringLiteral("\n") + e.description);
    item->setData(Qt::UserRole, e.path);
    item->setToolTip(e.path);
    list->addItem(item);
  }
  if (entries.isEmpty()) {
    auto* item = new QListWidgetItem(empty);
    item->setFlags(Qt::NoItemFlags);
    list->addItem(item);
  }
}

}  // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("startPage"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(32, 24, 32, 24);
  auto* title = new QLabel(tr("Loopscape"));
  QFont f = title->font();
  f.setPointSizeF(f.pointSizeF() * 2);
  f.setBold(true);
  title->setFont(f);
  auto* subtitle = new QLabel(tr("Open a C file with a <tt>#pragma scop</tt> region, or start from a sample."));
  subtitle->setStyleSheet(QStringLiteral("color: #555;"));
  auto* browse = new QPushButton(tr("Open a C file\u2026"));
  browse->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
  connect(browse, &QPushButton::clicked, this, &StartPage::browseRequested);
  layout->addWidget(title);
  layout->addWidget(subtitle);
  layout->addSpacing(8);
  layout->addWidget(browse);
  layout->addSpacing(12);
  auto* samples_title = new QLabel(tr("<b>Samples</b>"));
  layout->addWidget(samples_title);
  samples_ = entryList(this);
  samples_->setObjectName(QStringLiteral("startSamples"));
  layout->addWidget(samples_, 3);
  auto* lessons_title = new QLabel(tr("<b>Lessons</b> (a course in polyhedral transforms, with exercises)"));
  layout->addWidget(lessons_title);
  lessons_ = entryList(this);
  lessons_->setObjectName(QStringLiteral("startLessons"));
  layout->addWidget(lessons_, 2);
  auto* recent_title = new QLabel(tr("<b>Recent files</b>"));
  layout->addWidget(recent_title);
  recent_ = entryList(this);
  recent_->setObjectName(QStringLiteral("startRecent"));
  layout->addWidget(recent_, 1);
  for (QListWidget* list : {samples_, lessons_, recent_})
    connect(list, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
      const QString path = item->data(Qt::UserRole).toString();
      if (!path.isEmpty()) Q_EMIT openRequested(path);
    });
  for (QListWidget* list : {samples_, lessons_, recent_})
    connect(list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
      const QString path = item->data(Qt::UserRole).toString();
      if (!path.isEmpty()) Q_EMIT openRequested(path);
    });
}

void StartPage::setSamples(const QList<StartEntry>& samples) { fill(samples_, samples, tr("(no samples found)")); }
void StartPage::setLessons(const QList<StartEntry>& lessons) { fill(lessons_, lessons, tr("(no lessons found)")); }
void StartPage::setRecent(const QList<StartEntry>& recent) { fill(recent_, recent, tr("(none yet)")); }

}  // namespace loopscape
