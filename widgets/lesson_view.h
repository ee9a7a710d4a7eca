// SPDX-License-Identifier: Apache-2.0
#pragma once
// The lesson panel: a lesson's text and its exercises one at a time, with
// Check (the engine checks the session, lessons/lesson_check.h), hints
// revealed one by one, and the solution applied step by step. Keyboard:
// Page Down / Page Up move between exercises, Ctrl+Return checks, Ctrl+H
// reveals a hint, so a lesson can be stepped on a projector. Exercises that
// ask for an isl set or map show an answer box.
#include <QWidget>
#include <memory>

#include "lessons/lesson.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTextBrowser;

namespace loopscape {

class LessonView : public QWidget {
  Q_OBJECT

 public:
  explicit LessonView(QWidget* parent = nullptr);

  void setLesson(std::shared_ptr<const Lesson> lesson);
  const Lesson* lesson() const { return lesson_.get(); }
  int exercise() const { return exercise_; }  // 0-based
  void setExercise(int index);
  int hintsShown() const { return hints_shown_; }
  void showNextHint();
  // The engine's answer to checkRequested.
  void setOutcome(int exercise, bool passed, const QStringList& feedback);
  QString outcomeText() const;
  QString text() const;  // the panel's text as shown (Markdown rendered to plain text)
  QString answer() const;  // the answer box's text
  void setAnswer(const QString& text);
  bool answerShown() const;

 Q_SIGNALS:
  void checkRequested(int exercise, const QString& answer);
  void solutionRequested(int exercise);
  void drawAnswerRequested(const QString& answer);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void render();

  std::shared_ptr<const Lesson> lesson_;
  int exercise_ = 0;
  int hints_shown_ = 0;
  QTextBrowser* body_;
  QTextBrowser* outcome_;
  QPushButton* previous_;
  QPushButton* next_;
  QPushButton* check_;
  QPushButton* draw_;
  QPushButton* hint_;
  QPushButton* solution_;
  QLabel* position_;
  QLabel* answer_label_;
  QPlainTextEdit* answer_;
};

}  // namespace loopscape
