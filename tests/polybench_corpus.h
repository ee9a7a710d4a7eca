// SPDX-License-Identifier: Apache-2.0
#pragma once
// The PolyBench/C 4.2 stand-in corpus (tests/data/polybench): its folder and
// the kernels kernels.txt lists, as paths relative to that folder.
#include <QFile>
#include <QString>
#include <QStringList>

namespace loopscape::testing {

inline const QString kPolybenchCorpus = QStringLiteral(LOOPSCAPE_TEST_DATA "/polybench");

inline QStringList polybench_kernels() {
  QFile list(kPolybenchCorpus + "/kernels.txt");
  if (!list.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  QStringList out;
  for (const QByteArray& line : list.readAll().split('\n'))
    if (!line.trimmed().isEmpty() && !line.startsWith('#')) out << QString::fromUtf8(line.trimmed());
  return out;
}

}  // namespace loopscape::testing
