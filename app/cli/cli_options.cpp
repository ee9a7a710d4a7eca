// SPDX-License-Identifier: Apache-2.0
#include "cli_options.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "autoschedule/register_block.h"
#include "codegen/registry/registry.h"
#include "cpp_program/program_file.h"
#include "support/error.h"
#include "support/text.h"

namespace loopscape::cli {
namespace {

[[noreturn]] void fail(const std::string& message) { throw InputError({"loopscape-cli", 0, 0}, message); }

bool is_command(const std::string& s) {
  return s == "info" || s == "emit" || s == "verify" || s == "check" || s == "export" || s == "bench" ||
         s == "autoschedule" || s == "tune" || s == "lesson" || s == "run";
}

long positive_integer(const std::string& option, const std::string& text) {
  long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
    fail(option + ": '" + text + "' is not a positive integer");
  return value;
}

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
  if (args[0] == "--version" || args[0] == "-V") {
    o.version = true;
    return o;
  }
  if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
    o.help = true;
    if (args.size() > 1) o.command = args[1];
    return o;
  }
  if (args[0] == "commands") {
    o.command = args[0];
    if (args.size() > 2) fail("commands takes at most one command name (loopscape-cli commands [NAME])");
    if (args.size() == 2) o.input = args[1];
    return o;
  }
  if (!is_command(args[0]))
    fail("unknown command '" + args[0] + "' (expected info, emit, verify, check, export, bench, autoschedule, tune, lesson, run or commands)");
  o.command = args[i++];
  if (o.command == "lesson" && i < args.size() && args[i] != "-h" && args[i] != "--help") {
    if (args[i] != "check" && args[i] != "list" && args[i] != "grade")
      fail("lesson: unknown action '" + args[i] + "' (expected check, list or grade; see loopscape-cli lesson --help)");
    o.action = args[i++];
  }
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
      o.targets.push_back(*v);
    } else if (auto v = joined_or_next(args, i, "", "--function")) {
      o.compile.function = *v;
    } else if (auto v = joined_or_next(args, i, "", "--param")) {
      add_parameter(o, *v);
    } else if (auto v = joined_or_next(args, i, "", "--script")) {
      o.script = *v;
      o.scripts.push_back(*v);
    } else if (auto v = joined_or_next(args, i, "", "--submissions")) {
      o.submissions = *v;
    } else if (auto v = joined_or_next(args, i, "", "--answer")) {
      o.answer = *v;
    } else if (auto v = joined_or_next(args, i, "", "--exercise")) {
      o.exercise = static_cast<int>(std::min(positive_integer("--exercise", *v), 1000L));
    } else if (auto v = joined_or_next(args, i, "", "--repetitions")) {
      o.repetitions = static_cast<int>(std::min(positive_integer("--repetitions", *v), 100000L));
    } else if (auto v = joined_or_next(args, i, "", "--ranks")) {
      o.ranks = static_cast<int>(std::min(positive_integer("--ranks", *v), 1024L));
    } else if (a == "--fp-contract") {
      o.fp_contract = true;
    } else if (a == "--reverse-parallel") {
      o.reverse_parallel = true;
    } else if (a == "--omp-directives") {
      o.directives = true;
    } else if (a == "--tune") {
      o.tune = true;
    } else if (auto v = joined_or_next(args, i, "", "--vector-registers")) {
      if (!vector_registers_named(*v)) fail("--vector-registers expects avx512, avx2 or sse, got '" + *v + "'");
      o.vector_registers = *v;
    } else if (auto v = joined_or_next(args, i, "", "--bundle")) {
      o.bundle = *v;
    } else if (auto v = joined_or_next(args, i, "", "--isl-quota")) {
      o.isl_quota = static_cast<unsigned long>(positive_integer("--isl-quota", *v));
    } else if (a == "--no-sandbox") {
      o.sandbox = false;
    } else if (auto v = joined_or_next(args, i, "", "--sandbox")) {
      if (*v != "on" && *v != "off") fail("--sandbox expects on or off, got '" + *v + "'");
      o.sandbox = *v == "on";
    } else if (auto v = joined_or_next(args, i, "", "--cpu-limit")) {
      o.cpu_limit_seconds = static_cast<double>(positive_integer("--cpu-limit", *v));
    } else if (auto v = joined_or_next(args, i, "", "--memory-limit")) {
      o.memory_limit_mib = static_cast<unsigned long>(positive_integer("--memory-limit", *v));
    } else if (!a.empty() && a[0] == '-') {
      fail("unknown option '" + a + "' (see loopscape-cli " + o.command + " --help)");
    } else if (o.input.empty()) {
      o.input = a;
    } else {
      o.compile.extra_sources.push_back(a);
    }
  }
  if (o.command == "lesson" && o.action.empty() && !o.help)
    fail("lesson needs an action: check LESSON.md, list [COURSE.md] or grade COURSE_OR_LESSON --submissions DIR");
  if (!o.submissions.empty() && o.action != "grade") fail("--submissions is for lesson grade");
  if (!o.help && o.input.empty() && !(o.command == "lesson" && o.action == "list")) fail("no input file (see loopscape-cli " + o.command + " --help)");
  // A C++ program brings its own commands: its export needs no script.
  const bool cpp_input = is_cpp_source(o.input);
  if (!o.help && o.script.empty() && (o.command == "check" || (o.command == "export" && !cpp_input) || o.command == "bench"))
    fail(o.command + " needs --script FILE (see loopscape-cli " + o.command + " --help)");
  if (!o.help && o.command == "export" && (o.output.empty() || o.output == "-"))
    fail(o.directives ? "export --omp-directives needs -o OUT.c (see loopscape-cli export --help)"
                      : "export needs -o OUT.cpp (see loopscape-cli export --help)");
  return o;
}

// The targets, one per entry under an option at column 22: "name: what it is".
std::string targets_help(std::string (*about)(const Target&)) {
  std::string out;
  bool first = true;
  for (const std::string& name : target_names_in_display_order()) {
    const Target& target = *find_target(name);
    const std::string text = about(target);
    if (text.empty()) continue;
    if (!first) out += std::string(22, ' ');
    out += wrapped(name + ": " + text, 22, 24) + "\n";
    first = false;
  }
  return out;
}

std::string target_list() { return join(target_names_in_display_order()); }

std::string general_help() {
  return R"(loopscape-cli: polyhedral loop schedules of C loop nests, from the command line

usage: loopscape-cli COMMAND FILE.c [--script SCRIPT] [options] [extra sources]

commands:
  info     statements, domains, accesses, parameters, dependences, schedule tree
  emit     generated code for a target (see emit --help)
  verify   compile the original and the generated program, run both, compare
  check    apply a schedule script and check every command's legality
  export   write the session (file + script) as a C++ program against the engine
  bench    time the script's last command as the app runs it
  autoschedule  isl's automatic schedule, written as a script of commands
  tune     measure every combination of a script's knobs, e.g. tile sizes
           written tune(16, 32, 64), and write the fastest back into it
  lesson   lesson check LESSON.md [--script S]: grade answers to a lesson's exercises;
           lesson list [COURSE.md]: a course's lessons; lesson grade COURSE_OR_LESSON
           --submissions DIR: a class's answers as CSV and HTML
  run      compile the schedule in-process (Halide, LLVM), run it, time it and
           compare it with the original schedule's results (GFLOP/s, speed-up)
  commands [NAME]  the schedule commands a script may use; with NAME, its
           syntax and typed parameters

Every command but lesson takes --script SCRIPT: the schedule is the original
one transformed by the script's commands (one per line, e.g.
S1.interchange(k, j)).

FILE may be a C++ program (.cpp: Tiramisu's Layer I, an exported session): it
is built against the engine (cached by content), run, and the program it
defines is opened with its own schedule commands first, then the script's.
A compile error is reported as FILE.cpp:LINE:COLUMN: error: ...
Run 'loopscape-cli COMMAND --help' for a command's options, 'loopscape-cli --version' for the version.
Exit status: 0 success, 2 bad input (unsupported C, bad option, malformed
script, bad command arguments, isl quota), 3 a script command is illegal,
4 results differ, 5 built but not run (verify --target cuda, or halide with GPU
loops, without a device).
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

sandbox options (every program run: a C++ program opened, both sides of
verify, lesson checks that run code):
  --sandbox on|off    run programs in bubblewrap: no network, the system and
                      your files read-only (/tmp too), /run empty, only the
                      run's scratch folder writable (default on; also
                      LOOPSCAPE_SANDBOX=off). Where bubblewrap is missing or
                      not permitted, stderr says so once and programs run with
                      the limits alone
  --no-sandbox        the same as --sandbox off
  --cpu-limit S       CPU seconds of each process a program starts (default 600)
  --memory-limit MIB  data memory of each process (default: half the machine's
                      memory, at most 16 GiB)
)";

const char* kScriptOptions = R"(schedule options:
  --script SCRIPT     apply the commands of SCRIPT, one per line:
                        # comment
                        S1.interchange(k, j)
                        S1.tile(j, k, 32, 32, j0, k0, j1, k1)
                      (arguments: names, integers, isl sets/maps and lists in
                      braces, "quoted strings"). Every command is checked for
                      legality; a refused one stops with its report (exit 3
                      when illegal, 2 for a malformed line or bad arguments,
                      each named SCRIPT:line:column).
  --isl-quota N       isl operation quota for each step after loading
                      (commands, legality, code generation); default 20000000
)";
}  // namespace

std::string command_help(const std::string& command) {
  if (command == "info")
    return std::string(R"(usage: loopscape-cli info FILE.c [--script SCRIPT] [options]

Prints the model of the file's scop region: parameters, arrays, statements
with their iteration domains and accesses, the dependences (read-after-write,
write-after-read, write-after-write) with their distance and carrying loop,
and the original schedule tree. With --script, the script's commands and the
schedule tree after them follow; when the script distributes loops, the
messages the mpi target sends on --ranks N ranks (default 4) at the --param
values (others: small defaults): each rank's block, each exchange and its
volume per step and pair of ranks, and the total.

)") + kScriptOptions + kCommonOptions;
  if (command == "emit")
    return std::string(R"(usage: loopscape-cli emit FILE.c [--script SCRIPT] [--target T] [-o OUT.c] [options]

Writes the input file with its scop region replaced by code generated from
the schedule (the original one, or the script's), so the result drops into
the build in place of the original.

  --target T, -t T    )" + targets_help([](const Target& t) { return t.description(); }) + R"(  --fp-contract       halide: let LLVM fuse a * b + c into FMAs, as gcc
                        -march=native does (default: C's semantics, none)
  -o OUT, --output OUT  write to OUT instead of standard output

)") + kScriptOptions + kCommonOptions;
  if (command == "verify")
    return std::string(R"(usage: loopscape-cli verify FILE.c [--script SCRIPT] [--target T] [--ranks N] [--param N=V] [options]

Compiles the original file and the emitted one (after the script's commands)
with gcc -O3 -march=native -ffp-contract=off -fopenmp (this machine's vector
instructions, which the automatic schedule's register blocks are sized for;
no fused multiply-adds, so both round as C does), runs both on the same
deterministic inputs and compares
their results (integers exactly, floating point within a relative
tolerance). For a bare function a harness is generated (parameters from
--param or the #defines) and every array the region writes is compared. A
file with its own main runs as it is, and what it prints (stdout and stderr)
is compared, so only the values it prints are checked: print every array the
region writes (PolyBench: -DPOLYBENCH_DUMP_ARRAYS), or use --function.

  --target T          the target to verify (default openmp):
                      )" + targets_help([](const Target& t) {
      return t.run_recipe().toolchain == RunRecipe::Toolchain::None ? std::string() : t.run_recipe().how_verified;
    }) + R"(  --fp-contract       halide: let LLVM fuse a * b + c into FMAs; cuda: let
                      nvcc do so (its default; verify builds with
                      -fmad=false otherwise). Results then differ in the last
                      bits from the original's, and far more in
                      ill-conditioned kernels (gramschmidt)
  --ranks N           mpi: the number of ranks (default 4)
  --reverse-parallel  openmp: run every parallel loop sequentially, last
                      iteration first, and compare: a deterministic check
                      that no parallel loop races
  --param NAME=VALUE  value of an integer parameter for the generated harness
  --bundle DIR        cuda, or halide with GPU kernels, on a machine without a
                      CUDA device: run the original here and put the emitted
                      program with the original's results in DIR; copy DIR
                      to a machine with the GPU and run
                      `loopscape-run-bundle DIR` there to compare

Exit status: 0 equal, 4 results differ, 3 an illegal script command,
2 bad input or a build failure, 5 built but not run (cuda, or halide with GPU
kernels, without a CUDA device: both programs compiled, nothing compared; with
--bundle, the original ran and DIR holds the rest).

)") + kScriptOptions + kCommonOptions;
  if (command == "check")
    return std::string(R"(usage: loopscape-cli check FILE.c --script SCRIPT [--target T ...] [options]

Applies the script's commands in order, each checked against the exact
dependences. Prints one line per applied command on standard output. The
first refused command stops the check with its report on standard error:
SCRIPT:line:column, the broken dependence, a concrete source and sink
iteration (parameters fixed to small values) and a repair hint.

  --target T          also print the schedule for target T (repeatable: one
                      --target per target): a target that cannot express it
                      (the mpi target and data layout commands, an array
                      extent the halide target cannot lower, ...) refuses it
                      here, with its reason, instead of in 'emit' or 'verify'

Exit status: 0 every command is legal (and every --target prints it), 3 a
command is illegal, 2 malformed input (bad C, a script line that does not
parse, unknown command or loop, isl quota) or a target that refuses.

)") + kScriptOptions + kCommonOptions;
  if (command == "export")
    return std::string(R"(usage: loopscape-cli export FILE.c --script SCRIPT -o OUT.cpp [--target T] [options]

Writes a C++ program that replays the session with the engine library: it
opens FILE.c with the same -D/-I/--function options (a C++ FILE: the C it
defines, carried in the program as text; --script is then optional), applies the script's
commands as typed calls (session.statement("S1").interchange("k", "j")),
publishes the session (opened in the app, it gives the same program and
history) and prints the code for the target on standard output, byte for
byte what 'loopscape-cli emit FILE.c --script SCRIPT --target T' prints. The
script is checked first; an illegal one is not exported (exit 3).

Build the program against an installed engine (cmake --install BUILD):
  find_package(Loopscape REQUIRED)   # CMAKE_PREFIX_PATH=<install prefix>
  add_executable(replay OUT.cpp)
  target_link_libraries(replay PRIVATE Loopscape::engine)

With --omp-directives it writes FILE.c as you wrote it, with the session's
steps as OpenMP 6.0 loop-transformation directives above your loops (tile
sizes, interchange, reverse, unroll partial, parallel for, simd: what clang 19
builds with -fopenmp -fopenmp-version=60), each with a comment naming the
step and the dependences it was checked against. A step with no directive
(skew, shift, fusion, distribution, ...) is named and nothing is written
(exit 2): export the generated code instead (emit --target openmp).

  --target T, -t T    )" + wrapped(target_list() + " (default openmp)", 22, 22) + R"(
  -o OUT.cpp          the program to write (required)
  --omp-directives    write OUT.c: FILE.c with the steps as OpenMP 6.0 directives

)") + kScriptOptions + kCommonOptions;
  if (command == "autoschedule")
    return std::string(R"(usage: loopscape-cli autoschedule FILE.c [--script SCRIPT] [-o OUT.ls] [options]

Asks isl's scheduler for a schedule of the region (validity: every RAW, WAR
and WAW dependence; proximity: RAW; outer parallelism and tileable bands
first) and writes the way there from the current schedule (the original one,
or the script's) as a schedule script: shift, after, interchange,
loop_reversal and skew steps that reach isl's loops and nesting, then tile
and parallelize on the bands isl found permutable and parallel (tiles only
where an access reuses an element across the band's loops; a band whose
statement is a multiply-accumulate, like gemm's, gets tiles of whole
register blocks and the block: rows unrolled and columns vectorized, sized
for the machine's vector registers; doitgen's vector sum[p] gets a block of
one row). Each step is
checked as if typed, with a '#' comment saying why. isl is asked for outer
parallelism first, then for locality first, then for outer parallelism
without fusion across nests. When commands reach none of these, the script
sets isl's schedule in one 'reschedule' step (with the reason) and tiles and
parallelizes its nests after it. Outside tiles, the loop that walks a
statement's accesses along consecutive elements goes innermost; when isl's
schedule would make a statement of the deepest nests walk its accesses
worse than the original order does, the original order is kept and the
header says why. The output replays with 'check', 'emit' and 'verify' --script.

With --tune the schedule is measured, not assumed: the schedule as it is
without threads (S.sequential on each nest) and with the OpenMP target's own
parallel loops, isl's schedule untiled, tiled at 16, 32 and 64, and with
register blocks (where a band gets one), are
each replayed, printed by the OpenMP target, built with gcc -O3 -march=native
-fopenmp, run against the original program at the sizes the -D options and
--param give (results compared; where they differ, compared once more with
both built -ffp-contract=off, as verify builds) and timed. The script keeps the fastest when
it beats the original program, else the one without threads. Its header
lists every time. OMP_NUM_THREADS sets the threads.

  -o OUT.ls           write the script there instead of standard output
  --tune              measure the candidates and keep the fastest (see above)
  --vector-registers R
                      size register blocks for avx512 (32 registers of 64
                      bytes: 5 x 40 doubles), avx2 (16 of 32 bytes: 4 x 12)
                      or sse (16 of 16 bytes); default: this machine's
  --repetitions N     --tune: runs of each program (default 2; the fastest counts)
  --param N=V         --tune: values of parameters the file's #defines do not give

)") + kScriptOptions + kCommonOptions;
  if (command == "lesson")
    return std::string(R"(usage: loopscape-cli lesson check LESSON.md [--script S ...] [--exercise N] [--answer TEXT]
       loopscape-cli lesson list [COURSE.md]
       loopscape-cli lesson grade COURSE_OR_LESSON --submissions DIR [-o PREFIX]

check: checks exercises of a lesson (the format is in docs/guide/lessons.md:
Markdown with a front matter, `check:` lines from the vocabulary legal,
parallel S L, carried S L, tagged S L TAG, loops S N, same-results,
same-order-as CMD; ..., answer WHAT, predict K, matches-target code|order,
choices).

--answer gives what a student typed for exercise N (with --exercise N): an
isl set or map, a count, a schedule map, the first instances in order
(predict), or the numbers of the true options (choices); without --script it
is checked on the original schedule.

With --script, each script is a student's answer: it is applied to the
lesson's kernel and every exercise (or exercise N) is checked against the
result; one line per script and exercise, with the feedback of the checks
that fail. Several --script options grade several answers in one run, and
a folder given to --script stands for every .ls script in it (by name), so
  loopscape-cli lesson check 10-tiling.md --script answers/
grades a class's scripts and ends with how many pass every check.
Without --script and --answer, every exercise's own solution (its script and
its model answer) is checked (for the teacher who writes the lesson).

list: the lessons of a course file (the bundled course without one), by part,
with their estimated time, exercise kinds and the idea each teaches.

grade: grades a class at once. DIR holds one folder per student; in it, per
lesson (named as the lesson file without .md): LESSON.ls (a script for every
exercise), LESSON-N.ls (a script for exercise N), LESSON-N.txt (the typed
answer of exercise N) or saved sessions (*.json, File > Save Session, with
their lesson, exercise and answer). Writes PREFIX.csv (student, lesson,
exercise, title, result: pass, fail, malformed or missing, first failing
check, feedback, submission time, files) and PREFIX.html (a one-page summary
with the most common wrong answers); PREFIX is grades by default. Students'
files are only read.

Exit status (check): 0 every check passes, 4 some check fails, 3 a script's
command is illegal, 2 bad input (a malformed lesson names its line; a script
that does not read, after the others are graded). list and grade: 0, or 2
for a course, lesson or folder that does not read (grade's students' own
mistakes are rows of the CSV, not errors).
)");
  if (command == "tune")
    return std::string(R"(usage: loopscape-cli tune FILE.c --script SCRIPT [-o OUT.ls] [--param N=V ...] [--repetitions N] [options]

Tunes the script's knobs: arguments written tune(V1, V2, ...), such as
S1.tile(i, j, tune(16, 32, 64), tune(16, 32)) (elsewhere a knob takes its
first value). Every combination of the values (at most 64) is replayed as
commands (each step checked as if typed), printed by the OpenMP target,
built with gcc -O3 -march=native -fopenmp, run against the original program
at the sizes the -D options and --param give (results compared, as for
autoschedule --tune) and timed. The script is written back with each knob's fastest value first, under a
header that lists every combination's time. OMP_NUM_THREADS sets the threads.

  -o OUT.ls           write the tuned script there instead of standard output
  --repetitions N     runs of each program (default 2; the fastest counts)
  --param N=V         values of parameters the file's #defines do not give

)") + kScriptOptions + kCommonOptions;
  if (command == "run")
    return std::string(R"(usage: loopscape-cli run FILE.c [--script SCRIPT] [--param N=V ...] [--repetitions N] [options]

Lowers the original schedule and the script's schedule to Halide IR, compiles
both in memory with Halide's LLVM back-end (no external compiler), runs each
on the same deterministic inputs and compares every array the region touches.
Prints, for both: the compile time, the median run time of the region, the
GFLOP/s (floating-point operations of each statement times its instances,
counted by isl), the fraction of this machine's measured peak (independent
multiply-add chains on every core), and the speed-up of the script's schedule.

  --param NAME=VALUE  a parameter's value (default: the smallest numeric array
                      extent, halved until every access stays in bounds; an
                      access out of bounds is refused before anything runs)
  --repetitions N     runs of each schedule (default 3; the median is shown)
  --fp-contract       let LLVM fuse a * b + c into one FMA, as gcc
                      -march=native does (default: C's semantics, no FMA;
                      Halide never reassociates either way)

Exit status: 0 equal results, 4 results differ (the first differing element
is printed), 2 bad input (out-of-bounds parameters, a construct the Halide
lowering refuses), 3 an illegal script command.

)") + kScriptOptions + kCommonOptions;
  if (command == "bench")
    return std::string(R"(usage: loopscape-cli bench FILE.c --script SCRIPT [--repetitions N] [options]

Applies every command of the script but the last, then times the last one as
the app runs it: applying the command, the legality check, the loop AST and
every code printer (all targets). Prints the stages' medians and, as the last
line, median_ms=X p95_ms=Y over the repetitions. A command that runs into the
isl quota stops with an error (exit 2) instead of hanging.

  --repetitions N     time N runs (default: at least 20, until 1 s has passed,
                      at most 200)

)") + kScriptOptions + kCommonOptions;
  return general_help();
}

}  // namespace loopscape::cli
