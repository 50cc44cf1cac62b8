#!/usr/bin/env bash
# Packs the device check for a GPU machine that has Node.js but no workspace install (no
# node_modules, no pnpm, no network): compiles the cuda_tile examples as run.sh does, into
# tools/device-check/dist/ptx/, and bundles src/main.ts with everything it imports into
# tools/device-check/dist/device-check.mjs (with runner.c beside it, which the bundle builds
# there). dist/ is ignored by git; copy or carry it along with the checkout, then run there:
#
#   node tools/device-check/dist/device-check.mjs --ptx-dir tools/device-check/dist/ptx [options]
#
# Needs `pnpm install && pnpm build` here. GPU_NAME picks the architecture (default sm_90a).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
arch="${GPU_NAME:-sm_90a}"
dist=tools/device-check/dist
[ -f packages/cli/dist/tilepass-compile.js ] || pnpm build
rm -rf "$dist"
mkdir -p "$dist/ptx"
for k in vector-add row-softmax gemm-f16 gemm-f16-staged gemm-f16-staged-128x128; do
  node packages/cli/bin/tilepass-compile.js "examples/cuda-tile/$k.mlir" -o "$dist/ptx/$k.ptx" --gpu-name="$arch"
done
node packages/cli/bin/tilepass-compile.js examples/cuda-tile/gemm-f16-staged.mlir -O1 -o "$dist/ptx/gemm-f16-staged-O1.ptx" --gpu-name="$arch"
# ESM, so that import.meta.url (where main.ts finds ../cases and ./runner.c) is the bundle's
# own path; the banner gives bundled CommonJS dependencies a require. esbuild is the CLI
# package's build dependency.
root="$PWD"
pnpm --filter @tilepass/cli exec esbuild "$root/tools/device-check/src/main.ts" --bundle --platform=node --format=esm --target=node20 \
  --conditions=source --log-level=warning --outfile="$root/$dist/device-check.mjs" \
  --banner:js="import { createRequire as __tpCreateRequire } from 'node:module'; const require = __tpCreateRequire(import.meta.url);"
cp tools/device-check/src/runner.c "$dist/runner.c"
echo "packed $dist ($arch): node $dist/device-check.mjs --ptx-dir $dist/ptx"
