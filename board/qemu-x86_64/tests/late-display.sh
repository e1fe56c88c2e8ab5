#!/bin/bash
# A display driver that loads late (or is missing from the image): the board boots without bochs, so there is
# no /dev/dri and no /dev/fb0. A boot-time service must not exit (systemd would restart it until its start
# limit reboots the board, every boot). Checked: `bannerd run` keeps running, says once what it waits for, the
# same in STATUS= and `ctl status`, sends READY=1 and keeps the watchdog pinged; once the driver is loaded the
# carousel is on screen (udev's event, not a restart: the same process), and the time from the card appearing to
# the first frame is printed.
# qemu-run: packages python3
# qemu-run-args: --late-module bochs --size 800x600 --timeout 300
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
set -uo pipefail
TEST=late-display
POLL=0.1
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

[ ! -e /dev/dri ] && [ ! -e /dev/fb0 ] || fail "the board booted with a display driver: $(ls /dev/dri /dev/fb* 2>&1)"

notify=/run/notify.sock
python3 -u "$LIB/notify_listener.py" "$notify" > notify.log &
listener=$!
wait_until 20 test -S "$notify" || fail "notify listener did not start"

NOTIFY_SOCKET=$notify WATCHDOG_USEC=4000000 "$BIN" run --autoplay 0 --control "$SOCK" > bannerd.log 2>&1 &
pid=$!

echo "== no display driver: waiting, not exiting"
wait_until 90 grep -q "READY=1" notify.log || fail "no READY=1 while waiting for the display"
wait_until 30 grep -q "WATCHDOG=1" notify.log || fail "no watchdog ping while waiting"
grep "STATUS=" notify.log | head -n 1
grep -q "STATUS=.*waiting for a display (no display driver loaded yet" notify.log || fail "STATUS= does not say what it waits for"
[ "$(grep -c "waiting for a display" bannerd.log)" = 1 ] || fail "the wait is not logged exactly once"
grep "waiting for a display" bannerd.log
ctl status | grep -q '"display":null,"waiting_for":"a display (no display driver loaded yet' \
    || fail "ctl status does not say what it waits for: $(ctl status)"
sleep 5
kill -0 $pid || fail "bannerd exited while waiting: $(cat bannerd.log)"
pings=$(grep -c "WATCHDOG=1" notify.log)
echo "$pings watchdog pings while waiting"

echo "== the driver loads: the carousel without a restart"
busybox insmod /run/qemu-run/late/bochs.ko || fail "insmod bochs.ko failed"
wait_until 20 test -e /dev/dri/card0 || fail "no /dev/dri/card0 after loading bochs"
appeared=$(ms)
wait_until 60 eval '(($(field frames_rendered) > 0))' || fail "no frame after the driver loaded: $(ctl status)"
drawn=$(ms)
echo "card appeared to first frame: $((drawn - appeared)) ms (emulated CPU; the probe interval is 3 s)"
wait_until 60 eval '[ "$(field placeholders_on_screen)" = 0 ]' || fail "banners not rendered: $(ctl status)"
kill -0 $pid || fail "not the same process"
[ "$(pgrep -c -f "$BIN run")" = 1 ] || fail "more than one bannerd run"
shot carousel
echo "carousel.png 1" >> geometry-later # carousel geometry after the late driver
ctl status | grep -q '"waiting_for"' && fail "still waiting after the display came: $(ctl status)"
grep -q "STATUS=.*Virtual-1 800x600" notify.log || fail "STATUS= not updated once the display came"

kill -TERM $pid
wait $pid; code=$?
[ $code = 0 ] || fail "exit status $code after SIGTERM"
kill $listener
cat bannerd.log
exit $status
