// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which folders the user trusts to build and run the code that comes with
// their files (C++ programs, lessons whose checks run the kernel, sessions
// whose source is a program), and asking when a folder is not trusted.
#include <QString>
#include <QStringList>

namespace loopscape {

// What the window is about to run, shown when it asks.
struct RunRequest {
  QString file;          // the file the code came with
  QString action;        // "build and run this C++ program"
  QStringList commands;  // the commands that will run, each as one line
};

enum class TrustAnswer { RunOnce, TrustFolder, OpenWithoutRunning };

// Bundled samples and lessons, and the folders the user trusted (and those
// inside them).
bool isTrustedFile(const QString& file);
QStringList trustedFolders();
void trustFolder(const QString& folder);
void untrustFolder(const QString& folder);

}  // namespace loopscape
