// SPDX-License-Identifier: Apache-2.0
#include "compiler_options_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace loopscape {

namespace {

QString lines(const std::vector<std::string>& values) {
  QStringList out;
  for (const std::string& v : values) out << QString::fromStdString(v);
  return out.join(QLatin1Char('\n'));
}

std::vector<std::string> values(const QPlainTextEdit* edit) {
  std::vector<std::string> out;
  for (const QString& line : edit->toPlainText().split(QLatin1Char('\n'))) {
    QString v = line.trimmed();
    if (v.startsWith(QStringLiteral("-I")) || v.startsWith(QStringLiteral("-D"))) v = v.mid(2).trimmed();
    if (!v.isEmpty()) out.push_back(v.toStdString());
  }
  return out;
}

}  // namespace

CompilerOptionsDialog::CompilerOptionsDialog(const QString& file, const CompileOptions& options, const QString& note,
                                             QWidget* parent)
    : QDialog(parent), file_(file) {
  setWindowTitle(tr("Compiler Options \u2014 %1").arg(QFileInfo(file).fileName()));
  setObjectName(QStringLiteral("compilerOptionsDialog"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("How %1 is analysed, as a compiler would take it. The options are saved with the "
                              "session and remembered for this file.")
                               .arg(QFileInfo(file).fileName()));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  if (!note.isEmpty()) {
    auto* from = new QLabel(tr("Now: %1.").arg(note));
    from->setObjectName(QStringLiteral("optionsNote"));
    from->setWordWrap(true);
    layout->addWidget(from);
  }
  auto* form = new QFormLayout;
  includes_ = new QPlainTextEdit(lines(options.include_dirs));
  includes_->setObjectName(QStringLiteral("includeDirectories"));
  includes_->setPlaceholderText(tr("one folder per line (-I)"));
  auto* add = new QPushButton(tr("Add Folder\u2026"));
  connect(add, &QPushButton::clicked, this, &CompilerOptionsDialog::addFolder);
  auto* includes_box = new QVBoxLayout;
  includes_box->addWidget(includes_);
  includes_box->addWidget(add, 0, Qt::AlignLeft);
  form->addRow(tr("Include directories:"), includes_box);
  defines_ = new QPlainTextEdit(lines(options.defines));
  defines_->setObjectName(QStringLiteral("defines"));
  defines_->setPlaceholderText(tr("NAME or NAME=VALUE, one per line (-D), e.g. MINI_DATASET"));
  form->addRow(tr("Macro definitions:"), defines_);
  function_ = new QLineEdit(QString::fromStdString(options.function));
  function_->setObjectName(QStringLiteral("function"));
  function_->setPlaceholderText(tr("empty: the #pragma scop region"));
  form->addRow(tr("Whole function:"), function_);
  layout->addLayout(form);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Analyse"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(560, 420);
}

CompileOptions CompilerOptionsDialog::options() const {
  CompileOptions options;
  options.include_dirs = values(includes_);
  options.defines = values(defines_);
  options.function = function_->text().trimmed().toStdString();
  return options;
}

void CompilerOptionsDialog::addFolder() {
  const QString folder =
      QFileDialog::getExistingDirectory(this, tr("Include directory"), QFileInfo(file_).absolutePath());
  if (folder.isEmpty()) return;
  QString text = includes_->toPlainText().trimmed();
  includes_->setPlainText(text.isEmpty() ? folder : text + QLatin1Char('\n') + folder);
}

}  // namespace loopscape
