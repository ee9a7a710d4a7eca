// SPDX-License-Identifier: Apache-2.0
#include "trust.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "samples.h"

namespace loopscape {

namespace {

const QString kTrustedKey = QStringLiteral("trust/folders");

// The real folder (links resolved), so a link cannot borrow a trusted folder's name.
QString realFolder(const QString& folder) {
  const QString canonical = QFileInfo(folder).canonicalFilePath();
  return canonical.isEmpty() ? QDir::cleanPath(QFileInfo(folder).absoluteFilePath()) : canonical;
}

bool inside(const QString& file, const QString& folder) {
  if (folder.isEmpty()) return false;
  const QString f = realFolder(folder);
  return file == f || file.startsWith(f.endsWith(QLatin1Char('/')) ? f : f + QLatin1Char('/'));
}

}  // namespace

QStringList trustedFolders() { return QSettings().value(kTrustedKey).toStringList(); }

void trustFolder(const QString& folder) {
  QStringList folders = trustedFolders();
  const QString real = realFolder(folder);
  if (!folders.contains(real)) folders << real;
  QSettings().setValue(kTrustedKey, folders);
}

void untrustFolder(const QString& folder) {
  QStringList folders = trustedFolders();
  folders.removeAll(folder);
  folders.removeAll(realFolder(folder));
  QSettings().setValue(kTrustedKey, folders);
}

bool isTrustedFile(const QString& file) {
  const QString real = QFileInfo(file).canonicalFilePath();
  if (real.isEmpty()) return false;
  const QString samples = samplesDirectory();
  if (!samples.isEmpty() && (inside(real, samples) || inside(real, QDir(samples).filePath(QStringLiteral("../resources/lessons")))))
    return true;
  for (const QString& folder : trustedFolders())
    if (inside(real, folder)) return true;
  return false;
}

}  // namespace loopscape
