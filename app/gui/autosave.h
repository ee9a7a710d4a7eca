// SPDX-License-Identifier: Apache-2.0
#pragma once
// The autosave: each running window keeps its session in
// DIR/autosave-<pid>-<start time>.json (rewritten atomically after every change) and holds
// DIR/autosave-<pid>-<start time>.lock while it runs. A clean quit removes both. An
// autosave whose lock nobody holds was left by a crash or a kill: the next
// start offers to restore it. DIR is $LOOPSCAPE_DATA_DIR, else the platform's
// application data folder (~/.local/share/Loopscape/Loopscape on Linux).
#include <QLockFile>
#include <QString>
#include <QStringList>
#include <memory>

namespace loopscape {

class Autosave {
 public:
  explicit Autosave(const QString& directory = defaultDirectory());
  ~Autosave();
  Autosave(const Autosave&) = delete;
  Autosave& operator=(const Autosave&) = delete;

  static QString defaultDirectory();

  const QString& directory() const { return directory_; }
  // This process's autosave file.
  const QString& path() const { return path_; }
  // Writes `bytes` to path() atomically; skips the write when they are what is
  // there already. On failure sets `error`.
  bool write(const QByteArray& bytes, QString* error = nullptr);
  // A clean quit: the autosave and its lock go.
  void remove();

  // Autosaves of windows that did not quit cleanly (nobody holds their lock), newest first.
  QStringList orphans() const;
  // Moves an orphan out of the autosave's way, to DIR/recovered-<time>.loopscape.json,
  // so that restoring it cannot lose it; returns the new path (empty on failure).
  QString claim(const QString& orphan) const;
  // Deletes an orphan (the user chose not to restore it).
  static void discard(const QString& orphan);

 private:
  void removeStaleLocks() const;

  QString directory_;
  QString path_;
  std::unique_ptr<QLockFile> lock_;
  QByteArray written_;
};

}  // namespace loopscape
