// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading and writing a test's text files whole (UTF-8).
#include <QFile>
#include <QString>

inline QString readText(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

inline bool writeText(const QString& path, const QString& text) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text.toUtf8()) >= 0;
}
