// SPDX-License-Identifier: Apache-2.0
#include "support/isl_text.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/obj.h>
#include <isl/options.h>
#include <isl/stream.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>
#include <regex>

namespace loopscape {

namespace {

// One piece's text, taking the piece (isl's foreach hands it over).
std::string taken_text(isl_pw_aff* piece) {
  char* text = isl_pw_aff_to_str(piece);
  std::string out = text ? text : "";
  free(text);
  isl_pw_aff_free(piece);
  return out;
}

std::string taken_text(isl_set* piece) {
  char* text = isl_set_to_str(piece);
  std::string out = text ? text : "";
  free(text);
  isl_set_free(piece);
  return out;
}

template <typename Piece>
isl_stat collect_text(Piece* piece, void* texts) {
  static_cast<std::vector<std::string>*>(texts)->push_back(taken_text(piece));
  return isl_stat_ok;
}

std::string sorted_and_joined(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  std::string out;
  for (const std::string& text : texts) out += text + ";";
  return out;
}

}  // namespace

std::string sorted_isl_string(const isl::union_pw_aff& object) {
  std::vector<std::string> texts;
  isl_union_pw_aff_foreach_pw_aff(object.get(), collect_text<isl_pw_aff>, &texts);
  return sorted_and_joined(std::move(texts));
}

std::string sorted_isl_string(const isl::union_set& object) {
  std::vector<std::string> texts;
  isl_union_set_foreach_set(object.get(), collect_text<isl_set>, &texts);
  return sorted_and_joined(std::move(texts));
}

namespace {

// Runs `parse` with isl's error mode set to warn and file descriptor 2
// redirected to a temporary file; returns what isl wrote there.
template <typename F>
std::string capture_isl_stderr(isl_ctx* ctx, F&& parse) {
  static std::mutex mutex;  // one redirection at a time: fd 2 is process-wide
  std::lock_guard lock(mutex);
  std::FILE* sink = std::tmpfile();
  const int saved = sink ? dup(2) : -1;
  if (saved < 0) {
    if (sink) std::fclose(sink);
    parse();
    return {};
  }
  const int mode = isl_options_get_on_error(ctx);
  isl_options_set_on_error(ctx, ISL_ON_ERROR_WARN);
  std::fflush(stderr);
  dup2(fileno(sink), 2);
  parse();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  isl_options_set_on_error(ctx, mode);
  std::string text;
  std::rewind(sink);
  char buffer[512];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, sink)) text.append(buffer, n);
  std::fclose(sink);
  return text;
}

// isl writes "syntax error (L, C): message" then "got ident 'n'" (or "got '}'").
InputError syntax_error(const std::string& report, const std::string& text, const SourceLocation& where) {
  static const std::regex first(R"(syntax error \((\d+), (\d+)\): ([^\n]*)\n(got ([^\n]*))?)");
  std::smatch m;
  if (!std::regex_search(report, m, first))
    return InputError(where, "not a set or a map in isl notation: " + text);
  const unsigned line = static_cast<unsigned>(std::stoul(m[1]));
  const unsigned column = static_cast<unsigned>(std::stoul(m[2]));
  SourceLocation at = where;
  if (line <= 1) {
    at.column = where.column + (column > 0 ? column - 1 : 0);
  } else {
    at.line = where.line + line - 1;
    at.column = column;
  }
  std::string message = m[3].str();
  if (message == "unexpected isl_token") message = "unexpected token";
  if (m[5].matched) message += ", got " + m[5].str();
  return InputError(at, message);
}

}  // namespace

isl::union_map IslObject::as_map() const {
  return set ? isl::union_map::from_domain(*set) : *map;
}

std::string IslObject::str() const { return set ? isl_string(*set) : isl_string(*map); }

IslObject read_isl_object(isl::ctx ctx, const std::string& text, const SourceLocation& where) {
  IslObject out;
  isl_obj obj{nullptr, nullptr};
  bool trailing = false;
  const std::string report = capture_isl_stderr(ctx.get(), [&] {
    isl_stream* stream = isl_stream_new_str(ctx.get(), text.c_str());
    if (!stream) return;
    obj = isl_stream_read_obj(stream);
    if (obj.v) {
      if (isl_token* next = isl_stream_next_token(stream)) {
        trailing = true;
        isl_token_free(next);
      }
    }
    isl_stream_free(stream);
  });
  const auto release = [&] {
    if (obj.v) obj.type->free(obj.v);
  };
  if (!obj.v) {
    isl_ctx_reset_error(ctx.get());
    throw syntax_error(report, text, where);
  }
  if (trailing) {
    release();
    throw InputError(where, "text after the end of the set or map: " + text);
  }
  if (obj.type == isl_obj_set) {
    out.set = isl::union_set(isl::manage(static_cast<isl_set*>(obj.v)));
  } else if (obj.type == isl_obj_union_set) {
    out.set = isl::manage(static_cast<isl_union_set*>(obj.v));
  } else if (obj.type == isl_obj_map) {
    out.map = isl::union_map(isl::manage(static_cast<isl_map*>(obj.v)));
  } else if (obj.type == isl_obj_union_map) {
    out.map = isl::manage(static_cast<isl_union_map*>(obj.v));
  } else {
    release();
    throw InputError(where, "not a set or a map (a number or a function?): " + text);
  }
  return out;
}

}  // namespace loopscape
