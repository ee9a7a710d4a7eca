// SPDX-License-Identifier: Apache-2.0
#pragma once
// Colours C source: keywords, types, preprocessor lines, comments, strings.
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <vector>

namespace loopscape {

class CHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  explicit CHighlighter(QTextDocument* document);

 protected:
  void highlightBlock(const QString& text) override;

 private:
  struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
  };
  void highlightBlockComments(const QString& text);

  std::vector<Rule> rules_;
  QTextCharFormat comment_;
};

}  // namespace loopscape
