// SPDX-License-Identifier: Apache-2.0
#include "c_highlighter.h"

namespace loopscape {

namespace {

// Okabe-Ito colours, darkened where needed for text on white.
QTextCharFormat textFormat(const QColor& colour, bool bold = false, bool italic = false) {
  QTextCharFormat format;
  format.setForeground(colour);
  if (bold) format.setFontWeight(QFont::Bold);
  format.setFontItalic(italic);
  return format;
}

constexpr int kInsideComment = 1;

}  // namespace

// Numbers keep the text's colour: each coloured run is shaped on its own, and
// a time-tiled nest's bounds hold hundreds of numbers (80 ms to paint
// seidel-2d's code after an undo, 3 ms without them; issue 24).
CHighlighter::CHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  const QTextCharFormat keyword = textFormat(QColor(0x00, 0x5A, 0x8C), true);
  const QTextCharFormat type = textFormat(QColor(0x00, 0x7A, 0x5E));
  const QTextCharFormat string = textFormat(QColor(0x8C, 0x3B, 0x6E));
  const QTextCharFormat preprocessor = textFormat(QColor(0x7A, 0x5C, 0x00));
  const QTextCharFormat scop = textFormat(QColor(0xC0, 0x4E, 0x00), true);
  comment_ = textFormat(QColor(0x70, 0x70, 0x70), false, true);

  rules_.push_back({QRegularExpression(QStringLiteral(
                        "\\b(for|if|else|while|do|return|break|continue|switch|case|default|"
                        "goto|sizeof|static|const|extern|inline|restrict|volatile|struct|"
                        "union|enum|typedef)\\b")),
                    keyword});
  rules_.push_back({QRegularExpression(QStringLiteral(
                        "\\b(void|char|short|int|long|float|double|signed|unsigned|_Bool|"
                        "size_t|int64_t|int32_t|uint8_t)\\b")),
                    type});
  rules_.push_back({QRegularExpression(QStringLiteral("\"(\\\\.|[^\"\\\\])*\"")), string});
  rules_.push_back({QRegularExpression(QStringLiteral("^\\s*#\\s*\\w+.*$")), preprocessor});
  rules_.push_back({QRegularExpression(QStringLiteral("^\\s*#\\s*pragma\\s+(end)?scop\\b.*$")), scop});
  rules_.push_back({QRegularExpression(QStringLiteral("//.*$")), comment_});
}

void CHighlighter::highlightBlock(const QString& text) {
  for (const Rule& rule : rules_) {
    auto matches = rule.pattern.globalMatch(text);
    while (matches.hasNext()) {
      const auto match = matches.next();
      setFormat(int(match.capturedStart()), int(match.capturedLength()), rule.format);
    }
  }
  highlightBlockComments(text);
}

// Block comments may span lines: the block state says whether one is open.
void CHighlighter::highlightBlockComments(const QString& text) {
  setCurrentBlockState(0);
  bool continued = previousBlockState() == kInsideComment;
  qsizetype start = continued ? 0 : text.indexOf(QLatin1String("/*"));
  while (start >= 0) {
    const qsizetype end = text.indexOf(QLatin1String("*/"), continued ? start : start + 2);
    const qsizetype length = end < 0 ? text.size() - start : end - start + 2;
    if (end < 0) setCurrentBlockState(kInsideComment);
    setFormat(int(start), int(length), comment_);
    start = end < 0 ? -1 : text.indexOf(QLatin1String("/*"), start + length);
    continued = false;
  }
}

}  // namespace loopscape
