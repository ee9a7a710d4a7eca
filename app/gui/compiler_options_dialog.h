// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Compiler Options...: the include directories, macro definitions and
// function a C file is analysed with, as a compiler takes them.
#include <QDialog>

#include "model/program.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace loopscape {

class CompilerOptionsDialog : public QDialog {
  Q_OBJECT

 public:
  CompilerOptionsDialog(const QString& file, const CompileOptions& options, const QString& note,
                        QWidget* parent = nullptr);
  CompileOptions options() const;

  QPlainTextEdit* includeDirectories() const { return includes_; }
  QPlainTextEdit* defines() const { return defines_; }
  QLineEdit* function() const { return function_; }

 private:
  void addFolder();

  QString file_;
  QPlainTextEdit* includes_;
  QPlainTextEdit* defines_;
  QLineEdit* function_;
};

}  // namespace loopscape
