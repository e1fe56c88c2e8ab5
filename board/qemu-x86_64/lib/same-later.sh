#!/bin/bash
# Run by qemu-run on the host once a guest has ended (a test's `# qemu-run-after:` line): each pair of still frames
# lib/bannerd-test.sh's same_as_screendump listed in the output folder's same-later file (one NAME a line),
# `ctl screenshot`'s ctl-NAME.png against QEMU's screendump qemu-NAME.png, pixel for pixel. On the host's CPU: the
# emulated one took 15 to 20 s to compare one pair in Python.
set -uo pipefail
list=$QEMU_RUN_OUT/same-later
[ -s "$list" ] || { echo "same-later: the guest listed no pair in $list"; exit 1; }
failed=0 compared=0
while read -r name; do
    compared=$((compared + 1))
    python3 "$QEMU_RUN_BOARD/lib/pngsame.py" "$QEMU_RUN_OUT/ctl-$name.png" "$QEMU_RUN_OUT/qemu-$name.png" || {
        echo "same-later: FAIL: $name: ctl screenshot differs from QEMU's screendump (or one is missing)"
        failed=1
    }
done < "$list"
echo "same-later: $compared pair(s) compared"
exit "$failed"
