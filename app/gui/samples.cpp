// SPDX-License-Identifier: Apache-2.0
#include "samples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include "source_file.h"

#ifndef LOOPSCAPE_SAMPLES_DIR
#define LOOPSCAPE_SAMPLES_DIR ""
#endif

namespace loopscape {

namespace {

const QString kDefaultSample = QStringLiteral("matmul.c");

QStringList candidateDirectories() {
  QStringList candidates;
  const QString from_environment = qEnvironmentVariable("LOOPSCAPE_SAMPLES_DIR");
  if (!from_environment.isEmpty()) candidates << from_environment;
  if (QCoreApplication::instance()) {
    const QDir exe(QCoreApplication::applicationDirPath());
    candidates << exe.filePath(QStringLiteral("samples"))
               << exe.filePath(QStringLiteral("../samples"))
               << exe.filePath(QStringLiteral("../../samples"))
               << exe.filePath(QStringLiteral("../share/loopscape/samples"));
  }
  candidates << QStringLiteral(LOOPSCAPE_SAMPLES_DIR);
  return candidates;
}

}  // namespace

QString samplesDirectory() {
  for (const QString& candidate : candidateDirectories()) {
    if (candidate.isEmpty()) continue;
    const QDir dir(candidate);
    if (dir.exists(kDefaultSample)) return dir.canonicalPath();
  }
  return {};
}

QString userGuideDirectory() {
  const QString samples = samplesDirectory();
  if (samples.isEmpty()) return {};
  const QDir guide(QDir(samples).filePath(QStringLiteral("../docs/guide")));
  return guide.exists(QStringLiteral("README.md")) ? guide.canonicalPath() : QString();
}

QString defaultSamplePath() {
  const QString dir = samplesDirectory();
  return dir.isEmpty() ? QString() : QDir(dir).filePath(kDefaultSample);
}

QList<SampleInfo> listSamples(const QString& directory) {
  QList<SampleInfo> samples;
  if (directory.isEmpty()) return samples;
  const QDir dir(directory);
  // C files and C++ programs (Tiramisu's Layer I, lappy): both open the same way.
  const QStringList names = dir.entryList({QStringLiteral("*.c"), QStringLiteral("*.cpp")}, QDir::Files, QDir::Name);
  for (const QString& name : names) {
    SampleInfo info;
    info.path = dir.filePath(name);
    info.name = name;
    if (const auto source = loadSourceFile(info.path, nullptr)) info.description = source->description;
    samples.append(info);
  }
  return samples;
}

}  // namespace loopscape
