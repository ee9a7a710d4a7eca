// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether code that came with a file may run now: its folder is trusted
// (trust.h), the user let this one file run just before, or the user says so
// when asked (RunConsentDialog, or the answer tests give instead).
#include <QString>

#include <functional>

#include "model/program.h"
#include "trust.h"

class QWidget;

namespace loopscape {

class RunConsent {
 public:
  using Prompt = std::function<TrustAnswer(const RunRequest&)>;

  // Who answers instead of the dialog (tests); empty: the dialog asks.
  void setPrompt(Prompt prompt) { prompt_ = std::move(prompt); }
  // The next request for `file` runs without asking (the user just agreed).
  void allowOnce(const QString& file) { allowed_once_ = file; }
  // Asks when it must, over `parent`; "trust the folder" is remembered.
  bool mayRun(const RunRequest& request, QWidget* parent);

  // What opening the C++ program `path` builds and runs, for the question.
  static RunRequest programRequest(const QString& path, const CompileOptions& options);

 private:
  Prompt prompt_;
  QString allowed_once_;
};

}  // namespace loopscape
