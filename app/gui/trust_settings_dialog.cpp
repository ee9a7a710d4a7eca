// SPDX-License-Identifier: Apache-2.0
#include "trust_settings_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "runner/sandbox.h"
#include "sandbox_preferences.h"
#include "trust.h"

namespace loopscape {

TrustSettingsDialog::TrustSettingsDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("trustSettingsDialog"));
  setWindowTitle(tr("Trust and Sandbox"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Code from these folders (C++ programs, lessons whose checks run their kernel) "
                              "builds and runs without asking. The bundled samples and lessons are always trusted."));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  folders_ = new QListWidget;
  folders_->setObjectName(QStringLiteral("trustedFolders"));
  folders_->addItems(trustedFolders());
  layout->addWidget(folders_);
  auto* remove = new QPushButton(tr("Remove"));
  remove->setObjectName(QStringLiteral("removeTrustedFolder"));
  remove->setEnabled(false);
  connect(folders_, &QListWidget::currentRowChanged, remove, [remove](int row) { remove->setEnabled(row >= 0); });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (QListWidgetItem* item = folders_->currentItem()) {
      untrustFolder(item->text());
      delete item;
    }
  });
  layout->addWidget(remove, 0, Qt::AlignLeft);

  const SandboxSettings settings = sandbox_settings();
  sandbox_ = new QCheckBox(tr("Run programs in a sandbox: no network, your files read-only"));
  sandbox_->setObjectName(QStringLiteral("sandboxSwitch"));
  sandbox_->setChecked(settings.enabled);
  sandbox_->setEnabled(!qEnvironmentVariableIsSet("LOOPSCAPE_SANDBOX"));
  layout->addWidget(sandbox_);
  const SandboxAvailability& available = sandbox_availability();
  auto* state = new QLabel(available.available
                               ? tr("bubblewrap is in place.")
                               : tr("Programs cannot be sandboxed here: %1. They run with the limits below only.")
                                     .arg(QString::fromStdString(available.reason)));
  if (qEnvironmentVariableIsSet("LOOPSCAPE_SANDBOX"))
    state->setText(state->text() + tr(" LOOPSCAPE_SANDBOX=%1 decides the switch.").arg(qEnvironmentVariable("LOOPSCAPE_SANDBOX")));
  state->setObjectName(QStringLiteral("sandboxState"));
  state->setWordWrap(true);
  layout->addWidget(state);
  auto* limits = new QFormLayout;
  cpu_seconds_ = new QSpinBox;
  cpu_seconds_->setRange(1, 24 * 3600);
  cpu_seconds_->setSuffix(tr(" s"));
  cpu_seconds_->setValue(static_cast<int>(settings.cpu_seconds));
  limits->addRow(tr("CPU time of each process:"), cpu_seconds_);
  memory_mib_ = new QSpinBox;
  memory_mib_->setRange(0, 1 << 20);
  memory_mib_->setSuffix(tr(" MiB"));
  memory_mib_->setSpecialValueText(tr("half the machine's memory"));
  memory_mib_->setValue(static_cast<int>(settings.memory_bytes >> 20));
  limits->addRow(tr("Memory of each process:"), memory_mib_);
  layout->addLayout(limits);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    apply();
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(560, 420);
}

void TrustSettingsDialog::apply() {
  SandboxSettings settings = sandbox_settings();
  settings.enabled = sandbox_->isChecked();
  settings.cpu_seconds = cpu_seconds_->value();
  settings.memory_bytes = static_cast<std::uint64_t>(memory_mib_->value()) << 20;
  saveSandboxSettings(settings);
}

}  // namespace loopscape
