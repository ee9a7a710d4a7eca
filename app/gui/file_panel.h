// SPDX-License-Identifier: Apache-2.0
#pragma once
// The centre of the window while a file is open: its name, description and
// region above the domain plot, a line under the plot when there is nothing
// to draw, and the report panel (refusals, errors) with the buttons that act
// on what it says: add an include folder, build and run a program opened
// without running.
#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace loopscape {

class DomainPlot;
struct Snapshot;

class FilePanel : public QWidget {
  Q_OBJECT

 public:
  explicit FilePanel(QWidget* parent = nullptr);

  void showFile(const QString& title, const QString& description, const QString& region);
  // Only the line that says where the region is.
  void setRegion(const QString& region);
  // Under the plot: why it is empty ("" hides the line).
  void setPlotMessage(const QString& text);
  // The step's points on the plot, coloured by MPI rank or, for a systolic
  // array, by processing element; without a snapshot, `empty` says why not.
  void showPlot(const Snapshot* snapshot, const QString& empty);
  // The report panel: `title` in green, or in orange for an `error`; `lead`
  // (a repair hint, say) between the title and `text`.
  void showReport(const QString& title, const QString& text, bool error, const QString& lead = {});
  void clearReport();
  // A C++ program shown as text only (the user declined to run it): what is
  // missing and how to run it after all (the button).
  void showOpenedWithoutRunning(const QString& file);
  // After a missing header: the button that adds its include folder (`folder`
  // when one was found near the file, else one the user picks).
  void offerIncludeDirectory(const QString& header, const QString& folder);
  // The text of the report shown ("" when none).
  QString lastReport() const { return last_report_; }

  DomainPlot* plot() const { return plot_; }
  QTextBrowser* report() const { return report_; }
  QPushButton* addIncludeButton() const { return add_include_button_; }
  QPushButton* runDeclinedButton() const { return run_declined_button_; }

 private:
  QLabel* title_;
  QLabel* description_;
  QLabel* region_;
  DomainPlot* plot_;
  QLabel* plot_message_;
  QTextBrowser* report_;
  QPushButton* add_include_button_;
  QPushButton* run_declined_button_;
  QString last_report_;
};

}  // namespace loopscape
