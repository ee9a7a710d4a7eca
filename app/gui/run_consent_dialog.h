// SPDX-License-Identifier: Apache-2.0
#pragma once
// The question before the window builds or runs code from a folder the user
// has not trusted: what will run (the file, the commands, the sandbox), and
// three answers: run it this once, trust the folder, open without running.
#include <QDialog>

#include "trust.h"

namespace loopscape {

class RunConsentDialog : public QDialog {
  Q_OBJECT

 public:
  explicit RunConsentDialog(const RunRequest& request, QWidget* parent = nullptr);
  TrustAnswer answer() const { return answer_; }

 private:
  TrustAnswer answer_ = TrustAnswer::OpenWithoutRunning;
};

}  // namespace loopscape
