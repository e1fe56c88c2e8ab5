#!/bin/bash
# Run by qemu-run on the host once a guest has ended (a test's `# qemu-run-after:` line): each pair of still frames
# lib/bannerd-test.sh's same_as_screendump listed in the output folder's same-later file (one NAME a line),
# `ctl screenshot`'s ctl-NAME.png against QEMU's screendump qemu-NAME.png, pixel for pixel; a line `A.png B.png`
# compares those two files, and `A.png B.png differ` wants them to differ. On the host's CPU: the emulated one took 15
# to 20 s to compare one pair in Python.
set -uo pipefail
list=$QEMU_RUN_OUT/same-later
[ -s "$list" ] || { echo "same-later: the guest listed no pair in $list"; exit 1; }
failed=0 compared=0
while read -r first second differ; do
    compared=$((compared + 1))
    [ -n "$second" ] || { second=qemu-$first.png first=ctl-$first.png; }
    echo "$first against $second:"
    python3 "$QEMU_RUN_BOARD/lib/pngsame.py" "$QEMU_RUN_OUT/$first" "$QEMU_RUN_OUT/$second"
    case "$?,$differ" in
    0, | 1,differ) ;;
    1,)
        echo "same-later: FAIL: $first differs from $second"
        failed=1
        ;;
    *)
        echo "same-later: FAIL: $first against $second: ${differ:-the same} wanted (or one is missing)"
        failed=1
        ;;
    esac
done < "$list"
echo "same-later: $compared pair(s) compared"
exit "$failed"
