#!/usr/bin/env python3
"""Checks that every relative link and image in the repository's Markdown
files resolves: [text](path), ![alt](path) and [text](path#anchor).

    docs/check_links.py            # every *.md that git knows (tracked or not ignored)
    docs/check_links.py FILE.md    # only these files

A path is resolved from the folder of the file that holds the link. An anchor
into a Markdown file must match one of its headings (GitHub's rule: lower
case, punctuation dropped, spaces to hyphens). Links to http(s) and mailto
are not fetched. Links inside code (fenced blocks and `spans`) are skipped.
Prints each broken link as FILE:LINE: and exits with 1 when there is one.
"""
import os
import re
import subprocess
import sys

LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
FENCE = re.compile(r'^\s*(```|~~~)')
HEADING = re.compile(r'^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$')


def markdown_files(root):
    out = subprocess.run(['git', 'ls-files', '-co', '--exclude-standard', '*.md'],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    return [os.path.join(root, line) for line in out.splitlines()
            if line and os.path.exists(os.path.join(root, line))]


def lines_outside_code(text):
    """Yields (line number, line) with inline code spans blanked, outside fences."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        yield number, re.sub(r'`[^`]*`', '``', line)


def slug(heading):
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)  # links keep their text
    text = text.replace('`', '').strip().lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


_anchors = {}


def anchors(path):
    if path not in _anchors:
        seen = {}
        found = set()
        with open(path, encoding='utf-8') as f:
            for _, line in lines_outside_code(f.read()):
                m = HEADING.match(line)
                if not m:
                    continue
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f'{base}-{n}')
        _anchors[path] = found
    return _anchors[path]


def check(path):
    broken = []
    with open(path, encoding='utf-8') as f:
        text = f.read()
    for number, line in lines_outside_code(text):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.I):
                continue  # http:, https:, mailto:
            file_part, _, anchor = target.partition('#')
            resolved = path if not file_part else os.path.normpath(
                os.path.join(os.path.dirname(path), file_part))
            if not os.path.exists(resolved):
                broken.append((number, target, 'no such file'))
            elif anchor and resolved.endswith('.md') and anchor not in anchors(resolved):
                broken.append((number, target, f'no heading #{anchor}'))
    return broken


def main(argv):
    root = subprocess.run(['git', 'rev-parse', '--show-toplevel'], capture_output=True, text=True,
                          check=True).stdout.strip()
    files = [os.path.abspath(a) for a in argv[1:]] or markdown_files(root)
    count = 0
    for path in sorted(files):
        for number, target, why in check(path):
            print(f'{os.path.relpath(path)}:{number}: ({target}): {why}')
            count += 1
    print(f'{len(files)} Markdown files, {count} broken link(s)', file=sys.stderr)
    return 1 if count else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
