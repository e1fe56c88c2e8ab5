#!/usr/bin/env bash
# The Debian package under real systemd, on a board as users install it: the .deb of the release binary installed
# with `apt-get install` and its recommends (the fonts of every script) into Debian's minimal root (installed-root),
# booted from its own disk (qemu-run --disk, the guest's writes dropped at power-off) to multi-user.target, where
# the enabled unit starts bannerd; then lib/systemd-test/guest.sh's nine checks of the packaged, unchanged unit
# and its whole sandbox, and the restarts' carousels judged on the host afterwards.
# On the host's root over 9p (until stop 54), the emulated CPU read the host's whole package database and unit tree
# through 9p: `dpkg -i` in the guest took 46 s of CI's 369 s.
#   systemd.sh OUT [--drop-in 'Key=value ...']   a drop-in for bannerd.service, to try a change to the unit without
#                                                rebuilding the package (guest.sh prints it)
# run-e2e: boots its own guests
# qemu-run-args: --timeout 2400
set -euo pipefail
here=$(cd -P "$(dirname "$0")/.." && pwd)
repo=$(cd "$here/../.." && pwd)
out=$(realpath "${1:?systemd.sh OUT [--drop-in 'Key=value ...']}")
shift
deb=$(cd "$repo" && scripts/build-deb --no-build --no-lintian --out "$out/deb" | tail -n 1)
# The next version of the same tree, for check 9's upgrade.
"$here/lib/upgrade-deb.sh" "$deb" "$out/upgrade.deb" > /dev/null
# python3 for the test's own tools (touch.py, the VT's mode), installed after bannerd's own checks.
"$here/installed-root" --recommends --with python3 "$deb" "$out/disk.img"
# The header's timeout (run-e2e orders the tests by it): on the host's root, with twenty restarts, a run beside a
# guest and a clean build looping took 1522 s.
timeout=$(sed -n 's/^# qemu-run-args: --timeout //p' "$0")
status=0
"$here/qemu-run" --systemd --multi-user --disk "$out/disk.img" --size 1024x768 --timeout "$timeout" --out "$out" \
    -- "$here/lib/systemd-test/guest.sh" "$@" || status=$?
rm -f "$out/disk.img" # 2 GB, sparse
((status == 0)) || exit "$status"
QEMU_RUN_OUT=$out QEMU_RUN_BOARD=$here "$here/lib/geometry-later.sh"
