#include <iostream>

#include "support/isl_context.h"

int main(int argc, char** argv) {
  loopscape::check_isl_version();
  std::cout << "loopscape-cli (isl " << loopscape::isl_version_string() << ")\n";
  return argc > 1 ? 2 : 0;
}
