#!/bin/bash
# The carousel on virtio-gpu's second head (issue 44's QEMU board: qemu-run --heads 2, head 1 plugged and unplugged
# through QEMU's D-Bus display as a monitor's cable would, with the hotplug event the guest's driver sends):
#   wait      `[display] connector = "Virtual-2"` with head 1 unplugged: bannerd runs and waits for it
#   plug      head 1 connected at 800x600: the carousel on it with exact geometry (its own screendump, head 1 of
#             the device), and `ctl screenshot` equal to that screendump pixel for pixel
#   replug    unplugged, bannerd keeps running and waits; plugged again at another size (1024x600), the carousel
#             comes back at that size, geometry exact
#   both      `kmscheck --all-outputs`: both heads from one process and one DRM master, a CRTC each, 30 flips on
#             each at once, then its test picture on each in its own colour (the screendumps of both heads), and
#             both CRTCs restored
# qemu-run: packages python3
# qemu-run-args: --gpu virtio --heads 2 --size 1024x768 --timeout 300
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
set -uo pipefail
TEST=second-head
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
STATUS=/sys/class/drm/card0-Virtual-2/status
head1() { echo "@@qemu-run:head 1 $1@@" > /dev/console; }  # qemu-run connects head 1 at WxH, or disconnects it
plugged() { [ "$(cat $STATUS)" = "$1" ]; }

plugged disconnected || fail "head 1 is not disconnected at boot: $(cat $STATUS)"
printf '[display]\nconnector = "Virtual-2"\nscale = 1\n' > bannerd.toml
"$BIN" run --config bannerd.toml --autoplay 0 --control "$SOCK" > bannerd.log 2>&1 &
pid=$!
wait_until 60 shows None || fail "no status while waiting for Virtual-2: $(ctl status)"
kill -0 $pid || fail "bannerd exited without its display"

echo "== head 1 plugged at 800x600"
before=$(field frames_rendered)
head1 800x600
wait_until 30 plugged connected || fail "head 1 not connected: $(cat $STATUS)"
wait_until 60 shows "Virtual-2 800x600" || fail "Virtual-2 not taken up: $(ctl status)"
wait_until 60 shown_after "$before" || fail "banners not shown on head 1: $(ctl status)"
shot --head 1 plugged || fail "no screendump of head 1"
echo "plugged.png 1" >> geometry-later
ctl screenshot ctl-head1.png || fail "ctl screenshot"
shot --head 1 qemu-head1 || fail "no screendump of head 1"
echo head1 >> same-later

echo "== head 1 unplugged, then plugged at 1024x600"
head1 off
wait_until 30 plugged disconnected || fail "head 1 not disconnected: $(cat $STATUS)"
wait_until 30 shows None || fail "unplug not noticed: $(ctl status)"
kill -0 $pid || fail "bannerd died when head 1 went away"
before=$(field frames_rendered)
head1 1024x600
wait_until 60 shows "Virtual-2 1024x600" || fail "Virtual-2 not taken up again at 1024x600: $(ctl status)"
wait_until 60 shown_after "$before" || fail "banners not shown after replugging: $(ctl status)"
shot --head 1 replugged || fail "no screendump of head 1"
echo "replugged.png 1" >> geometry-later
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
grep -i "display\|waiting" bannerd.log

echo "== kmscheck --all-outputs: both heads at once, one DRM master, a CRTC each"
KMSCHECK=$(dirname "$BIN")/kmscheck
"$KMSCHECK" --all-outputs --flips 30 --hold-file /mnt/held-all > all.log 2>&1 &
kms=$!
wait_until 60 grep -q KMSCHECK-SCREENSHOT all.log || fail "kmscheck --all-outputs showed no picture: $(cat all.log)"
shot all-head0 || fail "no screendump of head 0"
shot --head 1 all-head1 || fail "no screendump of head 1"
touch /mnt/held-all
wait $kms || fail "kmscheck --all-outputs exit $?"
cat all.log
for output in Virtual-1 Virtual-2; do
    grep -q "^flips: $output 30/30 " all.log || fail "$output did not complete its 30 flips"
done
[ "$(grep -c '^restore: CRTC' all.log)" = 2 ] || fail "not two CRTCs restored"
check=$QEMU_RUN_BOARD/lib/pngcheck.py
$check all-head0.png --size 1024x768 --pixel 512,384=2080e0 --pixel 10,10=ffffff || fail "head 0's picture"
$check all-head1.png --size 1024x600 --pixel 512,300=30a040 --pixel 10,10=ffffff || fail "head 1's picture"
exit $status
