#!/bin/bash
# The virtual terminal behind the carousel: while bannerd runs, tty1 is in graphics mode with its keyboard off
# (typed keys cannot reach the console), and both are back as they were after SIGTERM.
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
"$BIN" run --vt /dev/tty1 --autoplay 0 > run.log 2>&1 &
pid=$!
for _ in $(seq 120); do grep -q "display /dev/dri" run.log && break; sleep 0.5; done
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
exit $status
