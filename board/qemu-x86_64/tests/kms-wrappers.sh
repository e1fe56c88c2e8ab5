#!/bin/bash
# The display and input wrappers on a real kernel, for the QEMU reference board (board/qemu-x86_64):
#   devices   `bannerd devices` lists card0/Virtual-1 and touch.py's touchscreen
#   drm       kmscheck lists the primary plane's formats and takes XRGB8888 from them, modesets, fills through a dumb buffer, flips, shows a picture the screenshot checks,
#             echoes a swipe, a mid-drag unplug (TOUCH_CANCEL) and an absolute pointer as InputEvents, and
#             restores the CRTC it found
#   rotation  with --rotation 90 a touch arrives in upright coordinates
#   fbdev     the /dev/fb0 fallback shows the same picture
#   planes    on vkms (a second card, with overlay planes), kmscheck lists each CRTC's planes: kind, zpos, formats,
#             modifiers, and whether each overlay scales, asked with test-only atomic commits
#   blend     on vkms, the planes a video banner would take over the test picture (an opaque picture past the
#             left and bottom edges, a translucent layer over it past the bottom), captured by the writeback
#             connector, equal bannerd's composition of the same layers, every pixel; then shown by page flips
#             (moved across the screen, then the picture alone changed at rest, then a video decoded straight into
#             the picture's buffers): each capture equal, every set of overlay buffers freed once off glass
#   video     on vkms, `bannerd run` names the planes a video banner takes (a test-only commit) in its log and
#             `ctl status`, and plays the video on them at rest by flips of the planes alone; `ctl capture` reads
#             glass back through writeback at rest, held mid-swipe at three offsets and during autoplay's slide, each
#             bannerd's composition of the frame; with the overlays off (enable_overlay=0), why none, and the composed
#             path's captures of the same states equal the planes' (compared on the host: lib/same-later.sh)
# Run: board/qemu-x86_64/run-e2e kms-wrappers
# qemu-run: packages libdrm-tests python3-libevdev ffmpeg
# qemu-run-host: ffmpeg -v error -y -f lavfi -i testsrc2=size=352x288:rate=25:duration=0.48 -c:v libx264 -pix_fmt yuv420p "$QEMU_RUN_OUT/clip.mp4"
# qemu-run-host: ffmpeg -v error -y -f lavfi -i testsrc2=size=352x288:rate=5:duration=5 -c:v libx264 -pix_fmt yuv420p "$QEMU_RUN_OUT/video.mp4"
# qemu-run-args: --size 1024x768 --timeout 300 --vkms
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
set -uo pipefail
HERE=$QEMU_RUN_BOARD/lib
BIN=$(dirname "${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}")
W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
check=$QEMU_RUN_BOARD/lib/pngcheck.py
status=0
fail() { echo "kms-e2e: FAIL: $*"; status=1; }
wait_for() { local deadline=$((SECONDS + $1)); until grep -q -- "$2" "$3" 2>/dev/null; do ((SECONDS < deadline)) || return 1; sleep 0.1; done; }

echo "== bannerd devices with only the AT keyboard"
$BIN/bannerd devices || fail "bannerd devices exit $?"

echo "== bannerd devices while touch.py's touchscreen exists"
touch.py --no-wait-reader --hold 60000 - <<< $'0 down 10 10\n20 up' > touch0.log 2>&1 &
touch_pid=$!
# Until the device is there (seconds on a loaded host), not for a fixed time.
listed() { $BIN/bannerd devices > devices.log 2>&1 && grep -q 'capabilities touch' devices.log; }
deadline=$((SECONDS + 45))
until listed || ((SECONDS >= deadline)); do sleep 0.5; done
cat devices.log
grep -q 'Virtual-1 (connector [0-9]*): connected' devices.log || fail "no Virtual-1"
grep -q 'capabilities touch' devices.log || fail "no touchscreen listed"
kill $touch_pid 2>/dev/null
wait

echo "== kmscheck: modeset, fill, flip, touch, restore"
# Input is echoed until the test has sent everything (input-done), up to 120 s on a slow host.
$BIN/kmscheck --hold-file /mnt/held --input-seconds 120 --input-until /mnt/input-done --colour 2080e0 > kms.log 2>&1 &
pid=$!
wait_for 90 KMSCHECK-SCREENSHOT kms.log || fail "kmscheck did not show its picture"
shot drm
$check drm.png --size ${W}x${H} --pixel 10,10=ffffff --pixel 63,63=ffffff --pixel 64,64=2080e0 \
    --pixel $((W / 2)),$((H / 2))=2080e0 --pixel $((W / 2)),$((H - 1))=ff0000 --pixel $((W / 2)),$((H - 17))=2080e0 \
    || fail "screenshot does not show kmscheck's picture"
touch /mnt/held
wait_for 60 KMSCHECK-INPUT-READY kms.log || fail "kmscheck input not ready"
touch.py - <<< $'0 down 800 384\n20 move 700 384\n40 move 600 384\n60 move 500 384\n80 move 400 384\n100 move 300 384\n120 move 200 384\n140 up' || fail "touch.py"
echo "-- unplug mid-drag"
touch.py --remove-at 70 - <<< $'0 down 500 300\n30 move 450 300\n60 move 400 300\n200 up' || fail "touch.py unplug"
echo "-- absolute pointer (like QEMU's usb-tablet)"
python3 "$HERE/abs_pointer.py" || fail "abs pointer"
touch /mnt/input-done
wait $pid || fail "kmscheck exit $?"
cat kms.log
grep -q 'input: touchCancel(slot: 0' kms.log || fail "unplug did not cancel the touch"
grep -q 'input: pointerMotion(position: [A-Za-z.<>]*(x: 256.0, y: 384.0)' kms.log || fail "absolute pointer not at 256,384"
grep -q 'input: pointerButton(pressed: true' kms.log || fail "no pointer press"
grep -q 'input: pointerButton(pressed: false' kms.log || fail "no pointer release"
grep -q 'input: touchDown(slot: 0, position: [A-Za-z.<>]*(x: 800.0, y: 384.0)' kms.log || fail "touch down not at 800,384"
grep -q 'input: touchUp(slot: 0' kms.log || fail "no touch up"
# format = "auto" asks the primary plane: bochs lists XR24 and BX24, so XRGB8888 is taken.
grep -q '^primary plane formats: .*XR24' kms.log || fail "the primary plane's formats were not listed"
grep -q 'format xrgb8888' kms.log || fail "auto did not take XRGB8888 on bochs"
shot restored

echo "== kmscheck --rotation 90: touch in upright coordinates"
$BIN/kmscheck --rotation 90 --flips 5 --input-seconds 120 --input-until /mnt/rot-input-done --colour 808000 > rot.log 2>&1 &
pid=$!
wait_for 90 KMSCHECK-INPUT-READY rot.log || fail "rotated kmscheck input not ready"
touch.py - <<< $'0 down 800 384\n40 move 500 384\n80 up' || fail "touch.py rotated"
touch /mnt/rot-input-done
wait $pid || fail "rotated kmscheck exit $?"
cat rot.log
# Scanout (800,384) of 1024x768, content turned 90 degrees clockwise: upright (384, 224) on a 768x1024 picture.
grep -q 'input: touchDown(slot: 0, position: [A-Za-z.<>]*(x: 384.0, y: 224.0)' rot.log || fail "rotated touch"

echo "== DRM master held by modetest: one clear error naming the holder"
work=$(mktemp -d)  # a FIFO cannot live on the 9p output folder
mkfifo "$work/modetest.in"
stdbuf -oL modetest -M bochs-drm -s "Virtual-1:${W}x${H}" < "$work/modetest.in" > modetest.log 2>&1 &
exec 3> "$work/modetest.in"
wait_for 30 "^setting mode" modetest.log || fail "modetest did not set a mode"
$BIN/kmscheck --flips 5 > master.log 2>&1 && fail "kmscheck took the screen from modetest"
cat master.log
grep -q 'drmSetMaster on /dev/dri/card0 failed (held open by [0-9]* (modetest))' master.log || fail "holder not named"
exec 3>&-
wait

echo "== fbdev fallback"
$BIN/kmscheck --fbdev /dev/fb0 --colour c03030 --hold-file /mnt/held-fb > fb.log 2>&1 &
pid=$!
wait_for 60 KMSCHECK-SCREENSHOT fb.log || fail "fbdev picture"
shot fbdev
$check fbdev.png --size ${W}x${H} --pixel 10,10=ffffff --pixel $((W / 2)),$((H / 2))=c03030 --pixel $((W / 2)),$((H - 1))=ff0000 || fail "fbdev screenshot"
touch /mnt/held-fb
wait $pid || fail "kmscheck fbdev exit $?"
cat fb.log

echo "== vkms (built for this kernel by lib/vkms-module): kmscheck lists each CRTC's planes, blends overlays"
busybox insmod /run/qemu-run/late/vkms.ko enable_overlay=1 || fail "insmod vkms.ko enable_overlay=1"
deadline=$((SECONDS + 30))
until [ -e /dev/dri/card1 ] || ((SECONDS >= deadline)); do sleep 0.2; done
$BIN/kmscheck --card /dev/dri/card1 --flips 5 --blend --video /mnt/clip.mp4 > vkms.log 2>&1 || fail "kmscheck on vkms exit $?"
sed -n '/^CRTC /,/^restore/p' vkms.log
grep '^blend: \|^flips: the\|^video: \|^kmscheck: ' vkms.log
# vkms in Debian 12's kernel: one CRTC, its primary plane, a cursor and 8 overlay planes in RGB formats, none of
# which scales (its planes call the atomic helper with no scaling allowed).
grep -q "^CRTC [0-9]* (the display's): 10 plane(s)$" vkms.log || fail "vkms: not 10 planes on the display's CRTC"
grep -q "^  plane [0-9]* primary zpos .* formats XR24 " vkms.log || fail "vkms: no primary plane with XR24"
[ "$(grep -c "^  plane [0-9]* overlay .*formats AR24 XR24 .* scales no (refused, errno [0-9]*)$" vkms.log)" = 8 ] \
    || fail "vkms: not 8 overlay planes with AR24 and XR24, each refusing to scale"
grep -q "^blend: writeback capture against bannerd's composition of the same layers: 0 of [0-9]* pixels differ" \
    vkms.log || fail "vkms: the planes' blend, as writeback captured it, is not bannerd's composition"
grep -q "^flips: .* 4 captures against bannerd's composition: at most 0 pixels differ$" vkms.log \
    || fail "vkms: the planes shown by page flips are not bannerd's composition"
grep -q "^video: 12 frames of /mnt/clip.mp4 decoded straight into .* captures at frames 5 and 9 .*: at most 0 pixels differ$" \
    vkms.log || fail "vkms: a video decoded into the picture plane's buffers is not bannerd's composition"
grep -q "^flips: overlay sets held after the last flip: 0$" vkms.log || fail "vkms: overlay buffers kept off glass"

# bannerd's own loop with a video banner on vkms (lib/planes-on-glass.sh): the pair VideoPlanes picks, taken by the
# driver in a test-only commit, in the log and `ctl status`; the video at rest flipped on the planes alone; glass read
# back by writeback at rest, held at three offsets and during a slide, each bannerd's composition of the frame. Then,
# with vkms's overlays switched off (module option), why none, and the same captures from the composed path.
source "$HERE/planes-on-glass.sh"
mkdir -p /run/video-content
cat > /run/video-content/banners.toml <<'TOML'
[[banner]]
title = "On a plane"
subtitle = "H.264, played once"
image = "/mnt/video.mp4"

[[banner]]
title = "A still"

[[banner]]
title = "The third"
TOML
(planes_on_glass planes '^planes [0-9]+ and [0-9]+$') || status=1
! grep -E 'video planes: .*composed' vkms-planes.log || fail "vkms: the planes were given up"
grep -q 'video planes: [0-9]* (picture, XR24) under [0-9]* (title layer, AR24), 992x736 each: the driver took them' \
    vkms-planes.log || fail "vkms: no log line of the video planes bannerd took"
busybox rmmod vkms || fail "rmmod vkms"
busybox insmod /run/qemu-run/late/vkms.ko enable_overlay=0 || fail "insmod vkms.ko enable_overlay=0"
deadline=$((SECONDS + 30))
until [ -e /dev/dri/card1 ] || ((SECONDS >= deadline)); do sleep 0.2; done
(planes_on_glass composed '^none: CRTC [0-9]+ has no overlay plane$') || status=1
# The CPU bannerd used per frame of the video at rest, in one run of the board: reported, not judged (timing).
if read -r planes_frames planes_ticks < cpu-planes && read -r composed_frames composed_ticks < cpu-composed &&
    ((planes_frames > 0 && planes_ticks > 0 && composed_frames > 0)); then
    ratio=$((composed_ticks * planes_frames * 10 / (composed_frames * planes_ticks)))
    echo "vkms: CPU per frame of the video at rest: composed $((composed_ticks * 10 / composed_frames)) ms," \
        "on the planes $((planes_ticks * 10 / planes_frames)) ms; composed costs $((ratio / 10)).$((ratio % 10)) times"
fi
echo "kms-e2e: status $status"
exit $status
