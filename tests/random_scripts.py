#!/usr/bin/env python3
"""Random schedule scripts on the PolyBench stand-in, checked end to end.

Each script holds 1 to 3 commands on random statements and loops of a random
kernel. `loopscape-cli check` must either accept it, and then `verify` must
find the same results as the original program (MINI dataset), or refuse it:
illegal (exit 3) with a concrete witness, or malformed (exit 2). A legal
script whose code computes something else is the bug this hunts for.

usage: tests/random_scripts.py [--seed N] [--count N] [--mix loops|fusion|tree]
       [--build DIR]   (the log of every refusal and failure goes to stderr)
"""
import argparse
import os
import random
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument('--seed', type=int, default=1)
parser.add_argument('--count', type=int, default=60)
parser.add_argument('--mix', choices=['loops', 'fusion', 'tree'], default='loops')
parser.add_argument('--build', default=os.path.join(root, 'build'))
args = parser.parse_args()

random.seed(args.seed)
cli = os.path.join(args.build, 'app', 'loopscape-cli')
pb = os.path.join(root, 'tests', 'data', 'polybench')
kernels = [l.strip() for l in open(os.path.join(pb, 'kernels.txt')) if l.strip()]
loop_commands = ['interchange', 'tile', 'tile3', 'skew', 'reverse', 'shift', 'parallelize', 'split', 'unroll',
                 'vectorize', 'after']
fusion_commands = ['after', 'before', 'then', 'compute_at', 'after_root', 'interchange', 'tile', 'skew', 'shift',
                   'parallelize']
tree_commands = ['interchange', 'split', 'cat', 'tile', 'parallel']
choices = {'loops': loop_commands, 'fusion': fusion_commands, 'tree': tree_commands}[args.mix]


def tree_command(info):
    """A spec 000 operation on a named band of the original tree."""
    bands = re.findall(r'-> \[([^\]]+)\] \} : (\w+)', info.split('schedule tree:')[-1])
    if not bands:
        return None
    members, name = random.choice(bands)
    n = len(members.split(','))
    c = random.choice(choices)
    if c == 'interchange' and n >= 2:
        order = list(range(n))
        random.shuffle(order)
        return f'{name}.interchange({", ".join(map(str, order))})'
    if c == 'split' and n >= 2: return f'{name}.split({random.randint(1, n - 1)})'
    if c == 'cat': return f'{name}.cat()'
    if c == 'tile': return f'{name}.tile({", ".join(["4"] * n)})'
    if c == 'parallel': return f'{name}.parallel()'
    return None


def command(stmts):
    s, its = random.choice(stmts)
    its = [x.strip() for x in its.split(',') if x.strip()]
    if not its:
        return None
    a, b = random.choice(its), random.choice(its)
    other, other_its = random.choice(stmts)
    other_its = [x.strip() for x in other_its.split(',') if x.strip()]
    c = random.choice(choices)
    adjacent = a != b and its.index(a) + 1 == its.index(b)
    if c == 'interchange' and a != b: return f'{s}.interchange({a}, {b})'
    if c == 'tile' and adjacent: return f'{s}.tile({a}, {b}, 4, 4)'
    if c == 'tile3' and len(its) >= 3: return f'{s}.tile({its[0]}, {its[1]}, {its[2]}, 4, 4, 2)'
    if c == 'skew' and adjacent: return f'{s}.skew({a}, {b}, {random.choice([1, 2])})'
    if c == 'reverse': return f'{s}.loop_reversal({a})'
    if c == 'shift': return f'{s}.shift({a}, {random.choice([1, -1, 2])})'
    if c == 'parallelize': return f'{s}.parallelize({a})'
    if c == 'split': return f'{s}.split({a}, 4)'
    if c == 'unroll': return f'{s}.unroll({a}, 2)'
    if c == 'vectorize': return f'{s}.vectorize({a}, 4)'
    if c in ('after', 'before', 'then', 'compute_at') and other != s and other_its:
        return f'{s}.{c}({other}, {random.choice(other_its)})'
    if c == 'after_root' and other != s: return f'{s}.after({other}, root)'
    return None


counts = {'legal, same results': 0, 'legal, DIFFERENT results': 0, 'legal, verify failed': 0,
          'illegal, with witness': 0, 'illegal, no witness': 0, 'malformed': 0}
os.makedirs('/tmp/loopscape-random-scripts', exist_ok=True)
for n in range(args.count):
    kernel = os.path.join(pb, random.choice(kernels))
    info = subprocess.run([cli, 'info', kernel, '-I', os.path.join(pb, 'utilities')], capture_output=True,
                          text=True).stdout
    stmts = re.findall(r'^\s+domain: \{ (S\d+)\[([^\]]*)\]', info, re.M)
    if not stmts:
        continue
    make = (lambda: tree_command(info)) if args.mix == 'tree' else (lambda: command(stmts))
    calls = [c for c in (make() for _ in range(random.randint(1, 3))) if c]
    if not calls:
        continue
    script = f'/tmp/loopscape-random-scripts/{args.seed}-{n}.ls'
    with open(script, 'w') as f:
        f.write('\n'.join(calls) + '\n')
    base = [kernel, '--script', script, '-I', os.path.join(pb, 'utilities')]
    check = subprocess.run([cli, 'check'] + base, capture_output=True, text=True)
    said = check.stdout + check.stderr
    if check.returncode == 0:
        run = subprocess.run([cli, 'verify'] + base + ['-DMINI_DATASET', os.path.join(pb, 'utilities', 'polybench.c')],
                             capture_output=True, text=True)
        kind = {0: 'legal, same results', 4: 'legal, DIFFERENT results'}.get(run.returncode, 'legal, verify failed')
        said = run.stdout[-1500:] + run.stderr[-1500:]
    elif check.returncode == 3:
        kind = 'illegal, with witness' if re.search(r'source iteration|problem|parallel tag|would', said) \
            else 'illegal, no witness'
    else:
        kind = 'malformed'
    counts[kind] += 1
    if kind not in ('legal, same results', 'illegal, with witness'):
        print(f'### {kind}: {os.path.relpath(kernel, pb)}\n' + '\n'.join(calls) + '\n' + said[-1200:], file=sys.stderr)
for kind, n in counts.items():
    print(f'{kind}: {n}')
sys.exit(1 if counts['legal, DIFFERENT results'] or counts['legal, verify failed'] or counts['illegal, no witness']
         else 0)
