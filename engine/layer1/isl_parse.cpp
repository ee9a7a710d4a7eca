// SPDX-License-Identifier: Apache-2.0
// isl reports where a parse failed only on stderr (isl_stream_error), so a
// failed parse is repeated with stderr sent to a temporary file to read it.
#include "layer1/isl_parse.h"

#include <isl/options.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <mutex>
#include <regex>

namespace loopscape::tiramisu::detail {
namespace {

std::string captured_stderr_of(const std::function<void()>& work) {
  static std::mutex guard;  // stderr is one per process
  std::lock_guard<std::mutex> lock(guard);
  std::fflush(stderr);
  FILE* sink = std::tmpfile();
  if (!sink) {
    work();
    return {};
  }
  const int saved = dup(STDERR_FILENO);
  dup2(fileno(sink), STDERR_FILENO);
  work();
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::string text;
  std::rewind(sink);
  char buf[512];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, sink)) > 0) text.append(buf, n);
  std::fclose(sink);
  return text;
}

}  // namespace

std::optional<isl::set> parse_set(isl::ctx ctx, const std::string& text, IslParseError* error) {
  if (isl_set* s = isl_set_read_from_str(ctx.get(), text.c_str())) return isl::manage(s);
  isl_ctx_reset_error(ctx.get());
  const int mode = isl_options_get_on_error(ctx.get());
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_WARN);
  const std::string said = captured_stderr_of([&] { isl_set_free(isl_set_read_from_str(ctx.get(), text.c_str())); });
  isl_options_set_on_error(ctx.get(), mode);
  isl_ctx_reset_error(ctx.get());
  if (error) {
    *error = IslParseError{"not an isl set", 0, 0};
    std::smatch m;
    static const std::regex first(R"(syntax error \((\d+), (\d+)\): ([^\n]*)(?:\n(got [^\n]*))?)");
    if (std::regex_search(said, m, first)) {
      error->line = static_cast<unsigned>(std::stoul(m[1]));
      error->column = static_cast<unsigned>(std::stoul(m[2]));
      error->message = m[3].str() + (m[4].matched ? " (" + m[4].str() + ")" : std::string());
    }
  }
  return std::nullopt;
}

}  // namespace loopscape::tiramisu::detail
