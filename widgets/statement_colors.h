// SPDX-License-Identifier: Apache-2.0
#pragma once
// One colour per statement, everywhere (source tint, plot points, tree leaves,
// code highlight): the Okabe-Ito colour-blind-safe palette, in a fixed order.
#include <QColor>
#include <QString>

namespace loopscape {

// The colour of the statement with index `index` (its position in the program).
QColor statementColor(int index);
// A light version for backgrounds (text stays readable on it).
QColor statementTint(int index, int alpha = 60);
// Index from a name "S<k>" when it has that form, else -1.
int statementIndexFromName(const QString& name);

namespace palette {
inline const QColor kAccent(0x00, 0x72, 0xB2);     // selection outline
inline const QColor kLegal(0x00, 0x9E, 0x73);
inline const QColor kIllegal(0xD5, 0x5E, 0x00);
inline const QColor kMuted(0x80, 0x80, 0x80);
inline const QColor kPanel(0xFA, 0xFA, 0xFA);
}  // namespace palette

}  // namespace loopscape
