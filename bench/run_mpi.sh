#!/bin/bash
# The mpi target on the stencils at LARGE size: region time on 1, 2 and 4
# ranks (mpirun --oversubscribe on this machine's cores), speed-up over the
# original sequential program, and bytes sent per time step against the
# halo's lower bound (one row or plane each way across each block boundary,
# per sweep). usage: bench/run_mpi.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cli=${1:-$root/build}/app/loopscape-cli
pb=$root/tests/data/polybench
# kernel, file, steps, elements in one halo row/plane
kernels=("jacobi-2d stencils/jacobi-2d/jacobi-2d.c 500 $((1300 - 2))"
         "heat-3d stencils/heat-3d/heat-3d.c 500 $(((120 - 2) * (120 - 2)))")
printf '| kernel | ranks | original region | mpi region | speed-up | bytes sent | per step | halo lower bound per step |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for entry in "${kernels[@]}"; do
  read -r name file steps plane <<<"$entry"
  for ranks in 1 2 4; do
    out=$("$cli" verify "$pb/$file" "$pb/utilities/polybench.c" -I "$pb/utilities" -DLARGE_DATASET \
          --script "$root/samples/scripts/mpi/$name.ls" --target mpi --ranks "$ranks")
    echo "$out" | grep -q ': equal' || { echo "$out" >&2; exit 1; }
    original=$(echo "$out" | sed -n 's/^original: region \([0-9.]*\) s.*/\1/p')
    emitted=$(echo "$out" | sed -n 's/^emitted:  region \([0-9.]*\) s.*/\1/p')
    bytes=$(echo "$out" | sed -n 's/^sent: \([0-9]*\) bytes.*/\1/p')
    bound=$((2 * 2 * (ranks - 1) * plane * 8))
    printf '| %s | %d | %s s | %s s | %.2fx | %s | %d | %d |\n' "$name" "$ranks" "$original" "$emitted" \
      "$(awk -v a="$original" -v b="$emitted" 'BEGIN { print a / b }')" "$bytes" "$((bytes / steps))" "$bound"
  done
done
