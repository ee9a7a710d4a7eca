// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Trust and Sandbox...: the folders whose code may run without asking
// (each removable), and how programs run (the sandbox switch, the limits).
#include <QDialog>

class QCheckBox;
class QListWidget;
class QSpinBox;

namespace loopscape {

class TrustSettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit TrustSettingsDialog(QWidget* parent = nullptr);

  QListWidget* folders() const { return folders_; }
  QCheckBox* sandboxSwitch() const { return sandbox_; }

  // Saves the sandbox settings (the folder list changes as it is edited).
  void apply();

 private:
  QListWidget* folders_;
  QCheckBox* sandbox_;
  QSpinBox* cpu_seconds_;
  QSpinBox* memory_mib_;
};

}  // namespace loopscape
