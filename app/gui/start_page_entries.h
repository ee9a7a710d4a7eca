// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the start page lists: the bundled samples, the lessons and the files
// opened last.
#include <QString>

namespace loopscape {

class StartPage;

// `course`: the course file whose lessons to list ("" for the bundled one).
void fillStartPage(StartPage& page, const QString& course = {});

}  // namespace loopscape
