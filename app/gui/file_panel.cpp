// SPDX-License-Identifier: Apache-2.0
#include "file_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "domain_plot.h"
#include "snapshot/snapshot.h"

namespace loopscape {

FilePanel::FilePanel(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel),
      description_(new QLabel),
      region_(new QLabel),
      plot_(new DomainPlot),
      plot_message_(new QLabel),
      report_(new QTextBrowser),
      add_include_button_(new QPushButton),
      run_declined_button_(new QPushButton(tr("Build and Run It\u2026"))) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(12, 8, 12, 8);
  title_->setObjectName(QStringLiteral("fileTitle"));
  QFont title_font = title_->font();
  title_font.setPointSizeF(title_font.pointSizeF() * 1.4);
  title_font.setBold(true);
  title_->setFont(title_font);
  description_->setObjectName(QStringLiteral("fileDescription"));
  description_->setWordWrap(true);
  region_->setObjectName(QStringLiteral("regionSummary"));
  region_->setStyleSheet(QStringLiteral("color: #0072B2;"));
  layout->addWidget(title_);
  layout->addWidget(description_);
  layout->addWidget(region_);
  layout->addSpacing(4);
  plot_->setObjectName(QStringLiteral("domainPlot"));
  layout->addWidget(plot_, 1);
  plot_message_->setObjectName(QStringLiteral("plotMessage"));
  plot_message_->setStyleSheet(QStringLiteral("color: #808080;"));
  plot_message_->setVisible(false);
  layout->addWidget(plot_message_);
  report_->setObjectName(QStringLiteral("reportPanel"));
  report_->setMaximumHeight(170);
  report_->setVisible(false);
  report_->setFrameShape(QFrame::StyledPanel);
  layout->addWidget(report_);
  add_include_button_->setObjectName(QStringLiteral("addIncludeButton"));
  add_include_button_->setVisible(false);
  layout->addWidget(add_include_button_, 0, Qt::AlignLeft);
  run_declined_button_->setObjectName(QStringLiteral("runDeclinedButton"));
  run_declined_button_->setVisible(false);
  layout->addWidget(run_declined_button_, 0, Qt::AlignLeft);
}

void FilePanel::showFile(const QString& title, const QString& description, const QString& region) {
  title_->setText(title);
  description_->setText(description);
  description_->setVisible(!description.isEmpty());
  region_->setText(region);
}

void FilePanel::setRegion(const QString& region) { region_->setText(region); }

void FilePanel::setPlotMessage(const QString& text) {
  plot_message_->setText(text);
  plot_message_->setVisible(!text.isEmpty());
}

void FilePanel::showReport(const QString& title, const QString& text, bool error, const QString& lead) {
  last_report_ = text;
  const QString lead_html = lead.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(lead.toHtmlEscaped());
  report_->setHtml(QStringLiteral("<p style='color:%1'><b>%2</b></p>%3<pre>%4</pre>")
                       .arg(error ? QStringLiteral("#C04E00") : QStringLiteral("#00795A"), title.toHtmlEscaped(),
                            lead_html, text.toHtmlEscaped()));
  report_->setVisible(true);
}

void FilePanel::clearReport() {
  last_report_.clear();
  report_->clear();
  report_->setVisible(false);
}

void FilePanel::showOpenedWithoutRunning(const QString& file) {
  setRegion(tr("A C++ program, opened without running: its loops come from building and running it."));
  // Lines broken by hand: the report panel keeps a compiler's layout.
  showReport(tr("Opened without running"),
             tr("%1 is shown as text only: its schedule tree, plots, dependences\n"
                "and code come from running it, which you declined.\n"
                "Nothing from %2 has run.\n\n"
                "To see them, build and run it (the button below), or trust its\n"
                "folder in File > Trust and Sandbox.")
                 .arg(QFileInfo(file).fileName(), QDir::toNativeSeparators(QFileInfo(file).absolutePath())),
             false);
  run_declined_button_->setVisible(true);
}

void FilePanel::offerIncludeDirectory(const QString& header, const QString& folder) {
  add_include_button_->setText(folder.isEmpty() ? tr("Add an include directory for %1\u2026").arg(header)
                                                : tr("Add %1 to the include directories (it holds %2)")
                                                      .arg(QDir::toNativeSeparators(folder), header));
  add_include_button_->setVisible(true);
}

void FilePanel::showPlot(const Snapshot* snapshot, const QString& empty) {
  if (!snapshot) {
    plot_->setPlotData(nullptr);
    setPlotMessage(empty);
    return;
  }
  const Snapshot& snap = *snapshot;
  if (snap.point_ranks.empty() && snap.pe_activity && !snap.point_firing.empty()) {
    // Colour by PE: the PE's place in the grid, row-major.
    const PeActivity& a = *snap.pe_activity;
    std::vector<int> pes(snap.point_firing.size(), -1);
    for (std::size_t k = 0; k < pes.size(); ++k) {
      if (snap.point_firing[k] < 0) continue;
      const std::vector<long>& pe = a.firings[static_cast<std::size_t>(snap.point_firing[k])].pe;
      long index = 0;
      for (std::size_t q = 0; q < pe.size(); ++q) index = index * (a.pe_upper[q] - a.pe_lower[q] + 1) + (pe[q] - a.pe_lower[q]);
      pes[k] = static_cast<int>(index);
    }
    plot_->setPlotData(snap.plot, std::move(pes), true);
  } else {
    plot_->setPlotData(snap.plot, snap.point_ranks);
  }
  setPlotMessage(QString::fromStdString(snap.plot_error));
}

}  // namespace loopscape
