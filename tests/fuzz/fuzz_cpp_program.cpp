// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: what the app reads back from a C++ program it ran
// (api/publish.h): the manifest, the program's C and its commands, then the
// model and the script, as cpp_program/program_file.cpp opens them. The input
// is the three files separated by form feeds (tests/fuzz/seeds/cpp_program_*).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "cpp_program/published_program.h"
#include "loading/load_program.h"
#include "session/script.h"

namespace {

const std::filesystem::path& folder() {
  static const std::filesystem::path path = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "fuzz-cpp-program-XXXXXX").string();
    if (!mkdtemp(pattern.data())) std::abort();
    return std::filesystem::path(pattern);
  }();
  return path;
}

void write(const std::string& name, const std::string& text) {
  std::ofstream(folder() / name, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t first = input.find('\f');
  const std::size_t second = first == std::string::npos ? std::string::npos : input.find('\f', first + 1);
  write("program.c", first == std::string::npos ? "" : input.substr(first + 1, second - first - 1));
  write("commands.ls", second == std::string::npos ? "" : input.substr(second + 1));
  write("manifest.txt", input.substr(0, first));
  try {
    loopscape::PublishedProgram published;
    if (!loopscape::read_published(folder().string(), &published) || !published.error.empty()) return 0;
    // A manifest naming a file on disk would have the fuzzer read any file: the text form only.
    if (published.from_file) return 0;
    const loopscape::LoadedProgram loaded =
        loopscape::load_program_source(published.c_text, published.c_name, published.options);
    (void)loopscape::parse_script(published.script, "fuzz.ls");
  } catch (const std::exception&) {
    // Refused with a message: what the app shows.
  }
  return 0;
}
