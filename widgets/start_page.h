// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the window shows before a file is open: the bundled samples, one line
// each from their description comment, the bundled lessons, and the
// recently opened files.
#include <QWidget>

class QListWidget;

namespace loopscape {

struct StartEntry {
  QString path;
  QString title;
  QString description;
  QString group;  // a heading above the first entry of each group (a course's part); "" for none
};

class StartPage : public QWidget {
  Q_OBJECT

 public:
  explicit StartPage(QWidget* parent = nullptr);

  void setSamples(const QList<StartEntry>& samples);
  void setRecent(const QList<StartEntry>& recent);
  void setLessons(const QList<StartEntry>& lessons);
  QListWidget* samplesList() const { return samples_; }
  QListWidget* recentList() const { return recent_; }
  QListWidget* lessonsList() const { return lessons_; }

 Q_SIGNALS:
  void openRequested(const QString& path);
  void browseRequested();

 private:
  QListWidget* samples_;
  QListWidget* recent_;
  QListWidget* lessons_;
};

}  // namespace loopscape
