// SPDX-License-Identifier: Apache-2.0
#include "run_consent_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "runner/sandbox.h"

namespace loopscape {

RunConsentDialog::RunConsentDialog(const RunRequest& request, QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("runConsentDialog"));
  setWindowTitle(tr("Run code from this folder?"));
  auto* layout = new QVBoxLayout(this);
  const QString folder = QDir::toNativeSeparators(QFileInfo(request.file).absolutePath());
  auto* intro = new QLabel(tr("<p><b>%1</b> comes from <b>%2</b>, a folder you have not trusted.</p>"
                              "<p>To go on, Loopscape will %3. Code from a downloaded example, a shared "
                              "exercise or a classmate's solution can do anything a program can.</p>")
                               .arg(QFileInfo(request.file).fileName().toHtmlEscaped(), folder.toHtmlEscaped(),
                                    request.action.toHtmlEscaped()));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* commands = new QPlainTextEdit(request.commands.join(QLatin1Char('\n')));
  commands->setObjectName(QStringLiteral("runConsentCommands"));
  commands->setReadOnly(true);
  commands->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  commands->setMaximumHeight(110);
  layout->addWidget(commands);
  auto* sandbox = new QLabel(tr("It will run %1.").arg(QString::fromStdString(describe_sandbox()).toHtmlEscaped()));
  sandbox->setObjectName(QStringLiteral("runConsentSandbox"));
  sandbox->setWordWrap(true);
  layout->addWidget(sandbox);

  auto* buttons = new QDialogButtonBox;
  QPushButton* once = buttons->addButton(tr("Run Once"), QDialogButtonBox::AcceptRole);
  QPushButton* trust = buttons->addButton(tr("Trust Folder"), QDialogButtonBox::AcceptRole);
  QPushButton* without = buttons->addButton(tr("Open Without Running"), QDialogButtonBox::RejectRole);
  once->setObjectName(QStringLiteral("runOnceButton"));
  trust->setObjectName(QStringLiteral("trustFolderButton"));
  trust->setToolTip(tr("Run code from %1 and the folders in it from now on (File > Trust and Sandbox lists it)")
                        .arg(folder));
  without->setObjectName(QStringLiteral("openWithoutRunningButton"));
  connect(once, &QPushButton::clicked, this, [this] { answer_ = TrustAnswer::RunOnce; accept(); });
  connect(trust, &QPushButton::clicked, this, [this] { answer_ = TrustAnswer::TrustFolder; accept(); });
  connect(without, &QPushButton::clicked, this, [this] { answer_ = TrustAnswer::OpenWithoutRunning; reject(); });
  layout->addWidget(buttons);
  // Enter does not run anything: only the safe answer is a default.
  once->setAutoDefault(false);
  trust->setAutoDefault(false);
  without->setDefault(true);
  resize(620, sizeHint().height());
}

}  // namespace loopscape
