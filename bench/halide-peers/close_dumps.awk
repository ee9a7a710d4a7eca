# Two PolyBench dumps (2 decimals) hold the same values up to one unit of the last printed digit.
NR == FNR { for (i = 1; i <= NF; ++i) want[++n] = $i; next }
{ for (i = 1; i <= NF; ++i) got[++m] = $i }
END {
  if (n != m) { print "count " n " vs " m; exit 1 }
  for (k = 1; k <= n; ++k) {
    if (want[k] == got[k]) continue
    if (want[k] !~ /^-?[0-9.]+$/ || got[k] !~ /^-?[0-9.]+$/) { print "token " k; exit 1 }
    d = want[k] - got[k]; if (d < 0) d = -d
    a = want[k] < 0 ? -want[k] : want[k]
    if (d > 0.0101 + 1e-6 * a) { print "value " k ": " want[k] " vs " got[k]; exit 1 }
  }
}
