// SPDX-License-Identifier: Apache-2.0
#pragma once
// The commands the window offers where the user points: the menu of a
// statement, a loop or a tree node (commands that cannot apply there wait
// disabled with their reason), the Transform menu, and each command's form
// with its live legality preview. What a form applies goes to the
// SessionController.
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

#include "selection.h"
#include "snapshot/snapshot.h"

class QMenu;
class QWidget;

namespace loopscape {

class CommandAvailability;
class DomainPlot;
class WindowDocks;
class CommandForm;
class EngineWorker;
class SessionController;

class CommandMenus : public QObject {
  Q_OBJECT

 public:
  // Forms open over `window`.
  CommandMenus(EngineWorker* worker, SessionController* session, QWidget* window);

  // The step shown, and which commands apply to it (computed after it).
  void setSnapshot(std::shared_ptr<const Snapshot> snapshot) { snapshot_ = std::move(snapshot); }
  // Right-clicks on the plot (a point, or empty space), a tree node and a
  // loop in the code open the menu of what is there.
  void offerIn(WindowDocks* docks, DomainPlot* plot);
  void setAvailability(std::shared_ptr<const CommandAvailability> availability) {
    availability_ = std::move(availability);
  }

  // The commands a right-click on `selection` offers (`node_name`: a tree
  // node's commands), as a menu whose actions open the command's form.
  QMenu* commandMenu(const Selection& selection, const QString& node_name = {}, QWidget* parent = nullptr);
  // For one statement, one submenu per loop of it (that loop preselected),
  // then its commands; for several, one such menu per statement.
  QMenu* statementCommandMenu(const QStringList& statements, QWidget* parent = nullptr);
  // Opens the form for `command` on the selection; applies it when accepted.
  void runCommand(const QString& command, const Selection& selection, const QString& node_name = {});
  // Every statement command into `menu`, applied to what `selection` returns then.
  void fillTransformMenu(QMenu* menu, const std::function<Selection()>& selection);
  // The loops of `statement` in the step shown, outermost first.
  QStringList loopsOf(const QString& statement) const;
  // Tests: forms accept at once with their default arguments (after the preview).
  void setFormsAutoAccept(bool on) { auto_accept_ = on; }

 Q_SIGNALS:
  // A form's "?": the user guide's `page`, at the first of `find` it holds.
  void helpRequested(const QString& page, const QStringList& find);

 private:
  EngineWorker* worker_;
  SessionController* session_;
  QWidget* window_;
  std::shared_ptr<const Snapshot> snapshot_;
  std::shared_ptr<const CommandAvailability> availability_;
  QPointer<CommandForm> open_form_;
  bool auto_accept_ = false;
};

}  // namespace loopscape
