// SPDX-License-Identifier: Apache-2.0
#include "run_consent.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>

#include "cpp_program/cpp_build.h"
#include "run_consent_dialog.h"

namespace loopscape {

bool RunConsent::mayRun(const RunRequest& request, QWidget* parent) {
  if (!allowed_once_.isEmpty() && QFileInfo(allowed_once_) == QFileInfo(request.file)) {
    allowed_once_.clear();
    return true;
  }
  if (isTrustedFile(request.file)) return true;
  TrustAnswer answer = TrustAnswer::OpenWithoutRunning;
  if (prompt_) {
    answer = prompt_(request);
  } else {
    RunConsentDialog dialog(request, parent);
    dialog.exec();
    answer = dialog.answer();
  }
  if (answer == TrustAnswer::TrustFolder) trustFolder(QFileInfo(request.file).absolutePath());
  return answer != TrustAnswer::OpenWithoutRunning;
}

RunRequest RunConsent::programRequest(const QString& path, const CompileOptions& options) {
  RunRequest request;
  request.file = QFileInfo(path).absoluteFilePath();
  request.action = QObject::tr("build this C++ program against the engine and run it, to learn the loops it defines");
  QStringList build;
  for (const std::string& a : cpp_build_command(path.toStdString(), options)) build << QString::fromStdString(a);
  request.commands << QObject::tr("in %1:").arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()))
                   << build.join(QLatin1Char(' ')) << QStringLiteral("./%1").arg(QFileInfo(path).completeBaseName());
  return request;
}

}  // namespace loopscape
