#!/usr/bin/env bash
# A wall of two boards in step on the wall clock (issue 44): two QEMU boards, booted 6 s apart, different in
# display (bochs at 800x600, virtio-gpu at 1024x768), each with its clock set from the host's as NTP would
# (lib/wall/clock.py: the error bound of each is measured before and after), run `bannerd run` with
# `[carousel] sync = "wall-clock"` on the same five banners, autoplay every 2 s, with no traffic between them.
# Once both are on glass: 8 s of the wall, a swipe on board b (out of step), 18 s more (it rejoins), then both stop.
# Judged on the host from their proof-of-play records (lib/wall/judge.py): every rest shows the same banner on
# both, each slide reaches the centre on both within one 60 Hz frame plus the two clocks' errors; the swipe takes
# b out of step and it rejoins with one slide, in step again at every slide after.
# run-e2e: boots its own guests
# run-e2e: guests 2
# qemu-run-args: --timeout 300
set -uo pipefail
out=${1:?wall.sh OUT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
status=0
fail() { echo "wall: FAIL: $*"; status=1; }
board() { # NAME GPU SIZE: one board in the background, its output in OUT/NAME
    mkdir -p "$out/$1"
    "$here/qemu-run" --gpu "$2" --size "$3" --timeout 300 --no-final-shot --out "$out/$1" -- \
        "$here/lib/wall/guest.sh" "$3" > "$out/$1/run.log" 2>&1 &
}
on_glass() { grep -q '^wall: on glass' "$out/a/run.log" && grep -q '^wall: on glass' "$out/b/run.log"; }
ended() { ! kill -0 "$1" 2>/dev/null; }

started=$SECONDS
board a bochs 800x600
a=$!
sleep 6
board b virtio 1024x768
b=$!
until on_glass; do
    if ended "$a" || ended "$b" || ((SECONDS - started > 400)); then
        fail "a board never showed its carousel"
        break
    fi
    sleep 1
done
if ((status == 0)); then
    echo "wall: both boards on glass $((SECONDS - started)) s after the first booted"
    sleep 8
    touch "$out/b/swipe"
    sleep 18
fi
touch "$out/a/stop" "$out/b/stop"
for name in a b; do
    pid=$a
    [[ $name == b ]] && pid=$b
    wait "$pid" || fail "board $name: qemu-run exited with status $?"
    echo "---- board $name"
    grep '^clock:\|^wall:\|^qemu-run: booted\|FAIL' "$out/$name/run.log"
done
((status == 0)) || exit "$status"
python3 "$here/lib/wall/judge.py" "$out/a" "$out/b" || fail "the boards were not in step"
exit "$status"
