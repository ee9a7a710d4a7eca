// SPDX-License-Identifier: Apache-2.0
#include "autosave.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace loopscape {

namespace {

const QString kPrefix = QStringLiteral("autosave-");

QString lockPathFor(const QString& autosave) {
  QString path = autosave;
  path.chop(int(QStringLiteral(".json").size()));
  return path + QStringLiteral(".lock");
}

}  // namespace

Autosave::Autosave(const QString& directory) : directory_(directory) {
  QDir().mkpath(directory_);
  // The start time keeps a new process that got a dead one's pid off its file.
  path_ = QDir(directory_).filePath(QStringLiteral("%1%2-%3.json")
                                        .arg(kPrefix)
                                        .arg(QCoreApplication::applicationPid())
                                        .arg(QDateTime::currentMSecsSinceEpoch()));
  lock_ = std::make_unique<QLockFile>(lockPathFor(path()));
  // Age alone never makes a lock stale: a session may stay open for days.
  lock_->setStaleLockTime(0);
  lock_->tryLock(0);
  removeStaleLocks();
}

// A window killed before its first autosave leaves only its lock behind.
void Autosave::removeStaleLocks() const {
  const QDir dir(directory_);
  for (const QFileInfo& file : dir.entryInfoList({kPrefix + QStringLiteral("*.lock")}, QDir::Files)) {
    QString json = file.absoluteFilePath();
    json.chop(int(QStringLiteral(".lock").size()));
    json += QStringLiteral(".json");
    if (QFileInfo::exists(json)) continue;
    QLockFile lock(file.absoluteFilePath());
    lock.setStaleLockTime(0);
    if (lock.tryLock(0)) lock.unlock();  // its owner is gone: unlocking removes it
  }
}

Autosave::~Autosave() = default;

QString Autosave::defaultDirectory() {
  const QString custom = qEnvironmentVariable("LOOPSCAPE_DATA_DIR");
  if (!custom.isEmpty()) return custom;
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

bool Autosave::write(const QByteArray& bytes, QString* error) {
  if (bytes == written_ && QFileInfo::exists(path())) return true;
  QSaveFile out(path());
  if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path(), out.errorString());
    return false;
  }
  written_ = bytes;
  return true;
}

void Autosave::remove() {
  QFile::remove(path());
  written_.clear();
  if (lock_) lock_->unlock();
}

QStringList Autosave::orphans() const {
  QStringList out;
  const QDir dir(directory_);
  const QFileInfoList files =
      dir.entryInfoList({kPrefix + QStringLiteral("*.json")}, QDir::Files, QDir::Time);  // newest first
  for (const QFileInfo& file : files) {
    if (file.absoluteFilePath() == QFileInfo(path()).absoluteFilePath()) continue;
    // The lock of a window that is still running is held (its process is alive).
    QLockFile lock(lockPathFor(file.absoluteFilePath()));
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0)) continue;
    lock.unlock();
    out << file.absoluteFilePath();
  }
  return out;
}

QString Autosave::claim(const QString& orphan) const {
  const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
  const QString target = QDir(directory_).filePath(QStringLiteral("recovered-%1.loopscape.json").arg(stamp));
  if (!QFile::rename(orphan, target)) return {};
  QFile::remove(lockPathFor(orphan));
  return target;
}

void Autosave::discard(const QString& orphan) {
  QFile::remove(orphan);
  QFile::remove(lockPathFor(orphan));
}

}  // namespace loopscape
