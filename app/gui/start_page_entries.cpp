// SPDX-License-Identifier: Apache-2.0
#include "start_page_entries.h"

#include <QDir>
#include <QFileInfo>

#include "lesson_controller.h"
#include "recent_files.h"
#include "samples.h"
#include "start_page.h"

namespace loopscape {

void fillStartPage(StartPage& page, const QString& course) {
  QList<StartEntry> samples;
  for (const SampleInfo& s : listSamples(samplesDirectory())) samples << StartEntry{s.path, s.name, s.description, {}};
  page.setSamples(samples);
  QList<StartEntry> lessons;
  for (const LessonController::Entry& e : LessonController::courseLessons(course))
    lessons << StartEntry{e.path, e.title, e.about, e.part};
  page.setLessons(lessons);
  QList<StartEntry> recent;
  for (const QString& path : recentFiles())
    recent << StartEntry{path, QFileInfo(path).fileName(), QDir::toNativeSeparators(path), {}};
  page.setRecent(recent);
}

}  // namespace loopscape
