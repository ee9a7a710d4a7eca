// SPDX-License-Identifier: Apache-2.0
#include "recent_files.h"

#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace loopscape {

namespace {
constexpr int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("recentFiles");
}  // namespace

QStringList recentFiles() {
  QStringList files = QSettings().value(kRecentKey).toStringList();
  files.erase(std::remove_if(files.begin(), files.end(), [](const QString& f) { return !QFileInfo::exists(f); }),
              files.end());
  return files;
}

void addRecentFile(const QString& path) {
  QSettings settings;
  QStringList files = settings.value(kRecentKey).toStringList();
  files.removeAll(path);
  files.prepend(path);
  while (files.size() > kMaxRecent) files.removeLast();
  settings.setValue(kRecentKey, files);
}

}  // namespace loopscape
