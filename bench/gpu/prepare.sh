#!/bin/bash
# Everything the GPU checks need, built on a machine without a GPU, in one
# folder for bench/gpu/device_run.sh to run where the GPU is:
#   bundles/   `verify --bundle` of each case of cases.txt and of gpu_auto on
#              the 30 PolyBench kernels (cuda and halide), at each size
#   sgemm/     sgemm at 1024, 2048, 4096 through the clicked mappings, built
#              with nvcc for sm_90 (cuBLAS is built on the GPU machine)
#   stencils/  jacobi-2d and heat-3d, clicked and hand-written, for sm_90
#   bin/       loopscape-run-bundle
# usage: bench/gpu/prepare.sh OUT [BUILD_DIR] [DATASETS...]   (default MINI_DATASET MEDIUM_DATASET)
# ONLY=REGEX bundles only the cases (and auto_KERNEL) whose names match.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
out=${1:?usage: prepare.sh OUT [BUILD_DIR] [DATASETS...]}
build=${2:-$root/build}
shift $(( $# >= 2 ? 2 : 1 ))
datasets=("$@")
[ ${#datasets[@]} -gt 0 ] || datasets=(MINI_DATASET MEDIUM_DATASET)
cli=$build/app/loopscape-cli
nvcc=$(command -v nvcc || echo "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc")
pb=$root/tests/data/polybench
arch=(-gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90)
mkdir -p "$out"/{bundles,sgemm,stencils,bin,scripts}
out=$(cd "$out" && pwd)
log=$out/prepare.log
: >"$log"
cp "$build/app/loopscape-run-bundle" "$out/bin/"
# The Halide programs link the OpenMP runtime, which a GPU machine may lack.
mkdir -p "$out/lib" && cp "$(gcc -print-file-name=libgomp.so.1)" "$out/lib/"
cp "$here/cublas_sgemm.cu" "$here/device_run.sh" "$out/"

inputs_for() {  # FILE: the file, and PolyBench's utilities where it is a kernel
  case $1 in
    */polybench/*) echo "$1 -I $pb/utilities $pb/utilities/polybench.c" ;;
    *) echo "$1" ;;
  esac
}

bundle() {  # NAME FILE TARGET SCRIPT DATASET
  local name=$1 file=$2 target=$3 script=$4 dataset=$5
  [[ $name =~ ${ONLY:-.} ]] || return 0
  local dir=$out/bundles/${name}.${dataset%_DATASET}
  rm -rf "$dir"
  # shellcheck disable=SC2046
  "$cli" verify $(inputs_for "$root/$file") -D"$dataset" --script "$script" --target "$target" \
    --bundle "$dir" >>"$log" 2>&1
  local rc=$?
  echo "prepare $name ${dataset%_DATASET} $target: exit $rc" >>"$log"
  [ $rc -eq 5 ] && [ -e "$dir/bundle.txt" ] && echo "bundled $name.${dataset%_DATASET}" || echo "NOT BUNDLED $name.${dataset%_DATASET} (exit $rc, see $log)"
}

# The named cases.
while IFS='|' read -r name file defines target commands; do
  name=$(echo $name); file=$(echo $file); target=$(echo $target)
  case $name in ''|'#'*) continue ;; esac
  script=$out/scripts/$name.ls
  echo "$commands" | tr ';' '\n' | sed 's/^ *//' | grep -v '^$' >"$script"
  for dataset in "${datasets[@]}"; do bundle "$name" "$file" "$target" "$script" "$dataset"; done
done <"$here/cases.txt"

# gpu_auto on every statement that takes it, in each PolyBench kernel.
while read -r kernel; do
  name=$(basename "$kernel" .c)
  [[ auto_$name =~ ${ONLY:-.} ]] || continue
  script=$out/scripts/auto_$name.ls
  : >"$script"
  for s in $(seq 0 19); do
    cp "$script" "$script.try"
    echo "S$s.gpu_auto()" >>"$script.try"
    # shellcheck disable=SC2046
    if "$cli" check $(inputs_for "$pb/$kernel") --script "$script.try" >/dev/null 2>&1; then
      mv "$script.try" "$script"
    fi
  done
  rm -f "$script.try"
  if [ ! -s "$script" ]; then
    echo "auto_$name: no statement takes gpu_auto" | tee -a "$log"
    continue
  fi
  for target in cuda halide; do
    for dataset in "${datasets[@]}"; do bundle "auto_${name}_$target" "tests/data/polybench/$kernel" "$target" "$script" "$dataset"; done
  done
done <"$pb/kernels.txt"

# sgemm through the clicked mappings.
for n in 1024 2048 4096; do
  for mapping in clicked register register8 register4x8 register4x8_k4 register8x4_wide register8x8_k2 naive; do
    "$cli" emit "$here/sgemm.c" -DN="$n" --script "$here/$mapping.ls" --target cuda -o "$out/sgemm/$mapping.$n.cu" &&
      "$nvcc" -O3 "${arch[@]}" -DN="$n" -DLS_CUDA_TIMING -x cu "$out/sgemm/$mapping.$n.cu" -o "$out/sgemm/$mapping.$n" ||
      echo "sgemm $mapping $n: NOT BUILT" | tee -a "$log"
  done
done

# The stencils: the clicked mappings (their kernels' time reported at exit by
# kernel_ms_report.cu) and the hand-written versions.
declare -A stencil_file=([jacobi-2d]=stencils/jacobi-2d/jacobi-2d.c [heat-3d]=stencils/heat-3d/heat-3d.c)
declare -A stencil_scripts=(
  [jacobi-2d]="tile_gpu_16x16:S0.tile_gpu(i, j, 16, 16);S1.tile_gpu(i, j, 16, 16)|tile_gpu_32x8:S0.tile_gpu(i, j, 8, 32);S1.tile_gpu(i, j, 8, 32)|gpu_auto:S0.gpu_auto();S1.gpu_auto()"
  [heat-3d]="gpu_ij:S0.gpu(i, j);S1.gpu(i, j)|jki_tile_gpu_4x32:S0.interchange(i, j);S0.interchange(i, k);S0.tile_gpu(j, k, 4, 32);S1.interchange(i, j);S1.interchange(i, k);S1.tile_gpu(j, k, 4, 32)|gpu_auto:S0.gpu_auto();S1.gpu_auto()")
for kernel in jacobi-2d heat-3d; do
  IFS='|' read -ra variants <<<"${stencil_scripts[$kernel]}"
  for variant in "${variants[@]}"; do
    label=${variant%%:*}
    echo "${variant#*:}" | tr ';' '\n' >"$out/scripts/${kernel}_$label.ls"
    for dataset in LARGE EXTRALARGE; do
      base=$out/stencils/$kernel.$label.$dataset
      # shellcheck disable=SC2046
      "$cli" emit $(inputs_for "$pb/${stencil_file[$kernel]}") -D${dataset}_DATASET \
        --script "$out/scripts/${kernel}_$label.ls" --target cuda -o "$base.cu" 2>>"$log" &&
        "$nvcc" -O3 "${arch[@]}" -w -D${dataset}_DATASET -DLS_CUDA_TIMING -I "$pb/utilities" \
          -I "$pb/$(dirname "${stencil_file[$kernel]}")" -x cu "$base.cu" "$pb/utilities/polybench.c" \
          "$here/stencils/kernel_ms_report.cu" -o "$base" 2>>"$log" ||
        echo "stencil $kernel $label $dataset: NOT BUILT" | tee -a "$log"
    done
  done
done
for dataset in "LARGE -DN=1300 -DTSTEPS=500" "EXTRALARGE -DN=2800 -DTSTEPS=1000"; do
  "$nvcc" -O3 "${arch[@]}" ${dataset#* } "$here/stencils/jacobi2d_hand.cu" -o "$out/stencils/jacobi-2d.hand.${dataset%% *}"
done
for dataset in "LARGE -DN=120 -DTSTEPS=500" "EXTRALARGE -DN=200 -DTSTEPS=1000"; do
  "$nvcc" -O3 "${arch[@]}" ${dataset#* } "$here/stencils/heat3d_hand.cu" -o "$out/stencils/heat-3d.hand.${dataset%% *}"
done
echo "prepared in $out: $(ls "$out/bundles" | wc -l) bundles, $(ls "$out/sgemm" | grep -vc '\.cu$') sgemm programs, $(ls "$out/stencils" | grep -vc '\.cu$') stencil programs"
