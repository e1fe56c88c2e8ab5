#!/bin/bash
# Animations play on glass at their own rate (issue 28), each a file whose frames number themselves by colour (made
# on the host: lib/numbered-animations.sh), in the banner at rest in the centre:
#   gif    24 frames of 500 ms, all kept as sprites
#   webp   48 frames of 500 ms, more than a banner keeps at 800x480 (36): drawn as they play by the pre-render
#          threads, on this emulated CPU as slow as a small board's (at 250 ms a frame, beside two busy host
#          threads, 72 of about 108 frames were late and the screen fell more than two frames behind)
#   mp4    a video of 72 frames of 500 ms (36 s, played once: the 16 screendumps fall inside it), decoded by
#          libavcodec as it plays
# For each, 16 screendumps at rest, each between two readings of the guest's clock, must show frame numbers that one
# clock running at the file's rate explains, within one frame, with at least three different frames; and over the
# same time bannerd must have drawn one frame per frame of the animation (frames_rendered), within the readings'
# uncertainty: a frame drawn at rest for anything else fails it, and so does a frame missed that the status does not
# count as late (animation_frames_late: a streamed frame not drawn by its time, which a loaded host makes happen on
# this CPU; the frame before stays, one frame behind). Both judged on the host once the guest has ended
# (lib/frames-later.py).
# qemu-run: packages python3 ffmpeg
# qemu-run-args: --size 800x480 --timeout 300
# qemu-run-host: board/qemu-x86_64/lib/numbered-animations.sh "$QEMU_RUN_OUT/content"
# qemu-run-after: board/qemu-x86_64/lib/frames-later.py "$QEMU_RUN_OUT" gif:24:500:10 webp:48:500:5 mp4:72:500:3
set -uo pipefail
TEST=animation
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

start_content 0
drawn() { # "FRAMES_RENDERED ANIMATION_FRAMES_LATE MS_BEFORE MS_AFTER": both counts from one status, read between
    # two readings of the clock
    local before status
    before=$(ms)
    status=$(ctl status)
    echo "$(sed -n 's/.*"frames_rendered":\([0-9]*\).*/\1/p' <<< "$status")" \
        "$(sed -n 's/.*"animation_frames_late":\([0-9]*\).*/\1/p' <<< "$status")" "$before" "$(ms)"
}
watch() { # NAME INDEX: at rest on banner INDEX, 16 screendumps and the frames drawn around them
    local name=$1 i before
    ctl goto "$2" > /dev/null || fail "goto $2: $(ctl status)"
    wait_until 60 settled_on "$2" || { fail "not at rest on banner $2: $(ctl status)"; return; }
    sleep 1
    drawn > "$name-drawn"
    for i in $(seq -w 1 16); do
        before=$(ms)
        shot "$name-$i" || { fail "no screendump $name-$i"; continue; }
        echo "$name-$i $before $(ms)" >> "$name-frames"
        sleep "0.$((RANDOM % 10))" # the shots fall on every part of a frame
    done
    drawn >> "$name-drawn"
    cat "$name-frames" "$name-drawn"
}
watch gif 0
watch webp 1
watch mp4 2
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
if grep -E "warning|error" bannerd.log; then fail "bannerd logged a problem"; fi
exit $status
