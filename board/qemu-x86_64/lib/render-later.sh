#!/bin/bash
# Run by qemu-run on the host once tests/render-as-run.sh's guest has ended (its `# qemu-run-after:` line):
# `bannerd render` (the same release binary the guest ran) plays the guest's content and bannerd.toml in simulated
# time, two frames a second, and each screendump the guest took at an autoplay step (listed in OUT/steps) must be
# pixel for pixel the frame render shows at the same rest. On the host's CPU this takes seconds; the emulated one
# took most of a minute.
set -uo pipefail
BIN=$PWD/.build/release/bannerd
LIB=$QEMU_RUN_BOARD/lib
cd "$QEMU_RUN_OUT" || exit 1
status=0
fail() { echo "render-as-run: FAIL: $*"; status=1; }
mapfile -t steps < steps
((${#steps[@]} > 0)) || { fail "the guest listed no step"; exit 1; }
rest=$(< rest-seconds)
# Long enough for the guest's steps: banners 0, 1 (two seconds longer) and 2, each with its slide, then 0 again.
seconds=$((4 * rest + 8))
echo "== render: the same content and configuration in simulated time, two frames a second for $seconds s"
rm -rf frames
"$BIN" render --config bannerd.toml --content content --size 1024x768 --seconds "$seconds" --every 30 --out frames \
    > render.log 2>&1 || { cat render.log; fail "render failed"; exit 1; }
# The rests are the runs of identical frames (a slide lasts under a second: its frames all differ), in order.
rests=()
previous= last= still=
for frame in frames/frame-*.png; do
    sum=$(md5sum < "$frame")
    if [ "$sum" != "$previous" ]; then
        still=
    elif [ -z "$still" ]; then
        rests+=("$last") still=yes
    fi
    previous=$sum last=$frame
done
echo "render: ${#rests[@]} rests: ${rests[*]}"
((${#rests[@]} >= ${#steps[@]})) || fail "render shows ${#rests[@]} rests in $seconds s, not ${#steps[@]}"
# Every step is compared: a missing screendump or rest is a failure, not a step left out.
for step in "${!steps[@]}"; do
    shot=${steps[$step]}
    [ -e "$shot" ] || { fail "step $step: no screendump $shot"; continue; }
    [ -n "${rests[$step]:-}" ] || { fail "step $step: render has no rest $step"; continue; }
    echo "step $step: $shot against ${rests[$step]}"
    python3 "$LIB/pngsame.py" "$shot" "${rests[$step]}" || fail "step $step: the board and render differ"
done
# The steps are different pictures (a test that compared one still with itself would prove nothing): pngsame
# exits 1 for two readable pictures that differ, 0 for the same, 2 for a file it cannot read.
for pair in "0 1" "1 2"; do
    read -r a b <<< "$pair"
    python3 "$LIB/pngsame.py" "${steps[$a]}" "${steps[$b]}" > /dev/null
    [ $? = 1 ] || fail "steps $a and $b do not show two different pictures"
done
exit $status
