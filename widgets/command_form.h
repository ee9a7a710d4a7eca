// SPDX-License-Identifier: Apache-2.0
#pragma once
// A small form for one command's arguments (loops, sizes, another statement),
// built from the command's typed parameters, with a live legality preview: green when
// the command is legal, red with the reason when it is not.
#include <QDialog>
#include <QStringList>
#include <vector>

#include "commands/parameters.h"

class QLabel;
class QCheckBox;
class QFormLayout;

namespace loopscape {

struct CommandFormSpec {
  QString command;    // "tile"
  QString target;     // "S1" or a node name
  // The fields, in order: the required parameters of the command's first syntax.
  std::vector<CommandParameter> parameters;
  QString summary;
  QStringList loops;       // loops of the target, outermost first
  QString selected_loop;   // preselected for the first loop argument
  QStringList statements;  // every statement (for statement arguments)
  QStringList nodes;       // every named node (for node arguments)
};

class CommandForm : public QDialog {
  Q_OBJECT

 public:
  explicit CommandForm(const CommandFormSpec& spec, QWidget* parent = nullptr);

  // The arguments as written in a script.
  QStringList arguments() const;
  QString scriptLine() const;
  // Sets the preview line: green when legal, red with the reason otherwise.
  void setPreview(bool legal, const QString& text);
  QString previewText() const;
  bool previewLegal() const { return legal_; }
  bool liveApply() const;

 Q_SIGNALS:
  // The arguments changed (preview them); `dragging` while a spin box moves.
  void argumentsChanged(const QStringList& arguments);
  // The form's "?": the user guide's page of `command`.
  void helpRequested(const QString& command);

 private:
  CommandFormSpec spec_;
  QList<QWidget*> fields_;
  QLabel* preview_;
  QCheckBox* live_ = nullptr;
  bool legal_ = false;
};

}  // namespace loopscape
