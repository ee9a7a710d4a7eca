// SPDX-License-Identifier: Apache-2.0
#include "command_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace loopscape {

namespace {

// A repeated parameter (C1, C2, ...) gets two fields: the fewest that make sense.
std::vector<CommandParameter> fieldsOf(const std::vector<CommandParameter>& parameters) {
  std::vector<CommandParameter> out;
  for (const CommandParameter& p : parameters) {
    if (!p.repeats) {
      out.push_back(p);
      continue;
    }
    for (const char* k : {"1", "2"}) {
      CommandParameter one = p;
      one.name += k;
      one.repeats = false;
      out.push_back(one);
    }
  }
  return out;
}

}  // namespace

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
  for (const CommandParameter& parameter : fieldsOf(spec.parameters)) {
    QWidget* field = nullptr;
    switch (parameter.kind) {
      case ParameterKind::Loop: {
        auto* combo = new QComboBox;
        combo->addItems(spec_.loops);
        combo->setEditable(true);
        if (!spec_.loops.isEmpty()) combo->setCurrentIndex(std::min(loop_index++, int(spec_.loops.size()) - 1));
        connect(combo, &QComboBox::currentTextChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = combo;
        break;
      }
      case ParameterKind::Statement:
      case ParameterKind::Node: {
        const QStringList& names = parameter.kind == ParameterKind::Statement ? spec.statements : spec.nodes;
        auto* combo = new QComboBox;
        combo->addItems(names);
        combo->setEditable(parameter.kind == ParameterKind::Node);
        // Another statement or node than the target: the one after it.
        const int other = int(names.indexOf(spec.target));
        if (other >= 0 && names.size() > 1) combo->setCurrentIndex((other + 1) % int(names.size()));
        connect(combo, &QComboBox::currentTextChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = combo;
        break;
      }
      case ParameterKind::Size:
      case ParameterKind::Integer: {
        auto* spin = new QSpinBox;
        spin->setRange(parameter.kind == ParameterKind::Size ? 1 : -1024, 4096);
        spin->setValue(parameter.proposal.empty() ? 1 : std::stoi(parameter.proposal));
        connect(spin, &QSpinBox::valueChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = spin;
        has_integer = true;
        break;
      }
      default: {
        auto* edit = new QLineEdit;
        edit->setPlaceholderText(QString::fromStdString(parameter.what));
        connect(edit, &QLineEdit::textChanged, this, [this] { Q_EMIT argumentsChanged(arguments()); });
        field = edit;
        break;
      }
    }
    const QString name = QString::fromStdString(parameter.name);
    field->setToolTip(QStringLiteral("%1 (%2)").arg(QString::fromStdString(parameter.what),
                                                    QString::fromStdString(kind_name(parameter.kind))));
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
