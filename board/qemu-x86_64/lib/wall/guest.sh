#!/bin/bash
# One board of the wall (tests/wall.sh): its clock set from the host's (lib/wall/clock.py, as NTP would), then
# `bannerd run` with `[carousel] sync = "wall-clock"` on five banners of text, autoplay every 2 s, proof of play
# on, until the host creates ./stop; a swipe on a uinput touchscreen when the host creates ./swipe. Leaves for the
# host's judge (lib/wall/judge.py): plays.jsonl, clock-start and clock-end (the clock's error before and after),
# swiped (the wall-clock time of the swipe, in ns), status.json.
# Usage: guest.sh WxH   the screen's size (the touchscreen's too)
set -uo pipefail
TEST=wall
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
size=${1:?guest.sh WxH}
width=${size%x*} height=${size#*x}

python3 "$LIB/wall/clock.py" step clock-start || { fail "the clock could not be set from the host's"; exit 1; }

mkdir -p content
for n in 1 2 3 4 5; do
    printf '[[banner]]\nid = "b%s"\ntitle = "Banner %s"\nsubtitle = "on the wall clock"\n\n' "$n" "$n"
done > content/banners.toml
cat > bannerd.toml <<EOF
[display]
scale = 1
[carousel]
autoplay = 2
sync = "wall-clock"
[proof_of_play]
directory = "$PWD/plays"
EOF
"$BIN" check --config bannerd.toml --content content --size "$size" || fail "check found problems in the content"
"$BIN" run --config bannerd.toml --content content --control "$SOCK" > bannerd.log 2>&1 &
pid=$!
wait_until 120 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
echo "wall: on glass"

deadline=$((SECONDS + 300))
while [ ! -e stop ]; do
    ((SECONDS < deadline)) || { fail "the host never said stop"; break; }
    if [ -e swipe ] && [ ! -e swiped ]; then
        # Right to left across the middle of the screen, fast enough to be a swipe to the next banner.
        date +%s%N > swiped
        y=$((height / 2))
        "$QEMU_RUN_BOARD/touch.py" --size "$size" - <<< "0 down $((width * 85 / 100)) $y
30 move $((width * 70 / 100)) $y
60 move $((width * 55 / 100)) $y
90 move $((width * 40 / 100)) $y
120 up" > touch.log 2>&1 || fail "the swipe: $(cat touch.log)"
        echo "wall: swiped"
    fi
    sleep 0.5
done
ctl status > status.json || fail "no status"
echo "wall: status $(cat status.json)"
python3 "$LIB/wall/clock.py" measure clock-end || fail "the clock could not be measured again"
kill -TERM "$pid"
wait "$pid" || fail "bannerd exited with status $?"
cat plays/*.jsonl > plays.jsonl 2>/dev/null || fail "no proof-of-play file"
grep -i "warning\|error" bannerd.log
exit "$status"
