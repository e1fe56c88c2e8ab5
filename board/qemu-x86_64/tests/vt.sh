#!/bin/bash
# The virtual terminal behind the carousel: while bannerd runs, tty1 is in graphics mode with its keyboard off
# (typed keys cannot reach the console), and both are back as they were after SIGTERM.
# After a crash: a bannerd killed (SIGKILL, as the watchdog's SIGABRT ends it) cannot restore tty1 and leaves it
# in graphics mode with the keyboard off; the next bannerd, once stopped, gives back text mode with the keyboard on,
# and text written to tty1 then shows on screen (a screendump with the text's pixels, not black).
# qemu-run: packages python3
# qemu-run-args: --size 800x600 --timeout 200
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}
status=0
fail() { echo "vt: FAIL: $*"; status=1; }
# KDGETMODE (0x4B3B): 0 text, 1 graphics; KDGKBMODE (0x4B44): 4 is K_OFF.
modes() {
    python3 - <<'PY'
import array, fcntl, os
fd = os.open("/dev/tty1", os.O_RDWR | os.O_NOCTTY)
mode, keyboard = array.array("i", [0]), array.array("i", [0])
fcntl.ioctl(fd, 0x4B3B, mode)
fcntl.ioctl(fd, 0x4B44, keyboard)
print(f"{mode[0]} {keyboard[0]}")
PY
}
before=$(modes)
echo "tty1 before: mode/keyboard $before"
[ "${before%% *}" = 0 ] || fail "tty1 not in text mode before the test"
started() { for _ in $(seq 120); do grep -q "display /dev/dri" "$1" && return 0; sleep 0.5; done; return 1; }
"$BIN" run --vt /dev/tty1 --autoplay 0 > run.log 2>&1 &
pid=$!
started run.log || fail "bannerd did not start"
sleep 1
during=$(modes)
echo "tty1 while running: $during"
[ "$during" = "1 4" ] || fail "tty1 should be in graphics mode with the keyboard off, is $during"
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
after=$(modes)
echo "tty1 after: $after"
[ "$after" = "$before" ] || fail "tty1 not restored: $after, was $before"
cat run.log

echo "== a bannerd killed, then the next one stopped"
"$BIN" run --vt /dev/tty1 --autoplay 0 > killed.log 2>&1 &
pid=$!
started killed.log || fail "the first bannerd did not start"
sleep 1
kill -KILL $pid
wait $pid
left=$(modes)
echo "tty1 after SIGKILL: $left"
[ "$left" = "1 4" ] || fail "a killed bannerd left tty1 as $left, not in graphics mode with the keyboard off"
"$BIN" run --vt /dev/tty1 --autoplay 0 > next.log 2>&1 &
pid=$!
started next.log || fail "the next bannerd did not start"
sleep 1
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
after=$(modes)
echo "tty1 after the next one stopped: $after"
[ "${after%% *}" = 0 ] && [ "${after#* }" != 4 ] || fail "tty1 not back in text mode with the keyboard on: $after"
printf '\033[H\033[2Jconsole text after a crash and a stop\n' > /dev/tty1
sleep 0.5
shot console-after-crash || fail "no screendump of the console"
python3 "$QEMU_RUN_BOARD/lib/pngcheck.py" console-after-crash.png --size 800x600 --min-colours 2 \
    || fail "the console is dark after a crash and a stop: text written to tty1 does not show"
exit $status
