#!/usr/bin/env python3
"""Convert the TSVC_2 kernels into one bare C function per file.

Usage:
    python3 tests/data/tsvc/convert.py [TSVC_C] [--out DIR] [--repo GIT_DIR]

TSVC_C is src/tsvc.c of UoB-HPC/TSVC_2.  Without it the file is read with
`git show COMMIT:src/tsvc.c` from the mirror (--repo, default
/work/.mirror/UoB-HPC+TSVC_2/repo) at the pinned commit below.  The kernels
are written to DIR (default: kernels/ next to this script), one NAME.c per
kernel function of tsvc.c (151 files, s000 ... vbor), and their names, in the
order main() runs them, to kernels.txt in DIR's parent.

Each kernel `real_t NAME(struct args_t *func_args)` becomes

    void NAME(<the TSVC globals it uses>, <its arg_info values>, [real_t result[1]])
    {
        <what comes before the `nl` repetition loop, less the timing and
         initialise_arrays lines and the reads of func_args>
    #pragma scop
        <the body of ONE iteration of the nl loop, without the dummy() call>
        [result[0] = <the kernel's scalar result>;]
    #pragma endscop
    }

The statements are TSVC's own text; only the nl loop, dummy(), the timing and
the checksum are dropped (and the body is dedented by one level).  Helper
functions a kernel calls (s151s, s152s, test, s471s, f) are copied verbatim
in front of it.  Python 3 standard library only.
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys
import textwrap

PINNED_COMMIT = "badf9adb2974867ac0937718d85a44dec6dec95a"
# sha256 of src/tsvc.c at PINNED_COMMIT; the hand-fix table below was checked
# against this text only.
PINNED_SHA256 = "456dd573b84b30e6f32c943bb559d80374eec67177de48223e95124a8c3fc627"
DEFAULT_REPO = "/work/.mirror/UoB-HPC+TSVC_2/repo"

# The defaults of the size macros in the files written (TSVC_2 has 32000 and
# 256). TSVC_2 always has LEN_2D*LEN_2D >= LEN_1D + 64: s421-s424 index
# flat_2d_array (LEN_2D*LEN_2D elements) over the LEN_1D range, so 320 needs
# LEN_2D >= 20.
DEFAULT_SIZES = {"LEN_1D": 320, "LEN_2D": 20}

# The TSVC globals (src/array_defs.h), in parameter order, with the
# declarator each becomes.
GLOBALS = [
    ("a", "real_t a[LEN_1D]"),
    ("b", "real_t b[LEN_1D]"),
    ("c", "real_t c[LEN_1D]"),
    ("d", "real_t d[LEN_1D]"),
    ("e", "real_t e[LEN_1D]"),
    ("x", "real_t x[LEN_1D]"),
    ("aa", "real_t aa[LEN_2D][LEN_2D]"),
    ("bb", "real_t bb[LEN_2D][LEN_2D]"),
    ("cc", "real_t cc[LEN_2D][LEN_2D]"),
    ("tt", "real_t tt[LEN_2D][LEN_2D]"),
    ("flat_2d_array", "real_t flat_2d_array[LEN_2D*LEN_2D]"),
    ("indx", "int indx[LEN_1D]"),
    ("xx", "real_t* __restrict__ xx"),
    ("yy", "real_t* yy"),
]

# Functions from <math.h> (and TSVC's ABS macro, common.h: fabsf for float).
MATH_FUNCTIONS = {
    "sinf", "cosf", "tanf", "expf", "logf", "sqrtf", "powf", "fabsf",
    "sin", "cos", "tan", "exp", "log", "sqrt", "pow", "fabs", "ABS",
}

# Kernels whose text the mechanical conversion gets wrong, fixed by hand:
# NAME -> (reason, function(kernel dict) -> None that edits the dict).
# With tsvc.c at PINNED_COMMIT every kernel converts mechanically, so the
# table is empty; the checks in parse_kernel() and convert() (the kernels
# defined are the ones main() runs, each has one nl loop, one dummy() call
# and one return after it, every arg_info read is understood, no func_args
# or dummy() is left) stop the script if a new tsvc.c needs an entry here.
HAND_FIXES = {}

HEADER = """\
/* TSVC_2 kernel {name}: {description}{arguments}
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit {short}); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D {len_1d}
#endif
#ifndef LEN_2D
#define LEN_2D {len_2d}
#endif
typedef float real_t;
"""

FUNC_RE = re.compile(
    r"^(?:real_t|int|void)\s+(\w+)\s*\(([^)]*)\)\s*\{?[ \t]*$", re.M)
NL_RE = re.compile(r"^\s*for\s*\(\s*int\s+nl\s*=\s*0\s*;.*;\s*nl\+\+\s*\)\s*\{\s*$")
DUMMY_RE = re.compile(r"^\s*dummy\((.*)\);\s*$")
RETURN_RE = re.compile(r"^\s*return\s+(.*);\s*$")
# `int n1 = x->a;`, `real_t s = *(int*)func_args->arg_info;`,
# `int * __restrict__ ip = x->a;`
ARG_RE = re.compile(
    r"^\s*(int|real_t)\s*(\*\s*(?:__restrict__\s*)?)?(\w+)\s*=\s*(.*);\s*$")
DECL_RE = re.compile(r"^\s*(?:int|real_t)\b([^;()]*);")
IDENT_RE = re.compile(r"\b[A-Za-z_]\w*\b")


def die(msg):
    sys.stderr.write("convert.py: " + msg + "\n")
    sys.exit(1)


def read_source(path, repo):
    if path:
        with open(path, encoding="utf-8") as f:
            return f.read()
    try:
        return subprocess.run(
            ["git", "-C", repo, "show", PINNED_COMMIT + ":src/tsvc.c"],
            check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as err:
        die("cannot read src/tsvc.c from %s: %s" % (repo, err))


def match_brace(text, open_pos):
    """Index of the '}' closing the '{' at open_pos."""
    depth = 0
    for i in range(open_pos, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    die("unbalanced braces from offset %d" % open_pos)


def functions(text):
    """(name, params, whole definition text, body text) of each function."""
    out = []
    for m in FUNC_RE.finditer(text):
        open_pos = text.index("{", m.start())
        close = match_brace(text, open_pos)
        out.append((m.group(1), m.group(2).strip(),
                    text[m.start():close + 1], text[open_pos + 1:close]))
    return out


def dedent_one_level(line):
    """Remove up to 4 leading spaces (labels at column 0 stay there)."""
    n = len(line) - len(line.lstrip(" "))
    return line[min(n, 4):]


def declared_names(lines):
    """Names declared by `int ...;` / `real_t ...;` statements and for loops."""
    names = set()
    for line in lines:
        m = DECL_RE.match(line)
        if m:
            for decl in m.group(1).split(","):
                decl = decl.split("=")[0]
                ids = IDENT_RE.findall(decl)
                if ids:
                    names.add(ids[-1])
        for m in re.finditer(r"for\s*\(\s*(?:int|real_t)\s+(\w+)", line):
            names.add(m.group(1))
    # `real_t* __restrict__ A = a;` (s1351)
    for line in lines:
        m = re.match(r"^\s*(?:int|real_t)\s*\*\s*(?:__restrict__\s*)?(\w+)\s*=",
                     line)
        if m:
            names.add(m.group(1))
    return names


def parse_kernel(name, body, helpers):
    lines = body.split("\n")
    nl_index = [i for i, l in enumerate(lines) if NL_RE.match(l)]
    if len(nl_index) != 1:
        die("%s: expected one `for (int nl = 0; ...)` loop, found %d"
            % (name, len(nl_index)))
    nl = nl_index[0]
    # Lines of the nl loop's body: match its braces on the joined text.
    rest = "\n".join(lines[nl:])
    open_pos = rest.index("{")
    close = match_brace(rest, open_pos)
    loop_body = rest[open_pos + 1:close].split("\n")
    after = rest[close + 1:].split("\n")
    if loop_body and loop_body[0].strip() == "":
        loop_body = loop_body[1:]
    while loop_body and loop_body[-1].strip() == "":
        loop_body.pop()

    # The first comment lines: the kernel's description.
    description = []
    prologue = []
    args = []  # (type, name, is_pointer)
    seen_code = False
    for line in lines[:nl]:
        s = line.strip()
        if s.startswith("//"):
            if not seen_code and not prologue:
                text = s[2:].strip()
                if text:
                    description.append(text)
            continue
        if not s:
            continue
        seen_code = True
        if "initialise_arrays" in s or "gettimeofday" in s:
            continue
        if "func_args" in s or re.search(r"\bx->", s):
            m = ARG_RE.match(line)
            if m:
                args.append((m.group(1), m.group(3), bool(m.group(2)),
                             m.group(4)))
            elif not s.startswith("struct"):
                die("%s: cannot read arg_info line: %s" % (name, s))
            continue
        prologue.append(line)

    dummies = [DUMMY_RE.match(l) for l in loop_body]
    dummy_args = [m.group(1) for m in dummies if m]
    if len(dummy_args) != 1:
        die("%s: expected one dummy() call in the nl loop, found %d"
            % (name, len(dummy_args)))
    scop = [dedent_one_level(l) for l, m in zip(loop_body, dummies) if not m]

    returns = [RETURN_RE.match(l) for l in after]
    returns = [m.group(1).strip() for m in returns if m]
    if len(returns) != 1:
        die("%s: expected one return after the nl loop" % name)
    ret = returns[0]
    last_dummy = dummy_args[0].split(",")[-1].strip()

    # The scalar result: what dummy() consumes each repetition, else what
    # the kernel returns; nothing when both are a constant / the checksum.
    result = None
    if not re.fullmatch(r"[0-9.]+[fF]?", last_dummy):
        result = last_dummy
    elif not ret.startswith("calc_checksum"):
        result = ret

    return {
        "name": name,
        "description": description,
        "prologue": prologue,
        "scop": scop,
        "args": args,
        "result": result,
        "helpers": [h for h in helpers
                    if re.search(r"\b%s\s*\(" % re.escape(h[0]),
                                 "\n".join(prologue + scop))],
    }


def render(k, short, passed):
    code_lines = k["prologue"] + k["scop"]
    if k["result"]:
        code_lines = code_lines + [k["result"]]
    code = "\n".join(code_lines)
    tokens = set(IDENT_RE.findall(code))
    local = declared_names(code_lines) | {a[1] for a in k["args"]}
    params = [decl for g, decl in GLOBALS if g in tokens and g not in local]
    for typ, name, is_ptr, _ in k["args"]:
        if is_ptr:
            if typ != "int" or name != "ip":
                die("%s: unexpected pointer argument %s" % (k["name"], name))
            params.append("int ip[LEN_1D]")
        else:
            params.append("%s %s" % (typ, name))
    if k["result"]:
        params.append("real_t result[1]")

    desc = " / ".join(k["description"]).rstrip(".").replace("*/", "* /")
    desc = textwrap.fill(desc + ".", width=100,
                         initial_indent=" " * len("/* TSVC_2 kernel %s: "
                                                  % k["name"]),
                         subsequent_indent="   ").lstrip()
    args_text = "\n".join(
        textwrap.fill(l, width=100, subsequent_indent="   ")
        if not l.lstrip().startswith("verify-params") else l
        for l in describe_arguments(k, passed).split("\n"))
    out = [HEADER.format(name=k["name"], description=desc, short=short,
                         arguments=args_text, len_1d=DEFAULT_SIZES["LEN_1D"],
                         len_2d=DEFAULT_SIZES["LEN_2D"])
           .rstrip("\n")]

    helper_text = "\n".join(h[1] for h in k["helpers"])
    all_tokens = tokens | set(IDENT_RE.findall(helper_text))
    if all_tokens & MATH_FUNCTIONS:
        out.append("#include <math.h>")
    if "ABS" in all_tokens:
        out.append("#define ABS fabsf /* as TSVC_2's common.h defines it for float */")
    if "exit" in all_tokens:
        out.append("#include <stdlib.h>")
    out.append("")
    for hname, htext in k["helpers"]:
        out.append("/* Helper from tsvc.c, called by the kernel. */")
        out.append(htext)
        out.append("")

    out.append("void %s(%s)" % (k["name"], ", ".join(params)))
    out.append("{")
    out.extend(k["prologue"])
    out.append("#pragma scop")
    out.extend(k["scop"])
    if k["result"]:
        out.append("    result[0] = %s;" % k["result"])
    out.append("#pragma endscop")
    out.append("}")
    return "\n".join(l.rstrip() for l in out) + "\n"


# init() in common.c sets s1 and s2; main() sets n1 and n3 (read from tsvc.c).
INIT_VALUES = {"s1": "1.0", "s2": "2.0"}


def main_arguments(text):
    """NAME -> list of the values main() passes to the kernel in arg_info."""
    m = re.search(r"^int main\(", text, re.M)
    if not m:
        die("no main() in tsvc.c")
    body = text[m.start():]
    known = dict(INIT_VALUES)
    for name, value in re.findall(r"^\s*int\s+(\w+)\s*=\s*(-?\d+)\s*;", body, re.M):
        known[name] = value
    known["ip"] = "ip"

    def value(expr):
        expr = expr.strip()
        if expr in known:
            return (expr, known[expr])
        e = expr
        for macro, size in DEFAULT_SIZES.items():
            e = re.sub(r"\b%s\b" % macro, str(size), e)
        if not re.fullmatch(r"[0-9+\-*/() ]+", e):
            die("cannot evaluate main()'s argument %r" % expr)
        return (expr, str(eval(e.replace("/", "//"))))  # integer arithmetic

    out = {}
    for name, arg in re.findall(r"time_function\(&(\w+),\s*(.*)\);", body):
        arg = arg.strip()
        if arg == "NULL":
            out[name] = []
        elif arg.startswith("&(struct"):
            fields = arg[arg.rindex("{") + 1:arg.rindex("}")]
            out[name] = [value(f) for f in fields.split(",")]
        else:
            out[name] = [value(arg.lstrip("&"))]
    return out


def describe_arguments(k, passed):
    """Header lines naming what main() passes, and the --param line that
    survey.sh gives `verify` (integer parameters only: --param takes integers)."""
    if not k["args"]:
        return ""
    if len(passed) != len(k["args"]):
        die("%s: main() passes %d values, the kernel reads %d"
            % (k["name"], len(passed), len(k["args"])))
    said, params, notes = [], [], []
    for (typ, name, is_ptr, init), (expr, val) in zip(k["args"], passed):
        if is_ptr:
            said.append("ip = init()'s index array (common.c: a permutation of "
                        "0..LEN_1D-1 in groups of 5)")
            continue
        shown = ("%s = %s" % (name, val) if expr in (name, val)
                 else "%s = %s = %s" % (name, expr, val))
        reads_int = "*(int*)" in init.replace(" ", "")
        if expr in INIT_VALUES and reads_int:
            # s272, s332, s2710 (`int t = *(int*)func_args->arg_info`) and
            # vpvts (`real_t s = *(int*)...`) read the bits of the float s1
            # as an int; TSVC_2's old signatures (`s272(real_t t)`) meant
            # the value. The survey verifies the int ones with the value.
            shown = ("%s = *(int*)&%s (TSVC_2 reads the real_t %s as an int"
                     % (name, expr, val))
            if typ == "int":
                val = str(int(float(val)))
                shown += "; verified with %s = %s)" % (name, val)
            else:
                shown += ")"
        said.append(shown)
        if typ == "int":
            params.append("--param %s=%s" % (name, val))
        else:
            notes.append(name)
    text = "\n   Arguments from TSVC_2's main(): " + "; ".join(said) + "."
    if notes:
        text += ("\n   (verify cannot set real_t %s: --param takes integers; its "
                 "harness passes 1.5)" % ", ".join(notes))
    if params:
        text += "\n   verify-params: " + " ".join(params)
    return text


def convert(text, out_dir, short):
    funcs = functions(text)
    kernels = [f for f in funcs if re.fullmatch(r"struct\s+args_t\s*\*\s*func_args", f[1])]
    helpers = [(f[0], f[2]) for f in funcs
               if f not in kernels and f[0] not in ("main", "time_function")]
    passed = main_arguments(text)
    order = list(passed)
    names = [k[0] for k in kernels]
    if sorted(order) != sorted(names):
        die("kernels defined and kernels run by main() differ: %s"
            % sorted(set(order) ^ set(names)))
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for name, _, _, body in kernels:
        k = parse_kernel(name, body, helpers)
        if name in HAND_FIXES:
            HAND_FIXES[name][1](k)
        src = render(k, short, passed[name])
        if "func_args" in src or "dummy(" in src or "gettimeofday" in src:
            die("%s: harness code left in the output" % name)
        with open(os.path.join(out_dir, name + ".c"), "w", encoding="utf-8") as f:
            f.write(src)
        written.append(name)
    # The kernels in the order of main() (s000 s111 s1111 ...), for survey.sh.
    with open(os.path.join(os.path.dirname(os.path.abspath(out_dir)), "kernels.txt"),
              "w", encoding="utf-8") as f:
        f.write("".join(n + "\n" for n in order))
    return written


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tsvc_c", nargs="?", help="path of TSVC_2's src/tsvc.c")
    ap.add_argument("--repo", default=DEFAULT_REPO,
                    help="git directory of a TSVC_2 clone (without TSVC_C)")
    ap.add_argument("--out", default=os.path.join(here, "kernels"),
                    help="output folder (default: kernels/ next to the script)")
    opts = ap.parse_args()

    text = read_source(opts.tsvc_c, opts.repo)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if digest != PINNED_SHA256:
        sys.stderr.write("convert.py: warning: this tsvc.c is not the one of "
                         "commit %s (sha256 %s); the header still names that "
                         "commit, check the output\n" % (PINNED_COMMIT[:7], digest))
    written = convert(text, opts.out, PINNED_COMMIT[:7])
    print("wrote %d kernels to %s" % (len(written), opts.out))


if __name__ == "__main__":
    main()
