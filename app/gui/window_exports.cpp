// SPDX-License-Identifier: Apache-2.0
#include "window_exports.h"

#include <QFileDialog>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMainWindow>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QStatusBar>
#include <QSvgGenerator>

#include "code_view.h"
#include "codegen/registry/registry.h"
#include "directives/omp_directives.h"
#include "snapshot/snapshot.h"
#include "window_docks.h"

namespace loopscape {

namespace {

// The suffix of a file holding `target`'s code ("c" for an unknown one).
QString suffixOf(const QString& target) {
  const Target* known = find_target(target.toStdString());
  return QString::fromStdString(known ? known->file_suffix() : "c");
}

}  // namespace

WindowExports::WindowExports(QMainWindow* window, WindowDocks* docks, Sources sources)
    : QObject(window), window_(window), docks_(docks), sources_(std::move(sources)) {}

void WindowExports::write(const QString& path, const QString& text) {
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(text.toUtf8()) < 0 || !out.commit())
    QMessageBox::warning(window_, tr("Export"), tr("Cannot write %1").arg(path));
}

void WindowExports::exportProgram() {
  const QString path = QFileDialog::getSaveFileName(window_, tr("Export C++ program"), QStringLiteral("session.cpp"),
                                                    tr("C++ sources (*.cpp)"));
  if (!path.isEmpty()) write(path, sources_.cpp_program());
}

void WindowExports::exportCode() {
  const QString target = docks_->code->currentTarget();
  if (target.isEmpty()) return;
  const std::shared_ptr<const Snapshot> snapshot = sources_.snapshot();
  if (const CodeInfo* code = snapshot ? snapshot->findCode(target.toStdString()) : nullptr; code && code->pending) {
    window_->statusBar()->showMessage(tr("The %1 code is still being generated: export it in a moment").arg(target), 8000);
    return;
  }
  const QString base = sources_.file_name();
  const QString suggested =
      QStringLiteral("%1.%2.%3").arg(base.isEmpty() ? QStringLiteral("code") : base, target, suffixOf(target));
  const QString path = QFileDialog::getSaveFileName(window_, tr("Export code"), suggested);
  if (!path.isEmpty()) write(path, docks_->code->code(target));
}

void WindowExports::exportDirectives() {
  const std::shared_ptr<const Snapshot> snapshot = sources_.snapshot();
  const CodeInfo* code = snapshot ? snapshot->findCode(kOmpDirectivesCode) : nullptr;
  if (!code || code->pending) {
    window_->statusBar()->showMessage(tr("The OpenMP 6.0 directives are still being written: export them in a moment"), 8000);
    return;
  }
  if (!code->error.empty()) {
    QMessageBox::information(window_, tr("OpenMP 6.0 directives"), QString::fromStdString(code->error));
    return;
  }
  const QString base = sources_.file_name();
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export OpenMP 6.0 directives"),
      QStringLiteral("%1.omp6.c").arg(base.isEmpty() ? QStringLiteral("code") : base), tr("C sources (*.c)"));
  if (!path.isEmpty()) write(path, QString::fromStdString(code->text));
}

void WindowExports::exportImage(QWidget* view, const QString& name) {
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export image of %1").arg(name),
      name.toLower().replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".png"),
      tr("PNG image (*.png);;SVG image (*.svg)"));
  if (path.isEmpty()) return;
  bool ok = false;
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    // A drawn view (plot, tree) as vectors: its whole scene, not the part in sight.
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setTitle(name);
    auto* graphics = qobject_cast<QGraphicsView*>(view);
    const QSize size = graphics && graphics->scene() ? graphics->scene()->sceneRect().size().toSize() : view->size();
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    QPainter painter(&svg);
    if (graphics && graphics->scene())
      graphics->scene()->render(&painter, QRectF(QPointF(0, 0), size), graphics->scene()->sceneRect());
    else
      view->render(&painter);
    ok = painter.end();
  } else {
    ok = view->grab().save(path);
  }
  if (!ok) QMessageBox::warning(window_, tr("Export"), tr("Cannot write %1").arg(path));
}

void WindowExports::saveScreenshot() {
  const QString path = QFileDialog::getSaveFileName(window_, tr("Save screenshot"), QStringLiteral("loopscape.png"),
                                                    tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  if (!window_->grab().save(path))
    QMessageBox::warning(window_, tr("Save screenshot"), tr("Cannot write %1").arg(path));
}

}  // namespace loopscape
