#include "cli_options.h"

#include <charconv>

#include "support/error.h"

namespace loopscape::cli {
namespace {

[[noreturn]] void fail(const std::string& message) { throw InputError({"loopscape-cli", 0, 0}, message); }

bool is_command(const std::string& s) { return s == "info" || s == "emit" || s == "verify"; }

// "-DNAME=V" / "-D" "NAME=V": returns the value part, consuming the next argument if needed.
std::optional<std::string> joined_or_next(const std::vector<std::string>& args, std::size_t& i,
                                          const std::string& short_flag, const std::string& long_flag) {
  const std::string& a = args[i];
  auto next = [&]() -> std::string {
    if (i + 1 >= args.size()) fail("option " + a + " needs a value");
    return args[++i];
  };
  if (a == short_flag || (!long_flag.empty() && a == long_flag)) return next();
  if (!long_flag.empty() && a.rfind(long_flag + "=", 0) == 0) return a.substr(long_flag.size() + 1);
  if (short_flag.size() == 2 && a.rfind(short_flag, 0) == 0 && a.size() > 2) return a.substr(2);
  return std::nullopt;
}

void add_parameter(CliOptions& o, const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) fail("--param expects NAME=VALUE, got '" + spec + "'");
  const std::string name = spec.substr(0, eq), text = spec.substr(eq + 1);
  long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    fail("--param " + name + ": '" + text + "' is not an integer");
  o.parameters[name] = value;
}

}  // namespace

CliOptions parse_cli(const std::vector<std::string>& args) {
  CliOptions o;
  std::size_t i = 0;
  if (args.empty()) {
    o.help = true;
    return o;
  }
  if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
    o.help = true;
    if (args.size() > 1) o.command = args[1];
    return o;
  }
  if (!is_command(args[0])) fail("unknown command '" + args[0] + "' (expected info, emit or verify)");
  o.command = args[i++];
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-h" || a == "--help") {
      o.help = true;
    } else if (auto v = joined_or_next(args, i, "-D", "--define")) {
      o.compile.defines.push_back(*v);
    } else if (auto v = joined_or_next(args, i, "-I", "--include")) {
      o.compile.include_dirs.push_back(*v);
    } else if (auto v = joined_or_next(args, i, "-o", "--output")) {
      o.output = *v;
    } else if (auto v = joined_or_next(args, i, "-t", "--target")) {
      o.target = *v;
    } else if (auto v = joined_or_next(args, i, "", "--function")) {
      o.compile.function = *v;
    } else if (auto v = joined_or_next(args, i, "", "--param")) {
      add_parameter(o, *v);
    } else if (!a.empty() && a[0] == '-') {
      fail("unknown option '" + a + "' (see loopscape-cli " + o.command + " --help)");
    } else if (o.input.empty()) {
      o.input = a;
    } else {
      o.compile.extra_sources.push_back(a);
    }
  }
  if (!o.help && o.input.empty()) fail("no input file (see loopscape-cli " + o.command + " --help)");
  return o;
}

std::string general_help() {
  return R"(loopscape-cli: polyhedral loop schedules of C loop nests, from the command line

usage: loopscape-cli COMMAND FILE.c [options] [extra sources]

commands:
  info     statements, domains, accesses, parameters, dependences, schedule tree
  emit     generated code for a target (openmp, isl-ast, tree)
  verify   compile the original and the generated program, run both, compare

Run 'loopscape-cli COMMAND --help' for a command's options.
Exit status: 0 success, 2 bad input (unsupported C, bad option), 4 results differ.
)";
}

namespace {
const char* kCommonOptions = R"(input options (as a compiler's):
  -D NAME[=VALUE]     define a macro (also -DNAME=VALUE)
  -I DIR              add an include directory (also -IDIR)
  --function NAME     use the whole body of function NAME instead of a
                      #pragma scop / #pragma endscop region
  FILE.c ...          further C files are extra sources, compiled with the
                      program by 'verify' (e.g. utilities/polybench.c)
)";
}

std::string command_help(const std::string& command) {
  if (command == "info")
    return std::string(R"(usage: loopscape-cli info FILE.c [options]

Prints the model of the file's scop region: parameters, arrays, statements
with their iteration domains and accesses, the dependences (read-after-write,
write-after-read, write-after-write) with their distance and carrying loop,
and the original schedule tree.

)") + kCommonOptions;
  if (command == "emit")
    return std::string(R"(usage: loopscape-cli emit FILE.c [--target T] [-o OUT.c] [options]

Writes the input file with its scop region replaced by code generated from
the schedule, so the result drops into the build in place of the original.

  --target T, -t T    openmp (default): C with OpenMP pragmas on parallel loops
                      isl-ast: the isl AST printed as C (region only)
                      tree: the schedule tree in named, indented form
  -o OUT, --output OUT  write to OUT instead of standard output

)") + kCommonOptions;
  if (command == "verify")
    return std::string(R"(usage: loopscape-cli verify FILE.c [--target openmp] [--param N=V] [options]

Compiles the original file and the emitted one with gcc -O3 -fopenmp, runs
both on the same deterministic inputs and compares every array the region
writes (integers exactly, floating point within a relative tolerance).
A file with its own main runs as it is; for a bare function a harness is
generated (parameters from --param or from the file's #defines).

  --target T          the target to verify (openmp)
  --param NAME=VALUE  value of an integer parameter for the generated harness

Exit status: 0 equal, 4 results differ, 2 bad input or a build failure.

)") + kCommonOptions;
  return general_help();
}

}  // namespace loopscape::cli
