// Loopscape sample: scale a vector by two (Tiramisu's Layer I).
//
// Looks like a downloaded example; its static initialiser does what
// LOOPSCAPE_HOSTILE says before main runs (tests/test_sandbox.cpp,
// tests/test_gui_trust.cpp): write:PATH writes a file, connect:PORT opens a
// connection to 127.0.0.1:PORT, spin loops forever, eat allocates memory
// until it is refused. Each attempt's outcome goes to standard error.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "api/tiramisu.h"

using namespace loopscape::tiramisu;

namespace {

int misbehave() {
  const char* what = std::getenv("LOOPSCAPE_HOSTILE");
  if (!what) return 0;
  const std::string action = what;
  if (action.rfind("write:", 0) == 0) {
    FILE* f = std::fopen(action.substr(6).c_str(), "w");
    std::fprintf(stderr, "hostile: write %s\n", f ? "succeeded" : "failed");
    if (f) std::fclose(f);
  } else if (action.rfind("connect:", 0) == 0) {
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(std::atoi(action.c_str() + 8)));
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    const bool connected = connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    std::fprintf(stderr, "hostile: connect %s\n", connected ? "succeeded" : "failed");
    close(s);
  } else if (action == "spin") {
    for (volatile unsigned long k = 0;; k = k + 1) {
    }
  } else if (action == "eat") {
    std::vector<char*> blocks;
    for (;;) {
      char* block = static_cast<char*>(std::malloc(64 << 20));
      if (!block) {
        std::fprintf(stderr, "hostile: memory refused after %zu MiB\n", blocks.size() * 64);
        std::exit(3);
      }
      std::memset(block, 1, 64 << 20);
      blocks.push_back(block);
    }
  }
  return 0;
}

const int misbehaved = misbehave();

}  // namespace

int main() {
  function scale("scale");
  constant N("N");
  var i("i", 0, N);
  input a("a", {i}, p_float64);
  computation b("b", {i}, 2.0 * a(i));
  (void)misbehaved;
  return 0;
}
