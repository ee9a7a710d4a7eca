#!/bin/bash
# Runs, on a machine with a CUDA GPU, what bench/gpu/prepare.sh built
# elsewhere, and writes the reports into REPORTS:
#   device.txt    the GPU, driver and nvcc
#   bundles.txt   each bundle's verdict (loopscape-run-bundle)
#   sgemm.md      sgemm by clicks against cuBLAS, built here, same device
#   stencils.md   jacobi-2d and heat-3d, clicked against hand-written CUDA
#   outputs.tgz   what every program printed
# usage: device_run.sh PREPARED REPORTS
set -u
prepared=$(cd "${1:?usage: device_run.sh PREPARED REPORTS}" && pwd)
reports=${2:?usage: device_run.sh PREPARED REPORTS}
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)
cd "$prepared" || exit 2
# The Halide programs' OpenMP runtime, where this machine has none.
[ -d lib ] && export LD_LIBRARY_PATH=$prepared/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  "$nvcc" --version | tail -2
} >"$reports/device.txt" 2>&1

# cuBLAS, built here (its library is this machine's), while the bundles run.
(for n in 1024 2048 4096; do
   "$nvcc" -O3 -arch=sm_90 -DN=$n cublas_sgemm.cu -lcublas -o sgemm/cublas.$n || echo "cublas $n: NOT BUILT"
 done) >"$reports/cublas_build.txt" 2>&1 &
builder=$!

# The bundles, four at a time: each line is `DIR: verdict: message`.
ls -d bundles/*/ | sed 's|/$||' | xargs -P 4 -n 1 bin/loopscape-run-bundle --timeout 90 \
  >"$reports/bundles.txt" 2>"$reports/bundles.err"
# Those not equal again without the sandbox's limits, to tell a limit from a wrong result.
grep -v ': equal: ' "$reports/bundles.txt" | cut -d: -f1 | while read -r dir; do
  echo "== $dir, again --unconfined" >>"$reports/bundles.err"
  bin/loopscape-run-bundle --unconfined --timeout 90 "$dir" >>"$reports/bundles.err" 2>&1
done
wait $builder

ms_of() { sed -n 's/^kernel_ms //p' "$1" | tail -1; }
{
  echo "| sgemm | mapping | kernel time (ms) | TFLOP/s | vs cuBLAS | checksum |"
  echo "|---|---|---:|---:|---:|---|"
  for n in 1024 2048 4096; do
    for program in cublas clicked register register8 register4x8 register4x8_k4 register8x4_wide register8x8_k2 naive; do
      [ -x "sgemm/$program.$n" ] || { echo "| $n^3 | $program | not built | | | |"; continue; }
      if ! "sgemm/$program.$n" >"sgemm/$program.$n.out" 2>&1; then
        echo "| $n^3 | $program | FAILED: $(tail -1 "sgemm/$program.$n.out") | | | |"
        continue
      fi
      ms=$(ms_of "sgemm/$program.$n.out")
      base=$(ms_of "sgemm/cublas.$n.out")
      sum=$(sed -n 's/^checksum //p' "sgemm/$program.$n.out")
      [ -n "$ms" ] && awk -v n=$n -v p=$program -v ms="$ms" -v b="${base:-0}" -v s="$sum" \
        'BEGIN { printf "| %d^3 | %s | %.3f | %.2f | %s | %s |\n", n, p, ms, 2 * n * n * n / (ms * 1e9), (b > 0 ? sprintf("%.3fx", b / ms) : "-"), s }'
    done
  done
} >"$reports/sgemm.md"

{
  echo "| stencil | size | version | kernel time (ms) | vs hand-written |"
  echo "|---|---|---|---:|---:|"
  for kernel in jacobi-2d heat-3d; do
    for dataset in LARGE EXTRALARGE; do
      hand=stencils/$kernel.hand.$dataset
      hand_ms=
      if "$hand" >"$hand.out" 2>&1; then
        hand_ms=$(ms_of "$hand.out")
        echo "| $kernel | $dataset | hand-written | $hand_ms (the loop without the waits: $(sed -n 's/^loop_ms //p' "$hand.out")) | 1.00x |"
      else
        echo "| $kernel | $dataset | hand-written | FAILED: $(tail -1 "$hand.out") | |"
      fi
      for program in stencils/$kernel.*.$dataset; do
        case $program in *.cu|*.out|*.hand.*) continue ;; esac
        label=${program#stencils/$kernel.}; label=${label%.$dataset}
        if ! timeout 120 "$program" >"$program.out" 2>&1; then
          echo "| $kernel | $dataset | clicked: $label | FAILED: $(grep -v kernel_ms "$program.out" | tail -1) | |"
          continue
        fi
        ms=$(ms_of "$program.out")
        [ -n "$ms" ] && awk -v k=$kernel -v d=$dataset -v l="$label" -v ms="$ms" -v h="${hand_ms:-0}" \
          'BEGIN { printf "| %s | %s | clicked: %s | %.3f | %s |\n", k, d, l, ms, (h > 0 ? sprintf("%.2fx", h / ms) : "-") }'
      done
    done
  done
} >"$reports/stencils.md"
tar czf "$reports/outputs.tgz" sgemm/*.out stencils/*.out bundles/*/actual.std* 2>/dev/null
echo "bundles: $(grep -c ': equal: ' "$reports/bundles.txt") equal, $(grep -c ': DIFFERENT: ' "$reports/bundles.txt") different, $(grep -c ': ERROR: ' "$reports/bundles.txt") not run, of $(ls -d bundles/*/ | wc -l)"
cat "$reports/sgemm.md" "$reports/stencils.md"
