// SPDX-License-Identifier: Apache-2.0
#include "command_menus.h"
#include "qt_text.h"

#include <QAction>
#include <QHash>
#include <QKeySequence>
#include <QMenu>

#include <algorithm>
#include <memory>

#include "code_view.h"
#include "command_form.h"
#include "commands/availability.h"
#include "domain_plot.h"
#include "engine_worker.h"
#include "schedule_tree_view.h"
#include "session/script.h"
#include "session_controller.h"
#include "window_docks.h"

namespace loopscape {

namespace {

QString shortcutFor(const QString& command) {
  static const QHash<QString, QString> keys{
      {QStringLiteral("tile"), QStringLiteral("T")},          {QStringLiteral("interchange"), QStringLiteral("I")},
      {QStringLiteral("parallelize"), QStringLiteral("P")},   {QStringLiteral("skew"), QStringLiteral("S")},
      {QStringLiteral("unroll"), QStringLiteral("U")},        {QStringLiteral("vectorize"), QStringLiteral("V")},
      {QStringLiteral("loop_reversal"), QStringLiteral("R")}, {QStringLiteral("shift"), QStringLiteral("H")},
      {QStringLiteral("fuse"), QStringLiteral("F")},          {QStringLiteral("split"), QStringLiteral("L")},
      {QStringLiteral("distribute"), QStringLiteral("D")},    {QStringLiteral("gpu"), QStringLiteral("G")},
  };
  return keys.value(command);
}


}  // namespace

CommandMenus::CommandMenus(EngineWorker* worker, SessionController* session, QWidget* window)
    : QObject(window), worker_(worker), session_(session), window_(window) {
  connect(worker_, &EngineWorker::previewReady, this, [this](const PreviewResult& result) {
    if (open_form_) open_form_->setPreview(result.legal, result.text);
  });
}

void CommandMenus::offerIn(WindowDocks* docks, DomainPlot* plot) {
  auto popup = [](QMenu* menu, const QPoint& at) {
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(at);
  };
  connect(plot, &DomainPlot::contextMenuRequested, this,
          [this, plot, popup](const QString& statement, const QList<qint64>&, const QPoint& at) {
            // On a point: its statement. On empty space: the statements in sight.
            const QStringList statements = statement.isEmpty() ? plot->shownStatements() : QStringList{statement};
            QMenu* menu = statementCommandMenu(statements, window_);
            menu->setObjectName(QStringLiteral("plotCommandMenu"));
            popup(menu, at);
          });
  connect(docks->tree, &ScheduleTreeView::contextMenuRequested, this, [this, docks, popup](int node, const QPoint& at) {
    if (!snapshot_ || node < 0) return;
    const TreeNodeInfo& info = snapshot_->tree[static_cast<std::size_t>(node)];
    popup(commandMenu(docks->tree->selectionForNode(node), qs(info.name), window_), at);
  });
  connect(docks->code, &CodeView::loopContextMenuRequested, this,
          [this, popup](const Selection& s, const QPoint& at) { popup(commandMenu(s, {}, window_), at); });
}

void CommandMenus::fillTransformMenu(QMenu* menu, const std::function<Selection()>& selection) {
  for (const Command* command : all_commands()) {
    if (command->target() == CommandTarget::Node) continue;
    const QString name = qs(command->name());
    QAction* action = menu->addAction(name + QStringLiteral("\u2026"), this, [this, name, selection] {
      runCommand(name, selection());
    });
    const QString key = shortcutFor(name);
    if (!key.isEmpty()) action->setShortcut(QKeySequence(key));
    action->setToolTip(qs(command->signature()) + QStringLiteral("\n") + qs(command->summary()));
    action->setStatusTip(qs(command->summary()));
    action->setObjectName(QStringLiteral("transform_") + name);
  }
}

QStringList CommandMenus::loopsOf(const QString& statement) const {
  QStringList loops;
  if (!snapshot_ || snapshot_->tree.empty()) return loops;
  // The band members on the path from the root to the statement's leaf.
  const std::string name = statement.toStdString();
  int node = 0;
  while (node >= 0) {
    const TreeNodeInfo& info = snapshot_->tree[static_cast<std::size_t>(node)];
    if (info.kind == "band")
      for (const std::string& m : info.members)
        if (!m.empty()) loops << qs(m);
    int next = -1;
    for (int child : info.children) {
      const auto& st = snapshot_->tree[static_cast<std::size_t>(child)].statements;
      if (std::find(st.begin(), st.end(), name) != st.end()) {
        next = child;
        break;
      }
    }
    node = next;
  }
  if (loops.isEmpty()) {
    const int k = snapshot_->statementIndex(name);
    if (k >= 0)
      for (const auto& l : snapshot_->statements[static_cast<std::size_t>(k)].loops) loops << qs(l);
  }
  return loops;
}

QMenu* CommandMenus::commandMenu(const Selection& selection, const QString& node_name, QWidget* parent) {
  auto* menu = new QMenu(parent);
  menu->setToolTipsVisible(true);
  const QString statement = selection.statements.isEmpty() ? QString() : selection.statements.first();
  if (!statement.isEmpty()) {
    QString heading = selection.loop.isEmpty() ? statement : tr("%1, loop %2").arg(statement, selection.loop);
    menu->addSection(heading);
  }
  QMenu* unavailable = nullptr;  // made for the first command that cannot apply here
  for (const Command* command : all_commands()) {
    const bool node_form = command->target() == CommandTarget::Node;
    if (node_form && node_name.isEmpty()) continue;
    if (!node_form && statement.isEmpty()) continue;
    const QString name = qs(command->name());
    const QString reason = node_form || !availability_
                               ? QString()
                               : qs(availability_->reason(command->name(), statement.toStdString(),
                                                          selection.loop.toStdString()));
    if (!reason.isEmpty()) {
      if (!unavailable) {
        unavailable = new QMenu(tr("Not available here"), menu);
        unavailable->setObjectName(QStringLiteral("unavailableCommands"));
        unavailable->setToolTipsVisible(true);
      }
      // Disabled, yet listed: the reason says what to do first.
      QAction* action = unavailable->addAction(name);
      action->setObjectName(QStringLiteral("command_") + name);
      action->setEnabled(false);
      action->setToolTip(reason);
      action->setStatusTip(tr("%1: %2").arg(name, reason));
      continue;
    }
    QAction* action = menu->addAction(name + QStringLiteral("\u2026"));
    action->setObjectName(QStringLiteral("command_") + name);
    action->setToolTip(qs(command->signature()) + QStringLiteral("\n") + qs(command->summary()));
    const QString key = shortcutFor(name);
    if (!key.isEmpty()) action->setShortcut(QKeySequence(key));
    connect(action, &QAction::triggered, this, [this, name, selection, node_name, node_form] {
      runCommand(name, selection, node_form ? node_name : QString());
    });
  }
  if (unavailable) {
    menu->addSeparator();
    menu->addMenu(unavailable);
  }
  if (menu->isEmpty()) menu->addAction(tr("(no commands apply here)"))->setEnabled(false);
  return menu;
}

QMenu* CommandMenus::statementCommandMenu(const QStringList& statements, QWidget* parent) {
  if (statements.size() != 1) {
    auto* menu = new QMenu(parent);
    for (const QString& statement : statements) {
      QMenu* sub = statementCommandMenu({statement}, menu);
      sub->setTitle(statement);
      sub->setObjectName(QStringLiteral("statement_") + statement);
      menu->addMenu(sub);
    }
    if (menu->isEmpty()) menu->addAction(tr("(no statement shown here)"))->setEnabled(false);
    return menu;
  }
  const QString statement = statements.first();
  QMenu* menu = commandMenu(Selection{{statement}, {}, -1}, {}, parent);
  const QStringList loops = loopsOf(statement);
  // The loops above the long list of commands, where a glance finds them.
  QAction* commands = menu->actions().value(0);
  if (!loops.isEmpty()) menu->insertSection(commands, tr("At one loop of %1").arg(statement));
  for (const QString& loop : loops) {
    QMenu* sub = commandMenu(Selection{{statement}, loop, -1}, {}, menu);
    sub->setTitle(tr("loop %1").arg(loop));
    sub->setObjectName(QStringLiteral("loop_") + loop);
    menu->insertMenu(commands, sub);
  }
  return menu;
}

void CommandMenus::runCommand(const QString& command_name, const Selection& selection, const QString& node_name) {
  const CommandTarget kind = node_name.isEmpty() ? CommandTarget::Statement : CommandTarget::Node;
  const Command* command = find_command(command_name.toStdString(), kind);
  if (!command || !snapshot_) return;
  CommandFormSpec spec;
  spec.command = command_name;
  spec.target = node_name.isEmpty() ? (selection.statements.isEmpty() ? QString() : selection.statements.first()) : node_name;
  if (spec.target.isEmpty()) return;
  spec.parameters = command->syntaxes().front().required;
  spec.summary = qs(command->summary());
  spec.loops = loopsOf(selection.statements.isEmpty() ? QString() : selection.statements.first());
  spec.selected_loop = selection.loop;
  for (const StatementInfo& s : snapshot_->statements) spec.statements << qs(s.name);
  for (const TreeNodeInfo& n : snapshot_->tree)
    if (!n.name.empty()) spec.nodes << qs(n.name);

  auto* form = new CommandForm(spec, window_);
  open_form_ = form;
  // The command's row in the guide's tables: "S.tile(" for statements, "N.fuse(" for nodes.
  connect(form, &CommandForm::helpRequested, this, [this](const QString& command) {
    Q_EMIT helpRequested(QStringLiteral("commands.md"), {QStringLiteral("S.%1(").arg(command), QStringLiteral("N.%1(").arg(command),
                                                         QStringLiteral(".%1(").arg(command)});
  });
  static int next_merge_key = 0;
  const int merge_key = next_merge_key++;
  auto makeCall = [spec, form] {
    std::vector<std::string> args;
    for (const QString& a : form->arguments()) args.push_back(a.toStdString());
    return make_call(spec.target.toStdString(), spec.command.toStdString(), args);
  };
  auto applied_live = std::make_shared<bool>(false);
  connect(form, &CommandForm::argumentsChanged, this, [this, form, makeCall, merge_key, applied_live] {
    worker_->preview(makeCall());
    if (form->liveApply()) {
      session_->apply(makeCall(), merge_key);
      *applied_live = true;
    }
  });
  worker_->preview(makeCall());
  if (auto_accept_) {
    worker_->waitForIdle();
    form->accept();
  }
  const int answer = auto_accept_ ? QDialog::Accepted : form->exec();
  if (answer == QDialog::Accepted && !(form->liveApply() && *applied_live))
    session_->apply(makeCall());
  form->hide();
  form->deleteLater();
}

}  // namespace loopscape
