#!/bin/bash
# Smoke test of the QEMU reference board itself, with stock tools instead of bannerd:
#   display  modetest sets a mode on Virtual-1; a screenshot shows its SMPTE bars at the requested size
#   touch    libinput sees touch.py's device as a touchscreen; a swipe arrives as TOUCH_DOWN/MOTION/UP
#            at the scripted positions, a cancel as TOUCH_CANCEL, a second finger on slot 1
#   unplug   touch.py --remove-at mid-drag: libinput cancels the touch and removes the device
# Runs inside the guest (qemu-run -- tests/smoke.sh); prints how long each step took.
#
# qemu-run: packages libdrm-tests libinput-tools
# qemu-run-args: --size 1024x768 --timeout 120
set -euo pipefail

W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
check_png=$QEMU_RUN_BOARD/lib/pngcheck.py
work=$(mktemp -d)

fail() {
    echo "smoke: FAIL: $*"
    exit 1
}
seconds_since() { # STAMP: seconds since an $EPOCHREALTIME stamp, one decimal
    local from=${1//[.,]/} now=${EPOCHREALTIME//[.,]/}
    local tenths=$(((10#$now - 10#$from) / 100000))
    printf '%d.%d' $((tenths / 10)) $((tenths % 10))
}
wait_for() { # SECONDS PATTERN FILE: wait until FILE has a line matching PATTERN
    local deadline=$((SECONDS + $1))
    until grep -q -- "$2" "$3" 2>/dev/null; do
        ((SECONDS < deadline)) || return 1
        sleep 0.1
    done
}

echo "smoke: guest kernel up for $(cut -d' ' -f1 /proc/uptime) s when the test started (${W}x${H})"

# ---- display: modetest's test pattern on the CRTC, seen in a screenshot ------------------------------------
t=$EPOCHREALTIME
# modetest keeps the mode until Enter or end of stdin, so its stdin is a FIFO we hold open; line-buffered
# output lets us see "setting mode" as it happens.
mkfifo "$work/modetest.in"
stdbuf -oL modetest -M bochs-drm -s "Virtual-1:${W}x${H}" < "$work/modetest.in" > "$work/modetest.log" 2>&1 &
modetest_pid=$!
exec 3> "$work/modetest.in"
if ! wait_for 30 "^setting mode ${W}x${H}" "$work/modetest.log"; then
    cat "$work/modetest.log"
    fail "modetest did not set ${W}x${H} on Virtual-1"
fi

# SMPTE bars: the top two thirds are seven 75% bars (grey, yellow, cyan, green, magenta, red, blue).
bars=(c0c0c0 c0c000 00c0c0 00c000 c000c0 c00000 0000c0)
pixels=()
for i in "${!bars[@]}"; do pixels+=(--pixel "$(((2 * i + 1) * W / 14)),$((H / 3))=${bars[i]}"); done
# "setting mode" is printed just before the modeset, so allow a moment for the pattern to reach the CRTC.
for attempt in 1 2 3; do
    shot modetest
    if "$check_png" modetest.png --size "${W}x${H}" --min-colours 8 "${pixels[@]}" > "$work/check.log"; then
        break
    fi
    ((attempt < 3)) || { cat "$work/check.log"; fail "the screenshot does not show modetest's pattern"; }
    sleep 1
done
cat "$work/check.log"
exec 3>&-
wait "$modetest_pid" || fail "modetest exited with status $?: $(cat "$work/modetest.log")"
echo "smoke: display step took $(seconds_since "$t") s"

# ---- touch: a swipe and a cancel, as libinput reports them -----------------------------------------------
t=$EPOCHREALTIME
stdbuf -oL libinput debug-events > "$work/libinput.log" 2>&1 &
libinput_pid=$!
wait_for 30 DEVICE_ADDED "$work/libinput.log" || { cat "$work/libinput.log"; fail "libinput debug-events did not start"; }

# A right-to-left swipe across the middle in 300 ms (60 Hz moves), then a touch that becomes a cancel.
y=$((H / 2)) x0=$((W * 8 / 10)) x1=$((W * 2 / 10)) moves=18
{
    echo "# swipe"
    echo "0 down $x0 $y"
    for ((i = 1; i <= moves; i++)); do echo "$((i * 300 / moves)) move $((x0 + (x1 - x0) * i / moves)) $y"; done
    echo "320 up"
    echo "# cancelled touch"
    echo "500 down $((W / 2)) $((H / 4))"
    echo "550 move $((W / 2 + 10)) $((H / 4))"
    echo "600 cancel"
    echo "# two fingers in one frame, lifted one after the other"
    echo "800 down $((W / 4)) $((H / 4)) 0"
    echo "800 down $((W * 3 / 4)) $((H * 3 / 4)) 1"
    echo "850 move $((W / 4 + 10)) $((H / 4)) 0"
    echo "900 up 0"
    echo "950 up 1"
} > "$work/swipe.txt"
touch.py "$work/swipe.txt"
t_swipe=$(seconds_since "$t")

# ---- unplug: the panel disappears mid-drag ----------------------------------------------------------------
t=$EPOCHREALTIME
printf '0 down 100 100\n50 move 150 100\n100 move 200 100\n' > "$work/drag.txt"
touch.py --remove-at 300 "$work/drag.txt"
wait_for 10 DEVICE_REMOVED "$work/libinput.log" || true
kill -INT "$libinput_pid"
wait "$libinput_pid" || true
t_unplug=$(seconds_since "$t")

log=$work/libinput.log
count() { grep -c -- "$1" "$log" || true; }
if ! grep -q 'DEVICE_ADDED.*bannerd-qemu-touchscreen.*cap:t' "$log"; then
    cat "$log"
    fail "libinput did not add the touchscreen as a touch device (cap:t)"
fi
# Swipe, cancelled touch, two fingers, unplugged drag: 5 downs, 3 ups, 2 cancels.
[[ $(count TOUCH_DOWN) == 5 && $(count TOUCH_UP) == 3 && $(count TOUCH_CANCEL) == 2 ]] \
    || { cat "$log"; fail "expected 5 TOUCH_DOWN, 3 TOUCH_UP, 2 TOUCH_CANCEL"; }
# libinput prints a touch's slot and seat slot as "N (N)": the second finger must be slot 1.
grep TOUCH_DOWN "$log" | grep -q $'\t1 (1) ' || { cat "$log"; fail "no TOUCH_DOWN on slot 1 (multi-touch)"; }
(($(count TOUCH_MOTION) >= moves + 3)) || { cat "$log"; fail "expected at least $((moves + 3)) TOUCH_MOTION"; }
# debug-events prints positions as percent of the screen: the first down must be where the script put it.
want=$(awk -v x="$x0" -v y="$y" -v w="$W" -v h="$H" 'BEGIN { printf "%5.2f/%5.2f", 100 * x / w, 100 * y / h }')
grep -m1 TOUCH_DOWN "$log" | grep -qF -- "$want" || { grep -m1 TOUCH_DOWN "$log"; fail "first TOUCH_DOWN is not at $want %"; }
# The unplugged drag: its touch is cancelled before the device goes.
if ! tail -n 6 "$log" | grep -q TOUCH_CANCEL || [[ $(count DEVICE_REMOVED) != 2 ]]; then
    cat "$log"
    fail "unplugging mid-drag did not cancel the touch and remove the device"
fi
echo "smoke: libinput saw $(count TOUCH_DOWN) downs, $(count TOUCH_MOTION) motions," \
    "$(count TOUCH_UP) ups, $(count TOUCH_CANCEL) cancels"
echo "smoke: touch step (libinput start, device, swipe, cancel, two fingers) took $t_swipe s; unplug step took $t_unplug s"
echo "smoke: PASS"
