// SPDX-License-Identifier: Apache-2.0
#include "help_browser.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>

namespace loopscape {

HelpBrowser::HelpBrowser(const QString& guide_directory, QWidget* parent)
    : QWidget(parent, Qt::Window), directory_(guide_directory), text_(new QTextBrowser(this)) {
  setWindowTitle(tr("Loopscape User Guide"));
  setObjectName(QStringLiteral("userGuide"));
  text_->setObjectName(QStringLiteral("userGuideText"));
  // Links between pages stay in the window; links to the web go to the browser.
  text_->setOpenLinks(true);
  text_->setOpenExternalLinks(true);
  text_->setSearchPaths({directory_});

  auto* toolbar = new QToolBar(this);
  toolbar->addAction(tr("Back"), text_, &QTextBrowser::backward);
  toolbar->addAction(tr("Forward"), text_, &QTextBrowser::forward);
  toolbar->addAction(tr("Contents"), this, [this] { showPage(QStringLiteral("README.md")); });

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(toolbar);
  layout->addWidget(text_);
  resize(900, 700);
}

bool HelpBrowser::showPage(const QString& page, const QStringList& find) {
  const QString path = QDir(directory_).filePath(page);
  if (!QFileInfo::exists(path)) return false;
  text_->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
  for (const QString& text : find) {
    text_->moveCursor(QTextCursor::Start);
    if (text_->find(text)) break;
  }
  return true;
}

QString HelpBrowser::currentPage() const {
  const QString path = text_->source().toLocalFile();
  return path.isEmpty() ? QString() : QDir(directory_).relativeFilePath(path);
}

QString HelpBrowser::selectedText() const { return text_->textCursor().selectedText(); }

}  // namespace loopscape
