// SPDX-License-Identifier: Apache-2.0
#include "command_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace loopscape {

namespace {

enum class Field { Loop, Integer, Statement, Text };

// Statement arguments exist only where a command orders one statement
// relative to another (after, before, compute_at); elsewhere S, S1, ... are sizes.
Field fieldKind(const QString& command, const QString& name) {
  static const QRegularExpression loop(QStringLiteral("^L[a-z]?\\d*$"));
  static const QRegularExpression integer(QStringLiteral("^([a-z]\\d*|S\\d*|II|N\\d*|factor|size)$"));
  static const QStringList ordering{QStringLiteral("after"), QStringLiteral("before"), QStringLiteral("compute_at")};
  if (loop.match(name).hasMatch()) return Field::Loop;
  if (ordering.contains(command) && (name == QLatin1String("S") || name == QLatin1String("C"))) return Field::Statement;
  if (integer.match(name).hasMatch()) return Field::Integer;
  return Field::Text;
}

int defaultInteger(const QString& command, const QString& name) {
  if (command.startsWith(QLatin1String("tile")) || command == QLatin1String("split")) return 32;
  if (command == QLatin1String("vectorize")) return 8;
  if (command == QLatin1String("unroll")) return 4;
  if (name == QLatin1String("II")) return 1;
  return 1;
}

}  // namespace

QStringList CommandForm::requiredParameters(const QString& signature) {
  const int open = int(signature.indexOf(QLatin1Char('(')));
  const int close = int(signature.lastIndexOf(QLatin1Char(')')));
  if (open < 0 || close <= open) return {};
  QString inside = signature.mid(open + 1, close - open - 1);
  const int bracket = int(inside.indexOf(QLatin1Char('[')));
  if (bracket >= 0) inside = inside.left(bracket);
  QStringList out;
  for (const QString& p : inside.split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!p.trimmed().isEmpty()) out << p.trimmed();
  return out;
}

CommandForm::CommandForm(const CommandFormSpec& spec, QWidget* parent) : QDialog(parent), spec_(spec) {
  setWindowTitle(tr("%1.%2").arg(spec.target, spec.command));
  auto* layout = new QVBoxLayout(this);
  auto* summary = new QLabel(spec.summary);
  summary->setWordWrap(true);
  summary->setStyleSheet(QStringLiteral("color: #555;"));
  layout->addWidget(summary);
  auto* form = new QFormLayout;
  layout->addLayout(form);
  if (!spec.selected_loop.isEmpty() && !spec_.loops.contains(spec.selected_loop)) spec_.loops.prepend(spec.selected_loop);
  int loop_index = std::max(0, int(spec_.loops.indexOf(spec.selected_loop)));
  bool has_integer = false;
  for (const QString& name : requiredParameters(spec.signature)) {
    QWidget* field = nullptr;
    switch (fieldKind(spec.command, name)) {
      case Field::Loop: {
        auto* combo = new QComboBox;
        combo->addItems(spec_.loops);
        combo->setEditable(true);
        if (!spec_.loops.isEmpty()) combo->setCurrentIndex(std::min(loop_index++, int(spec_.loops.size()) - 1));
        connect(combo, &QComboBox::currentTextChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = combo;
        break;
      }
      case Field::Statement: {
        auto* combo = new QComboBox;
        combo->addItems(spec.statements);
        const int other = int(spec.statements.indexOf(spec.target));
        if (other >= 0 && spec.statements.size() > 1) combo->setCurrentIndex((other + 1) % int(spec.statements.size()));
        connect(combo, &QComboBox::currentTextChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = combo;
        break;
      }
      case Field::Integer: {
        auto* spin = new QSpinBox;
        spin->setRange(-1024, 4096);
        spin->setValue(defaultInteger(spec.command, name));
        connect(spin, &QSpinBox::valueChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = spin;
        has_integer = true;
        break;
      }
      case Field::Text: {
        auto* edit = new QLineEdit;
        connect(edit, &QLineEdit::textChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = edit;
        break;
      }
    }
    field->setObjectName(QStringLiteral("arg_") + name);
    fields_ << field;
    form->addRow(name, field);
  }
  if (has_integer) {
    live_ = new QCheckBox(tr("Apply while changing (one undo step)"));
    live_->setObjectName(QStringLiteral("liveApply"));
    layout->addWidget(live_);
  }
  preview_ = new QLabel(tr("Checking\u2026"));
  preview_->setObjectName(QStringLiteral("legalityPreview"));
  preview_->setWordWrap(true);
  preview_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  preview_->setMinimumWidth(380);
  layout->addWidget(preview_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Help);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply"));
  QPushButton* help = buttons->button(QDialogButtonBox::Help);
  help->setText(QStringLiteral("?"));
  help->setObjectName(QStringLiteral("commandHelp"));
  help->setToolTip(tr("What %1 does, in the user guide").arg(spec.command));
  connect(buttons, &QDialogButtonBox::helpRequested, this, [this] { Q_EMIT helpRequested(spec_.command); });
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

QStringList CommandForm::arguments() const {
  QStringList out;
  for (QWidget* field : fields_) {
    if (auto* combo = qobject_cast<QComboBox*>(field))
      out << combo->currentText();
    else if (auto* spin = qobject_cast<QSpinBox*>(field))
      out << QString::number(spin->value());
    else if (auto* edit = qobject_cast<QLineEdit*>(field))
      out << edit->text();
  }
  return out;
}

QString CommandForm::scriptLine() const {
  return QStringLiteral("%1.%2(%3)").arg(spec_.target, spec_.command, arguments().join(QStringLiteral(", ")));
}

void CommandForm::setPreview(bool legal, const QString& text) {
  legal_ = legal;
  preview_->setText((legal ? QStringLiteral("\u2714 ") : QStringLiteral("\u2716 ")) + text);
  preview_->setStyleSheet(legal ? QStringLiteral("color: #00795A; font-weight: bold;")
                                : QStringLiteral("color: #C04E00;"));
}

QString CommandForm::previewText() const { return preview_->text(); }

bool CommandForm::liveApply() const { return live_ && live_->isChecked(); }

}  // namespace loopscape
