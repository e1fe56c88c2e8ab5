#!/bin/bash
# Displays that come and go, on a real kernel: the connector is forced off and on through sysfs; bochs sends no
# uevent for that, so the test sends the `change` uevent a cable would (plug-in is also found by bannerd's own
# periodic probe while no display is connected; unplugging relies on the event).
#   start     with nothing connected, bannerd run waits (status: display null) instead of exiting
#   plug      when the display appears, the carousel shows on it with exact geometry
#   unplug    the display going away leaves bannerd running; it comes back on replug
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 300
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
set -uo pipefail
TEST=hotplug
BANNERD_SOCK=/run/bannerd-hotplug.sock
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
STATUS=/sys/class/drm/card0-Virtual-1/status
connector() { echo "$1" > $STATUS; echo change > /sys/class/drm/card0/uevent; }

echo off > $STATUS
"$BIN" run --autoplay 0 --scale 1 --control "$SOCK" > run.log 2>&1 &
pid=$!
wait_until 60 shows None || fail "no status while waiting for a display"
grep -q "waiting for a display" run.log || fail "no log line saying it waits for a display"
kill -0 $pid || fail "bannerd exited without a display"

echo "== plug in"
before=$(field frames_rendered)
connector on
wait_until 60 shows Virtual-1 || fail "display not taken up after plugging in: $(ctl status)"
wait_until 60 shown_after "$before" || fail "banners not shown after plugging in: $(ctl status)"
sleep 2
shot plugged
echo "plugged.png 1" >> geometry-later # geometry after plugging in

echo "== unplug and replug"
connector off
wait_until 30 shows None || fail "unplug not noticed: $(ctl status)"
sleep 1
kill -0 $pid || fail "bannerd died when the display went away"
connector on
wait_until 60 shows Virtual-1 || fail "display not taken up again: $(ctl status)"
sleep 3
shot replugged
echo "replugged.png 1" >> geometry-later # geometry after replugging
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
cat run.log
exit $status
