#!/usr/bin/env bash
# Power cuts: board/qemu-x86_64/power-cut --ci, the fixed subset of its schedule that CI runs (seed 1: a cut in the
# first seconds after boot, after a proof-of-play append, during an rsync push and during dpkg -i; five boots of one
# disk, about 200 s in CI); the whole schedule (21 cuts of seven kinds, a seed of the clock's) is
# `board/qemu-x86_64/power-cut` alone. The package is installed as users install it (installed-root) on the way.
# run-e2e: boots its own guests
# qemu-run-args: --timeout 1200
exec "$(dirname "${BASH_SOURCE[0]}")/../power-cut" --ci --no-build --out "${1:?power-cut.sh OUT}"
