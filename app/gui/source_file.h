// SPDX-License-Identifier: Apache-2.0
#pragma once
// A C file as the window shows it: its text, its one-line description and where
// its scop region sits. Found by reading the text, before the engine parses it.
#include <QString>
#include <optional>

namespace loopscape {

struct SourceFile {
  QString path;         // absolute
  QString text;
  QString description;  // from a first-line `/* Loopscape sample: ... */` (or `// Loopscape sample: ...`), else empty
  int region_first = 0;  // 1-based line of `#pragma scop`, 0 when there is none
  int region_last = 0;   // 1-based line of `#pragma endscop`
  QString function;      // name of the function that holds the region, when found

  QString fileName() const;
  int lineCount() const;
  bool hasRegion() const { return region_first > 0 && region_last >= region_first; }
  // "Region: lines 4–9 in kernel()", or what stands in for one (a C++ program, none).
  QString regionSummary() const;
};

// Reads `path` as UTF-8; on failure returns nothing and sets `error`.
std::optional<SourceFile> loadSourceFile(const QString& path, QString* error);

// The text after `Loopscape sample:` in the first line's comment, trimmed.
QString sampleDescription(const QString& text);

}  // namespace loopscape
