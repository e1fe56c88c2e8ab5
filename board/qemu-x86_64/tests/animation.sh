#!/bin/bash
# An animated GIF plays on glass at its own rate (issue 28): 24 frames of 500 ms, each one flat colour that numbers
# it (made on the host: lib/numbered-gif.sh), in the banner at rest in the centre, beside a still banner.
#   rate   screendumps at rest, each between two readings of the guest's clock, show frame numbers that one clock
#          running at the file's rate explains, within one frame; at least three different frames are seen
#   drawn  over the same time bannerd drew one frame per frame of the animation (frames_rendered), within the
#          readings' own uncertainty: a frame drawn at rest for anything else, or frames missed, fail it
#   both judged on the host once the guest has ended (lib/frames-later.py)
# 800x480: a banner keeps 48 MiB of frames, 36 at this size (16 at 1024x768).
# qemu-run: packages python3 ffmpeg
# qemu-run-args: --size 800x480 --timeout 300
# qemu-run-host: board/qemu-x86_64/lib/numbered-gif.sh "$QEMU_RUN_OUT/content"
# qemu-run-after: board/qemu-x86_64/lib/frames-later.py "$QEMU_RUN_OUT"
set -uo pipefail
TEST=animation
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

printf '[display]\nscale = 1\n' > bannerd.toml
"$BIN" check --content content --size 800x480 || fail "check found problems in the content"
"$BIN" run --config bannerd.toml --content content --control "$SOCK" --autoplay 0 > bannerd.log 2>&1 &
pid=$!
wait_until 120 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
wait_until 30 eval '[ "$(field phase)" = rest ]' || fail "not at rest: $(ctl status)"
sleep 1
drawn() { # "FRAMES_RENDERED MS_BEFORE MS_AFTER": the count, read between two readings of the clock
    local before frames
    before=$(ms)
    frames=$(field frames_rendered)
    echo "$frames $before $(ms)"
}
drawn > drawn
for i in $(seq -w 1 16); do
    before=$(ms)
    shot "frame-$i" || { fail "no screendump frame-$i"; continue; }
    echo "frame-$i $before $(ms)" >> frames
    sleep "0.$((RANDOM % 10))" # the shots fall on every part of a frame
done
drawn >> drawn
cat frames drawn
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
if grep -E "warning|error" bannerd.log; then fail "bannerd logged a problem"; fi
exit $status
