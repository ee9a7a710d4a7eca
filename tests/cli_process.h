// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs loopscape-cli as a user would, and captures what it says.
#include <QProcess>
#include <QStringList>

#include <string>

namespace loopscape::testing {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline CliRun run_cli(const QStringList& args, const QString& working_dir = {}, int timeout_ms = 600000) {
  QProcess process;
  if (!working_dir.isEmpty()) process.setWorkingDirectory(working_dir);
  process.start(QStringLiteral(LOOPSCAPE_CLI), args);
  CliRun run;
  if (!process.waitForFinished(timeout_ms)) {
    process.kill();
    process.waitForFinished();
    run.err = "loopscape-cli did not finish in time";
    return run;
  }
  run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  run.out = process.readAllStandardOutput().toStdString();
  run.err = process.readAllStandardError().toStdString();
  return run;
}

}  // namespace loopscape::testing
