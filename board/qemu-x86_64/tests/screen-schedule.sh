#!/bin/bash
# The screen schedule on a real display: started outside its hours the display is off (DPMS, a black screendump)
# and nothing is drawn or autoplayed; a tap lights it without reaching the carousel; at the schedule's "on" time
# it comes on by itself (the loop sleeps until then) and autoplay runs again. Setting the wall clock past the
# "off" time (as NTP does on a board without a real-time clock) turns it off at once, not at the old deadline.
# The TV follows over HDMI-CEC: the kernel's vivid driver gives an emulated HDMI output and input on one CEC bus, and
# cec-follower (v4l-utils, the reference) plays the TV on the input's adapter: bannerd puts it in standby when the
# schedule blanks the screen, wakes it and becomes its active source when a tap lights it, reads its power back, and
# says so once when the TV no longer answers.
# qemu-run: packages python3 v4l-utils
# qemu-run-args: --late-module vivid --size 800x600 --timeout 420
# qemu-run-host: scripts/test-metrics --promtool-path > "$QEMU_RUN_OUT/promtool"
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}
LIB=$QEMU_RUN_BOARD/lib
status=0
fail() { echo "screen-schedule: FAIL: $*"; status=1; }
sock=/run/bannerd-schedule.sock
ctl() { "$BIN" ctl --socket "$sock" "$@"; }
field() { ctl status | sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p"; }
wait_until() { local deadline=$((SECONDS + $1)); shift; until "$@" >/dev/null 2>&1; do ((SECONDS < deadline)) || return 1; sleep 0.3; done; }
screen_is() { [ "$(field screen)" = "$1" ]; }
# No picture: black everywhere, or QEMU's own "Guest has not initialized the display" page (640x480, not the
# mode's size), which is what it shows once bochs-drm has turned the CRTC off for DPMS. `looks dark|lit PNG` is
# true only for a screendump that was taken and reads as that (a missing or unreadable file is neither).
looks() { python3 -c "import sys; sys.path.insert(0, '$LIB'); from pngcheck import read_png
w, h, c, rows = read_png('$2'); dark = (w, h) != ($QEMU_RUN_WIDTH, $QEMU_RUN_HEIGHT) or not any(map(any, rows))
sys.exit(0 if dark == ('$1' == 'dark') else 1)"; }
hhmm() { printf '%02d:%02d' $(($1 / 60 % 24)) $(($1 % 60)); }
tv_is() { [ "$(field tv_power)" = "$1" ]; }
# The metrics textfile says the same, and passes Prometheus' own check.
metric_is() { grep -qx "$1 1" bannerd.prom && "$(cat promtool)" check metrics < bannerd.prom > /dev/null 2>&1; }
adapter() { for d in /dev/cec*; do cec-ctl -d "$d" 2>/dev/null | grep -q "Adapter Name *: $1\$" && echo "$d" && return; done; return 1; }

echo "== the TV: vivid's HDMI output for bannerd, its HDMI input for cec-follower"
busybox insmod /run/qemu-run/late/vivid.ko n_devs=1 node_types=0x101 num_inputs=1 input_types=0x3 num_outputs=1 \
    output_types=0x1 no_error_inj=1 || { fail "insmod vivid.ko failed"; exit 1; }
wait_until 10 adapter vivid-000-vid-out0 || { fail "no CEC adapter for vivid's HDMI output"; exit 1; }
tv_adapter=$(adapter vivid-000-vid-cap0)
cec_adapter=$(adapter vivid-000-vid-out0)
echo "TV on $tv_adapter, bannerd on $cec_adapter"
cec-ctl -d "$tv_adapter" --tv > /dev/null || fail "cec-ctl --tv failed"
cec-follower -d "$tv_adapter" --show-state --wall-clock > tv.log 2>&1 &
follower=$!

# Lit from two minutes from now until a minute ago tomorrow: dark now, on by itself within two minutes.
now=$((10#$(date +%H) * 60 + 10#$(date +%M)))
on=$(hhmm $(((now + 2) % 1440)))
off=$(hhmm $(((now + 1439) % 1440)))
printf '[schedule]\non = "%s"\noff = "%s"\n[cec]\ndevice = "%s"\nosd_name = "carousel"\n[metrics]\ntextfile = "%s"\n' \
    "$on" "$off" "$cec_adapter" "$PWD/bannerd.prom" > bannerd.toml
echo "local time $(date +%H:%M:%S), schedule on $on off $off"

"$BIN" run --config bannerd.toml --autoplay 1 --control "$sock" > bannerd.log 2>&1 &
pid=$!
wait_until 90 screen_is off-by-schedule || { fail "screen not off outside the hours: $(ctl status)"; cat bannerd.log; exit 1; }
sleep 4
[ "$(field frames_rendered)" = 0 ] || fail "frames drawn while the screen is off: $(ctl status)"
[ "$(field index)" = 0 ] || fail "autoplay ran while the screen is off: $(ctl status)"
dpms=$(cat /sys/class/drm/card0-Virtual-1/dpms)
echo "connector DPMS while off: $dpms"
[ "$dpms" = Off ] || fail "connector DPMS is $dpms, not Off"
shot dark || fail "no screendump of the dark screen"
looks dark dark.png || fail "the display still shows a picture while off"
# cec-follower reports the old state for a second, then "in transition" until 8 s after the change.
wait_until 40 tv_is standby || fail "the TV is not in standby while the screen is off: $(ctl status)"
grep -q "Changing state to standby" tv.log || fail "the TV was not sent Standby"
wait_until 20 metric_is 'bannerd_tv_power_state{state="standby"}' \
    || fail "the metrics do not say the TV is in standby: $(grep 'tv_power\|screen_state\|cec' bannerd.prom)"
metric_is 'bannerd_screen_state{state="off-by-schedule"}' || fail "the metrics do not say the screen is off by schedule"
grep -q 'bannerd_cec_commands_total{command="Standby",result="acknowledged"} 1' bannerd.prom \
    || fail "the metrics do not count the Standby acknowledged"

echo "== a tap wakes it"
touch.py - <<< $'0 down 400 300\n60 up'
wait_until 30 screen_is woken || fail "a tap did not wake the screen: $(ctl status)"
wait_until 60 eval '(($(field frames_rendered) > 0))' || fail "nothing drawn after waking"
grep -q "activated" bannerd.log && fail "the waking tap reached the carousel"
[ "$(cat /sys/class/drm/card0-Virtual-1/dpms)" = On ] || fail "connector DPMS not On after the tap"
sleep 2
shot woken || fail "no screendump of the woken screen"
looks lit woken.png || fail "woken screen is black"
wait_until 40 tv_is on || fail "the tap did not wake the TV: $(ctl status)"
grep -q "Changing state to on" tv.log || fail "the TV was not sent Image View On"
# Image View On before Active Source (one-touch play), and the carousel's input is the TV's active source.
woke=$(grep -n "IMAGE_VIEW_ON" tv.log | tail -n 1 | cut -d: -f1)
source=$(grep -n "ACTIVE_SOURCE (0x82)" tv.log | tail -n 1 | cut -d: -f1)
[ -n "$woke" ] && [ -n "$source" ] && ((woke < source)) || fail "Active Source did not follow Image View On"
grep -A1 "ACTIVE_SOURCE (0x82)" tv.log | grep -q "phys-addr: 1.0.0.0" || fail "Active Source did not name 1.0.0.0"
# The TV's remote switches it to its second input (the TV broadcasts Routing Change): said, not taken back.
cec-ctl -d "$tv_adapter" --routing-change orig-phys-addr=1.0.0.0,new-phys-addr=2.0.0.0 > /dev/null \
    || fail "cec-ctl --routing-change failed"
wait_until 10 grep -q "the TV shows another input (the device at 2.0.0.0)$" bannerd.log \
    || fail "the TV switched to another input unreported"

echo "== the schedule turns it on"
wait_until 200 screen_is on || fail "the screen did not come on at $on: $(ctl status)"
first=$(field index)
wait_until 30 eval '[ "$(field index)" != "$first" ]' || fail "autoplay did not resume: $(ctl status)"

echo "== the TV leaves the bus (unplugged from its mains): the next Standby is not acknowledged"
kill $follower
cec-ctl -d "$tv_adapter" --clear > /dev/null || fail "cec-ctl --clear failed"

echo "== the wall clock is set past the off time"
secs=$((10#$(date +%H) * 3600 + 10#$(date +%M) * 60 + 10#$(date +%S)))
off_secs=$((10#${off%:*} * 3600 + 10#${off#*:} * 60 + 30))
date -s "@$(($(date +%s) + (off_secs - secs + 86400) % 86400))" > /dev/null
echo "local time now $(date +%H:%M:%S)"
# Without the clock watcher the screen would stay on until the deadline computed from the old time, a day away;
# with it, at the loop's next turn. 120 s, not a tighter bound: beside a build and another guest each status read
# took seconds, and 20 s ran out with the screen going off just after.
wait_until 120 screen_is off-by-schedule || fail "the screen stayed on after the clock was set past $off: $(ctl status)"
grep -q "wall clock set" bannerd.log || fail "no log line for the clock change"
wait_until 30 tv_is unknown || fail "the TV's power is not unknown once it stopped answering: $(ctl status)"
# Said once, naming the adapter: for the Standby, or for a read of the TV's power still under way when it left.
lines=$(grep -c "HDMI-CEC: $cec_adapter: .* was not acknowledged: no TV answers on the bus" bannerd.log)
[ "$lines" = 1 ] || fail "$lines log line(s) naming the adapter and a message no TV acknowledged, not 1"
grep "screen \|wall clock\|HDMI-CEC" bannerd.log

kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
cat bannerd.log
exit $status
