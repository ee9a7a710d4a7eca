#!/bin/bash
# Single-precision gemm at N^3 (default 4096) on the GPU: the schedule a user
# clicks (clicked.ls: tile_gpu + cache_shared_at + an unrolled k; register.ls:
# 4 x 4 register tiles per thread; register4x8.ls: 8 x 4), the naive
# one-thread-per-element mapping (naive.ls), and cuBLAS, in one run on the same
# device; TFLOP/s from the kernels' own time (CUDA events, copies excluded),
# and each mapping's checksum against cuBLAS's.
# usage: bench/gpu/run.sh [BUILD_DIR] [N]
# Without a CUDA device it builds everything, says that nothing ran and exits
# with status 5 (2 when something is missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
case ${1:-} in -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
cli=${1:-$root/build}/app/loopscape-cli
n=${2:-4096}
[ -x "$cli" ] || { echo "no $cli: build Loopscape first (cmake --build), or give its build folder" >&2; exit 2; }
nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
[ -x "$nvcc" ] || { echo "nvcc not found (PATH, \$CUDA_PATH, /usr/local/cuda)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mappings=()
for mapping in clicked register register4x8 naive; do
  # naive.ls puts a whole row on one block's threads: refused past 1024.
  if "$cli" emit "$here/sgemm.c" -DN="$n" --script "$here/$mapping.ls" --target cuda -o "$work/$mapping.cu"; then
    "$nvcc" -O3 -arch=sm_90 -DN="$n" -DLS_CUDA_TIMING -x cu "$work/$mapping.cu" -o "$work/$mapping"
    mappings+=("$mapping")
  fi
done
"$nvcc" -O3 -arch=sm_90 -DN="$n" "$here/cublas_sgemm.cu" -lcublas -o "$work/cublas"
if [ ! -e /dev/nvidiactl ] || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "built ${mappings[*]} and cublas with nvcc $("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'); no CUDA device here: nothing ran"
  exit 5
fi
nvidia-smi -L
flops=$(awk -v n="$n" 'BEGIN { printf "%.0f", 2 * n * n * n }')
declare -A ms sum
for program in "${mappings[@]}" cublas; do
  out=$("$work/$program")
  ms[$program]=$(echo "$out" | sed -n 's/^kernel_ms //p')
  sum[$program]=$(echo "$out" | sed -n 's/^checksum //p')
done
printf '| sgemm %s^3 | kernel time | TFLOP/s | vs cuBLAS | checksum |\n|---|---|---|---|---|\n' "$n"
for program in "${mappings[@]}" cublas; do
  printf '| %s | %s ms | %.2f | %.3fx | %s |\n' "$program" "${ms[$program]}" \
    "$(awk -v f="$flops" -v t="${ms[$program]}" 'BEGIN { print f / (t * 1e9) }')" \
    "$(awk -v a="${ms[cublas]}" -v b="${ms[$program]}" 'BEGIN { print a / b }')" "${sum[$program]}"
done
