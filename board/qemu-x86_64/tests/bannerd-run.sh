#!/bin/bash
# `bannerd run` on a real kernel display and touchscreen (bochs DRM, udev, libinput, uinput):
#   geometry  at rest, inset, gap and ears are exact to the pixel at 1024x768 scale 1 and 800x600 scale 2
#   swipe     a scripted swipe moves exactly one banner
#   catch     a finger landing on the moving carousel stops it, holds it, and is not a tap
#   pacing    bochs has no vblank counter: a timer paces the frames, however slowly the emulated CPU flips
#   unplug    removing the touch device mid-drag leaves the carousel running and settled
#   planes    bochs has no overlay plane: `ctl status` says video is composed, and why
#   restore   SIGTERM exits 0 within a few seconds and the console is back exactly as it was
# Run: board/qemu-x86_64/run-e2e bannerd-run
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 400
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
set -uo pipefail
TEST=bannerd-run
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
POLL=0.3 # the catch check below must read the phase while the finger is still down
W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
phase_is() { [ "$(field phase)" = "$1" ]; }
start() { # LOG ARGS...: run bannerd in the background, wait until its first banners are on screen
    local log=$1; shift
    "$BIN" run --autoplay 0 --control "$SOCK" "$@" >"$log" 2>&1 &
    pid=$!
    # Polled once a second: two status reads cost the guest's one CPU about 80 ms, which the pre-render thread (nice
    # 10) wants.
    POLL=1 wait_until 90 banners_shown || { fail "banners not shown by bannerd run $*: $(ctl status)"; cat "$log"; return 1; }
    sleep 1
}

shot console-before

echo "== 1024x768 at scale 1"
start run1.log --scale 1 || exit 1
cat run1.log
# bochs has no overlay plane: a video banner stays composed, and the status says why.
ctl status | grep -Eq '"video_planes":"none: CRTC [0-9]+ has no overlay plane"' || fail "video planes on bochs: $(ctl status)"
shot rest-1024
echo "rest-1024.png 1" >> geometry-later # geometry at 1024x768 scale 1

echo "== swipe: exactly one banner"
touch.py - <<< $'0 down 900 384\n30 move 800 384\n60 move 650 384\n90 move 500 384\n120 move 350 384\n150 up'
wait_until 30 settled_on 1 || fail "after one swipe: $(ctl status)"
shot after-swipe
echo "after-swipe.png 1" >> geometry-later # geometry after the swipe

echo "== catch: a finger on the moving carousel stops it and is no tap"
touch.py - <<< $'0 down 900 384\n30 move 700 384\n60 move 500 384\n90 up\n160 down 500 300\n20160 up' &
touch_pid=$!
wait_until 30 phase_is drag || fail "the catch did not hold the carousel"
held=$(field index)
sleep 1
[ "$(field phase)" = drag ] || fail "held carousel moved on: $(ctl status)"
wait $touch_pid
wait_until 30 phase_is rest || fail "did not settle after the catch"
grep -q "activated" run1.log && fail "the catch was taken as a tap"
echo "caught on banner $held, settled on $(field index)"

echo "== pacing: decided by the flip events' vblank counter, not by the emulated CPU's speed"
[ "$(field pacing)" = timer ] || fail "bochs paced by $(field pacing), not by a timer"
grep "frames paced by a 60 Hz timer: page flips carry no vblank count" run1.log || fail "no pacing line in the log"

echo "== unplug the touchscreen mid-drag"
touch.py --remove-at 200 --hold 0 - <<< $'0 down 900 384\n100 move 800 384\n180 move 700 384\n400 move 600 384' || true
sleep 2
kill -0 $pid || fail "bannerd died when the touchscreen went away"
wait_until 30 phase_is rest || fail "not settled after the unplug: $(ctl status)"
shot after-unplug || fail "no screendump after the unplug"
echo "after-unplug.png 1" >> geometry-later # geometry after the unplug

echo "== SIGTERM restores the console"
kill -TERM $pid
for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill -0 $pid 2>/dev/null && fail "still running 5 s after SIGTERM"
wait $pid; code=$?
[ $code -eq 0 ] || fail "exit status $code after SIGTERM"
tail -2 run1.log
shot console-after
"$LIB/carousel_geometry.py" console-after.png --same-as console-before.png || fail "console not restored"

echo "== 800x600 at scale 2"
start run2.log --scale 2 --mode 800x600 || exit 1
shot rest-800
echo "rest-800.png 2" >> geometry-later # geometry at 800x600 scale 2
kill -TERM $pid
wait $pid; code=$?
[ $code -eq 0 ] || fail "exit status $code after SIGTERM (800x600 at scale 2)"

exit $status
