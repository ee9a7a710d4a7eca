// SPDX-License-Identifier: Apache-2.0
// api/publish.h: what a C++ program run by the app writes for it.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <mutex>

#include "api/publish.h"
#include "cpp_program/published_program.h"
#include "runner/process.h"

namespace loopscape {

namespace {

// Never destroyed: functions are still published during static destruction
// (tiramisu::init's global function).
struct PublishState {
  std::mutex mutex;
  long next = 0;
  long best = -1;  // number of the definition written
  PublishedProgram written;
  std::vector<std::pair<long, std::string>> names;  // every definition published
};

PublishState& state() {
  static PublishState* s = new PublishState;
  return *s;
}

const char* folder() {
  const char* f = std::getenv("LOOPSCAPE_PUBLISH");
  return f && *f ? f : nullptr;
}

// Keeps the definition created last; writes it with every name seen so far.
void offer(PublishedProgram p, long number) {
  PublishState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (number < 0) number = s.next++;
  s.names.emplace_back(number, p.name);
  std::sort(s.names.begin(), s.names.end());
  if (number >= s.best) {
    s.best = number;
    s.written = std::move(p);
  }
  s.written.definitions.clear();
  for (const auto& [n, name] : s.names) s.written.definitions.push_back(name);
  write_published(folder(), s.written);
}

}  // namespace

bool publish_requested() { return folder() != nullptr; }

long next_definition_number() {
  PublishState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.next++;
}

void publish(const Session& session, const std::string& name, long number) {
  if (!publish_requested()) return;
  const Program& program = session.program();
  PublishedProgram p;
  p.name = !name.empty() ? name : !program.region.function.empty() ? program.region.function
                                                                     : std::filesystem::path(program.file).stem().string();
  // The C as a file on disk when it is one (loopscape::open), else its text.
  std::error_code ec;
  if (std::filesystem::is_regular_file(program.file, ec) && read_file_text(program.file) == program.source_text) {
    p.from_file = true;
    p.c_file = std::filesystem::absolute(program.file, ec).lexically_normal().string();
  }
  p.c_name = std::filesystem::path(program.file).filename().string();
  p.c_text = program.source_text;
  p.options = program.options;
  for (std::string& dir : p.options.include_dirs) dir = std::filesystem::absolute(dir, ec).lexically_normal().string();
  for (std::string& src : p.options.extra_sources) src = std::filesystem::absolute(src, ec).lexically_normal().string();
  p.script = session.script();
  for (const Variant& v : session.variants()) p.variant_scripts.push_back(v.script());
  for (const Statement& s : program.statements) {
    PublishedStatement ps{s.name, s.where, {}, s.domain_description};
    for (const Access& a : s.accesses) ps.accesses.push_back(a.where);
    p.statements.push_back(std::move(ps));
  }
  offer(std::move(p), number);
}

void publish_failure(const std::string& name, long number, const std::string& error, const SourceLocation& where) {
  if (!publish_requested()) return;
  PublishedProgram p;
  p.name = name;
  p.error = error;
  p.error_where = where;
  offer(std::move(p), number);
}

void publish_definition(const std::function<Session&()>& session, const std::string& name, long number,
                        const SourceLocation& where) {
  if (!publish_requested() || std::uncaught_exceptions() > 0) return;
  try {
    publish(session(), name, number);
  } catch (const InputError& e) {
    try {
      publish_failure(name, number, e.message(), e.where());
    } catch (const std::exception&) {
    }
  } catch (const std::exception& e) {
    try {
      publish_failure(name, number, e.what(), where);
    } catch (const std::exception&) {
    }
  }
}

}  // namespace loopscape
