// SPDX-License-Identifier: Apache-2.0
#pragma once
// The lesson panel: a lesson's text and its exercises one at a time, with
// Check (the engine checks the session, lessons/lesson_check.h), hints
// revealed one by one, and the solution applied step by step. Keyboard:
// Page Down / Page Up move between exercises, Ctrl+Return checks, Ctrl+H
// reveals a hint, so a lesson can be stepped on a projector. Exercises that
// ask for typed answers (an isl set or map, a count, a schedule map, the
// first instances in order, the numbers of the true options) show an answer
// box; those with given steps offer to start from them. What the engine
// adds to an exercise (the given steps' refusal, the target's code) comes
// from setBriefings.
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
  // Per exercise: the engine's Markdown shown under the text, and the answer
  // the solution button types where the lesson has none (predict, choices).
  void setBriefings(const Lesson* lesson, const QStringList& briefings, const QStringList& model_answers);
  // A point clicked on the plot, typed into a predict exercise's answer ("S0[1, 2]").
  void appendInstance(const QString& instance);
  QString exerciseKind() const;  // LessonExercise::kind of the exercise shown ("" when none)

 Q_SIGNALS:
  void checkRequested(int exercise, const QString& answer);
  void solutionRequested(int exercise);
  void drawAnswerRequested(const QString& answer);
  void startFromGivenRequested(int exercise);
  // The exercise shown changed (a new lesson shows its first).
  void exerciseShown(int exercise);

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
  QPushButton* start_;
  QStringList briefings_, model_answers_;
  QLabel* position_;
  QLabel* answer_label_;
  QPlainTextEdit* answer_;
};

}  // namespace loopscape
