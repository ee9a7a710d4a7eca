// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether this machine can run CUDA programs. Apart from the runner so that
// loopscape-run-bundle, linked without the engine, asks the same question.

namespace loopscape {

// True when a CUDA device can be used (the driver's device nodes exist and nvidia-smi lists a GPU).
bool cuda_device_present();

}  // namespace loopscape
