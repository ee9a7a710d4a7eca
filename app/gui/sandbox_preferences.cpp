// SPDX-License-Identifier: Apache-2.0
#include "sandbox_preferences.h"

#include <QSettings>

namespace loopscape {

namespace {
const QString kEnabled = QStringLiteral("sandbox/enabled");
const QString kCpuSeconds = QStringLiteral("sandbox/cpuSeconds");
const QString kMemoryMiB = QStringLiteral("sandbox/memoryMiB");
}  // namespace

SandboxSettings savedSandboxSettings() {
  SandboxSettings settings = sandbox_settings();
  QSettings saved;
  if (!qEnvironmentVariableIsSet("LOOPSCAPE_SANDBOX")) settings.enabled = saved.value(kEnabled, settings.enabled).toBool();
  if (saved.contains(kCpuSeconds)) settings.cpu_seconds = saved.value(kCpuSeconds).toDouble();
  if (saved.contains(kMemoryMiB)) settings.memory_bytes = saved.value(kMemoryMiB).toULongLong() << 20;
  return settings;
}

void saveSandboxSettings(const SandboxSettings& settings) {
  QSettings saved;
  saved.setValue(kEnabled, settings.enabled);
  saved.setValue(kCpuSeconds, settings.cpu_seconds);
  if (settings.memory_bytes) saved.setValue(kMemoryMiB, static_cast<qulonglong>(settings.memory_bytes >> 20));
  else saved.remove(kMemoryMiB);
  set_sandbox_settings(settings);
}

void applySavedSandboxSettings() { set_sandbox_settings(savedSandboxSettings()); }

}  // namespace loopscape
