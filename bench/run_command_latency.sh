#!/bin/bash
# Times the last command of each bench/scripts/*.ls on its PolyBench kernel
# with `loopscape-cli bench` (apply + legality + AST + every printer).
# usage: bench/run_command_latency.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cli=${1:-$root/build}/app/loopscape-cli
pb=$root/tests/data/polybench
declare -A kernel=(
  [gemm]=linear-algebra/blas/gemm/gemm.c
  [lu]=linear-algebra/solvers/lu/lu.c
  [jacobi]=stencils/jacobi-2d/jacobi-2d.c
  [fdtd]=stencils/fdtd-2d/fdtd-2d.c
  [heat]=stencils/heat-3d/heat-3d.c
  [seidel]=stencils/seidel-2d/seidel-2d.c
)
for name in gemm lu jacobi fdtd heat seidel; do
  printf '%-8s %s\n' "$name" "$("$cli" bench "$pb/${kernel[$name]}" --script "$here/scripts/$name.ls" -I "$pb/utilities" | tail -1)"
done
