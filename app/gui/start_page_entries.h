// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the start page lists: the bundled samples, the lessons and the files
// opened last.
namespace loopscape {

class StartPage;

void fillStartPage(StartPage& page);

}  // namespace loopscape
