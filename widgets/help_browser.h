// SPDX-License-Identifier: Apache-2.0
#pragma once
// The user guide in a window of its own: the Markdown pages of docs/guide
// (installed with the app), read offline, linked to each other, with back,
// forward and home.
#include <QString>
#include <QWidget>

class QTextBrowser;

namespace loopscape {

class HelpBrowser : public QWidget {
  Q_OBJECT

 public:
  // `guide_directory` holds README.md (the guide's contents) and its pages.
  explicit HelpBrowser(const QString& guide_directory, QWidget* parent = nullptr);

  // Shows `page` (a file name relative to the guide folder, "commands.md")
  // and scrolls to the first occurrence of the first text of `find` that the
  // page holds, selected. False when the page is not there.
  bool showPage(const QString& page, const QStringList& find = {});
  // The page shown, relative to the guide folder ("" before any).
  QString currentPage() const;
  // The selected text (what `find` found).
  QString selectedText() const;

 private:
  QString directory_;
  QTextBrowser* text_;
};

}  // namespace loopscape
