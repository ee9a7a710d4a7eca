// SPDX-License-Identifier: Apache-2.0
#include "runner/cuda_device.h"

#include <filesystem>

#include "runner/process.h"

namespace loopscape {

bool cuda_device_present() {
  if (!std::filesystem::exists("/dev/nvidiactl")) return false;
  ProcessSpec spec;
  spec.argv = {"nvidia-smi", "-L"};
  spec.timeout_seconds = 20;
  return run_process(spec).succeeded();
}

}  // namespace loopscape
