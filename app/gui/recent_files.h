// SPDX-License-Identifier: Apache-2.0
#pragma once
// File › Open Recent and the start page's list: the files opened last, newest
// first, kept in the settings (missing ones are left out).
#include <QStringList>

namespace loopscape {

QStringList recentFiles();
void addRecentFile(const QString& path);

}  // namespace loopscape
