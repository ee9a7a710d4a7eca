# Doxygen input filter for Loopscape's headers (docs/Doxyfile.in, INPUT_FILTER).
#
# The headers document their declarations with plain `//` comments. Doxygen
# reads only `///`, so this filter rewrites, in the text it hands to doxygen
# (the files themselves are not touched):
#   - the first comment block after `#pragma once` into the file's description
#     (`///` lines, the last one ending in `\file`);
#   - a block of whole-line `//` comments that a declaration follows into
#     `///` (a block followed by a blank line, a preprocessor line, a brace,
#     an access specifier or a macro call stays a plain comment: it heads a
#     group, not one declaration);
#   - a comment after `;` or `,` on a declaration's line, or after a macro
#     call such as `LOOPSCAPE_COMMAND(tile)`, into `///<` (it describes that
#     member or enumerator);
#   - `#word` and `<word` in the comments it rewrites into `\#word` and
#     `\<word` (doxygen would take `#pragma` for a link, `<target>` for HTML).
# The SPDX line stays a plain comment. Lines keep their numbers.

# Doxygen reads `#word` as a link and `<word` as an HTML tag: escape both.
function escape(text) {
  gsub(/#[A-Za-z]/, "\\\\&", text)
  gsub(/<[A-Za-z]/, "\\\\&", text)
  return text
}

function flush(next_line,    i, doc, text) {
  if (nblock == 0) return
  doc = 0
  if (file_block_pending) {
    file_block_pending = 0
    for (i = 1; i <= nblock; i++) {
      text = block[i]
      sub(/\/\//, "///", text)
      text = escape(text)
      if (i == nblock) text = text " \\file"
      print text
    }
    nblock = 0
    return
  }
  if (next_line !~ /^[ \t]*$/ && next_line !~ /^[ \t]*#/ && next_line !~ /^[ \t]*[{}]/ &&
      next_line !~ /^[ \t]*(public|private|protected):/ && next_line !~ /^[ \t]*[A-Z][A-Z0-9_]*\(/)
    doc = 1
  for (i = 1; i <= nblock; i++) {
    text = block[i]
    if (doc) { sub(/\/\//, "///", text); text = escape(text) }
    print text
  }
  nblock = 0
}

BEGIN { nblock = 0; file_block_pending = 0; seen_code = 0 }

# The SPDX line and the include guard.
/^\/\/ SPDX-License-Identifier:/ { print; next }
/^#pragma once/ { print; if (!seen_code) file_block_pending = 1; next }

# A whole-line comment (not a `///` or `//!` one already).
/^[ \t]*\/\/([^\/!]|$)/ { block[++nblock] = $0; next }

{
  line = $0
  if (nblock > 0) flush(line)
  if (file_block_pending && line !~ /^[ \t]*$/) file_block_pending = 0
  if (line !~ /^[ \t]*#/ && line !~ /^[ \t]*$/) seen_code = 1
  if ((line ~ /[;,][ \t]+\/\/ / || line ~ /^[ \t]*[A-Z][A-Z0-9_]*\([^)]*\)[ \t]+\/\/ /) &&
      line !~ /"[^"]*\/\/[^"]*"/)
  {
    at = match(line, /[ \t]+\/\/ /)
    line = substr(line, 1, at - 1) " ///< " escape(substr(line, at + RLENGTH))
  }
  print line
}

END { flush("") }
