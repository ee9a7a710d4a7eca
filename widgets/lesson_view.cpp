// SPDX-License-Identifier: Apache-2.0
#include "lesson_view.h"
#include "qt_text.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocument>
#include <QShortcut>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace loopscape {

LessonView::LessonView(QWidget* parent) : QWidget(parent) {
  body_ = new QTextBrowser;
  body_->setObjectName(QStringLiteral("lessonText"));
  body_->setOpenExternalLinks(true);
  // A scroll bar that comes and goes with the wrapped width can make the text's
  // layout oscillate forever in a short dock; keeping it fixed breaks the cycle.
  body_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
  body_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // Word-wrapped labels beside a text browser in a dock can make the dock's
  // layout oscillate forever; the wrapped parts are text browsers instead.
  outcome_ = new QTextBrowser;
  outcome_->setObjectName(QStringLiteral("lessonOutcome"));
  outcome_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
  outcome_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  outcome_->setFixedHeight(outcome_->fontMetrics().lineSpacing() * 5);
  answer_label_ = new QLabel(tr("Your answer (an isl set or map):"));
  answer_ = new QPlainTextEdit;
  answer_->setObjectName(QStringLiteral("lessonAnswer"));
  answer_->setPlaceholderText(QStringLiteral("[n] -> { S0[i] : 0 <= i < n }"));
  answer_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  answer_->setFixedHeight(answer_->fontMetrics().lineSpacing() * 4);
  previous_ = new QPushButton(tr("\u2190 Previous"));
  next_ = new QPushButton(tr("Next \u2192"));
  position_ = new QLabel;
  check_ = new QPushButton(tr("Check"));
  check_->setObjectName(QStringLiteral("lessonCheck"));
  check_->setToolTip(tr("Check the current schedule against this exercise (Ctrl+Return)"));
  hint_ = new QPushButton(tr("Hint"));
  hint_->setObjectName(QStringLiteral("lessonHint"));
  hint_->setToolTip(tr("Reveal the next hint (Ctrl+H)"));
  draw_ = new QPushButton(tr("Draw"));
  draw_->setObjectName(QStringLiteral("lessonDraw"));
  draw_->setToolTip(tr("Draw your answer in the isl scratchpad"));
  solution_ = new QPushButton(tr("Show Solution"));
  solution_->setObjectName(QStringLiteral("lessonSolution"));
  solution_->setToolTip(tr("Apply the solution's commands, one history step each"));
  start_ = new QPushButton(tr("Start From the Given Steps"));
  start_->setObjectName(QStringLiteral("lessonStartGiven"));
  start_->setToolTip(tr("Go back to the original schedule and apply the exercise's given steps (your steps stay in "
                        "History as another line of work)"));

  auto* navigation = new QHBoxLayout;
  navigation->addWidget(previous_);
  navigation->addWidget(position_, 1, Qt::AlignCenter);
  navigation->addWidget(next_);
  auto* actions = new QHBoxLayout;
  actions->addWidget(start_);
  actions->addWidget(check_);
  actions->addWidget(draw_);
  actions->addWidget(hint_);
  actions->addWidget(solution_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(body_, 1);
  layout->addWidget(answer_label_);
  layout->addWidget(answer_);
  layout->addLayout(actions);
  layout->addWidget(outcome_);
  layout->addLayout(navigation);

  connect(previous_, &QPushButton::clicked, this, [this] { setExercise(exercise_ - 1); });
  connect(next_, &QPushButton::clicked, this, [this] { setExercise(exercise_ + 1); });
  connect(check_, &QPushButton::clicked, this, [this] {
    outcome_->setText(tr("<i>Checking\u2026</i>"));
    Q_EMIT checkRequested(exercise_, answer_->toPlainText());
  });
  connect(draw_, &QPushButton::clicked, this, [this] {
    if (!answer_->toPlainText().trimmed().isEmpty()) Q_EMIT drawAnswerRequested(answer_->toPlainText());
  });
  connect(hint_, &QPushButton::clicked, this, &LessonView::showNextHint);
  connect(solution_, &QPushButton::clicked, this, [this] {
    if (lesson_ && !lesson_->exercises.empty()) {
      QString model = qs(lesson_->exercises[static_cast<std::size_t>(exercise_)].answer);
      if (model.isEmpty() && exercise_ < model_answers_.size()) model = model_answers_[exercise_];
      if (!model.isEmpty()) answer_->setPlainText(model);
    }
    Q_EMIT solutionRequested(exercise_);
  });
  connect(start_, &QPushButton::clicked, this, [this] { Q_EMIT startFromGivenRequested(exercise_); });
  auto shortcut = [this](const QKeySequence& keys, auto slot) {
    auto* s = new QShortcut(keys, this);
    s->setContext(Qt::WidgetWithChildrenShortcut);
    connect(s, &QShortcut::activated, this, slot);
  };
  // The text would take Page Up/Down to scroll: a presenter's clicker sends them to step exercises.
  body_->installEventFilter(this);
  shortcut(QKeySequence(Qt::Key_PageDown), [this] { setExercise(exercise_ + 1); });
  shortcut(QKeySequence(Qt::Key_PageUp), [this] { setExercise(exercise_ - 1); });
  shortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), [this] { check_->click(); });
  shortcut(QKeySequence(Qt::CTRL | Qt::Key_H), [this] { showNextHint(); });
  render();
}

bool LessonView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == body_ && event->type() == QEvent::KeyPress) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_PageDown || key == Qt::Key_PageUp) {
      setExercise(exercise_ + (key == Qt::Key_PageDown ? 1 : -1));
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void LessonView::setLesson(std::shared_ptr<const Lesson> lesson) {
  lesson_ = std::move(lesson);
  exercise_ = 0;
  hints_shown_ = 0;
  briefings_.clear();
  model_answers_.clear();
  outcome_->clear();
  answer_->clear();
  render();
  if (lesson_ && !lesson_->exercises.empty()) Q_EMIT exerciseShown(0);
}

void LessonView::setBriefings(const Lesson* lesson, const QStringList& briefings, const QStringList& model_answers) {
  if (lesson != lesson_.get()) return;  // an answer for a lesson no longer open
  briefings_ = briefings;
  model_answers_ = model_answers;
  render();
}

void LessonView::appendInstance(const QString& instance) {
  if (exerciseKind() != QStringLiteral("predict")) return;
  QString text = answer_->toPlainText().trimmed();
  answer_->setPlainText(text.isEmpty() ? instance : text + QStringLiteral(", ") + instance);
}

QString LessonView::exerciseKind() const {
  if (!lesson_ || lesson_->exercises.empty()) return {};
  return qs(lesson_->exercises[static_cast<std::size_t>(exercise_)].kind());
}

void LessonView::setExercise(int index) {
  if (!lesson_ || lesson_->exercises.empty()) return;
  const int clamped = std::clamp(index, 0, static_cast<int>(lesson_->exercises.size()) - 1);
  if (clamped == exercise_) return;
  exercise_ = clamped;
  hints_shown_ = 0;
  outcome_->clear();
  answer_->clear();
  render();
  Q_EMIT exerciseShown(exercise_);
}

void LessonView::showNextHint() {
  if (!lesson_ || lesson_->exercises.empty()) return;
  const auto& hints = lesson_->exercises[static_cast<std::size_t>(exercise_)].hints;
  if (hints_shown_ < static_cast<int>(hints.size())) ++hints_shown_;
  render();
}

void LessonView::setOutcome(int exercise, bool passed, const QStringList& feedback) {
  if (exercise != exercise_) return;
  if (passed) {
    outcome_->setText(tr("<span style='color:#00795A'><b>\u2714 Done:</b> every check passes.</span>"));
    return;
  }
  QString html = tr("<span style='color:#C04E00'><b>Not yet:</b></span><ul style='margin-left:-20px'>");
  for (const QString& f : feedback) html += QStringLiteral("<li>") + f.toHtmlEscaped() + QStringLiteral("</li>");
  outcome_->setText(html + QStringLiteral("</ul>"));
}

QString LessonView::outcomeText() const {
  return outcome_->toPlainText().trimmed();
}

QString LessonView::text() const { return body_->toPlainText(); }

QString LessonView::answer() const { return answer_->toPlainText(); }

void LessonView::setAnswer(const QString& text) { answer_->setPlainText(text); }

bool LessonView::answerShown() const { return !answer_->isHidden(); }

void LessonView::render() {
  const bool has = lesson_ && !lesson_->exercises.empty();
  const LessonExercise* shown = has ? &lesson_->exercises[static_cast<std::size_t>(exercise_)] : nullptr;
  const bool asks = shown && shown->asks_for_answer();
  const QString kind = shown ? qs(shown->kind()) : QString();
  answer_label_->setVisible(asks);
  answer_->setVisible(asks);
  // Only sets and maps can be drawn in the scratchpad.
  draw_->setVisible(asks && (kind == QStringLiteral("set or map") || kind == QStringLiteral("schedule map")));
  start_->setVisible(shown && !shown->given.empty());
  if (kind == QStringLiteral("predict")) {
    answer_label_->setText(tr("The first instances in the order they run (type them, or click the points on the plot):"));
    answer_->setPlaceholderText(QStringLiteral("S0[0, 0], S0[0, 1], ..."));
  } else if (kind == QStringLiteral("choices")) {
    answer_label_->setText(tr("The numbers of the true options:"));
    answer_->setPlaceholderText(QStringLiteral("1 3"));
  } else if (kind == QStringLiteral("count")) {
    answer_label_->setText(tr("Your count (a number, or a formula in the parameters):"));
    answer_->setPlaceholderText(tr("a number such as 12, or a formula such as 2 * n + 1"));
  } else if (kind == QStringLiteral("schedule map")) {
    answer_label_->setText(tr("Your schedule (an isl map from instances to times):"));
    answer_->setPlaceholderText(QStringLiteral("[n] -> { S0[i, j] -> [j, i] }"));
  } else {
    answer_label_->setText(tr("Your answer (an isl set or map):"));
    answer_->setPlaceholderText(QStringLiteral("[n] -> { S0[i] : 0 <= i < n }"));
  }
  for (QWidget* w : std::initializer_list<QWidget*>{previous_, next_, check_, hint_, solution_}) w->setEnabled(has);
  if (!lesson_) {
    body_->setMarkdown(QStringLiteral("## ") + tr("No lesson open") + QStringLiteral("\n\n") +
                       tr("Open one from **Help \u203a Lessons**, or start the app with `--lesson FILE`."));
    position_->clear();
    return;
  }
  QString markdown = QStringLiteral("## ") + qs(lesson_->title) + QStringLiteral("\n\n") + qs(lesson_->text);
  if (has) {
    const LessonExercise& e = lesson_->exercises[static_cast<std::size_t>(exercise_)];
    markdown += QStringLiteral("\n\n## ") + tr("Exercise %1: %2").arg(exercise_ + 1).arg(qs(e.title)) +
                QStringLiteral("\n\n") + qs(e.text);
    for (std::size_t k = 0; k < e.choices.size(); ++k)
      markdown += QStringLiteral("\n%1. %2").arg(k + 1).arg(qs(e.choices[k].text));
    if (exercise_ < briefings_.size() && !briefings_[exercise_].isEmpty())
      markdown += QStringLiteral("\n\n") + briefings_[exercise_];
    for (int h = 0; h < hints_shown_; ++h)
      markdown += QStringLiteral("\n\n> **") + tr("Hint %1").arg(h + 1) + QStringLiteral(":** ") +
                  qs(e.hints[static_cast<std::size_t>(h)]);
    hint_->setEnabled(hints_shown_ < static_cast<int>(e.hints.size()));
    solution_->setEnabled(!e.solution.empty() || !e.answer.empty() ||
                          (exercise_ < model_answers_.size() && !model_answers_[exercise_].isEmpty()));
    position_->setText(tr("exercise %1 of %2").arg(exercise_ + 1).arg(lesson_->exercises.size()));
    previous_->setEnabled(exercise_ > 0);
    next_->setEnabled(exercise_ + 1 < static_cast<int>(lesson_->exercises.size()));
  }
  body_->setMarkdown(markdown);
  // The exercise's heading at the top of the panel: in a short dock the lesson's
  // text would push it out of sight (the lesson's text is one scroll up).
  if (has && exercise_ > 0) {
    const QTextCursor heading = body_->document()->find(tr("Exercise %1: ").arg(exercise_ + 1));
    if (!heading.isNull()) {
      body_->verticalScrollBar()->setValue(body_->verticalScrollBar()->maximum());
      QTextCursor start = heading;
      start.movePosition(QTextCursor::StartOfBlock);
      body_->setTextCursor(start);
      body_->ensureCursorVisible();
    }
  }
}

}  // namespace loopscape
