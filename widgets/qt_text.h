// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engine's text (std::string, UTF-8) as the views and the window show it.
#include <QString>

#include <string>

namespace loopscape {

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace loopscape
