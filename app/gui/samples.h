// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the bundled samples are, and what they are.
#include <QList>
#include <QString>

namespace loopscape {

struct SampleInfo {
  QString path;
  QString name;         // file name, e.g. matmul.c
  QString description;  // from the sample's first line
};

// The samples folder: $LOOPSCAPE_SAMPLES_DIR, then next to the executable
// (build tree or installed share/loopscape/samples), then the source tree the
// binary was built from. Empty when none holds matmul.c.
QString samplesDirectory();

// The user guide's folder (docs/guide beside the samples folder, in the
// source tree and installed alike), or empty when it is not there.
QString userGuideDirectory();

// samples/matmul.c, or empty when no samples folder is found.
QString defaultSamplePath();

// Every *.c and *.cpp in `directory`, sorted by name.
QList<SampleInfo> listSamples(const QString& directory);

}  // namespace loopscape
