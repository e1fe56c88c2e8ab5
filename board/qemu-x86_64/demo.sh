#!/bin/bash
# The carousel on the reference board for people to look at: bannerd run on built-in demo banners with a 3 s
# autoplay and one scripted swipe, a screenshot every few seconds (demo-N.png in the output folder).
# DEMO_SECONDS sets how long it runs (default 24). Started by scripts/demo; runs inside the guest.
# qemu-run-args: --size 1024x768 --timeout 600
set -uo pipefail
BIN=$QEMU_RUN_BOARD/../../.build/release/bannerd
[ -x "$BIN" ] || BIN=$QEMU_RUN_BOARD/../../.build/debug/bannerd
seconds=${DEMO_SECONDS:-24}
"$BIN" run --autoplay 3 --scale 1 &
pid=$!
sleep 6
shot demo-1
touch.py - <<< $'0 down 900 384\n40 move 700 384\n80 move 450 384\n120 up' >/dev/null
for n in $(seq 2 $((seconds / 4))); do
    sleep 4
    shot "demo-$n"
done
kill -TERM $pid
wait $pid
