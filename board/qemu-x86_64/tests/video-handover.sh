#!/bin/bash
# No blank moment between items (issue 28). Autoplay goes from a video to the next one when the first ends (a video
# banner lasts its length), and from that video to a still. Around each change the host takes screendumps every
# 100 ms (`shot --burst`): 60 from the moment the second video is seen at rest (its 4 s end inside them), then 80
# from the moment the first is (its 6 s). The content is lib/handover-videos.sh's, each item one family of colours.
# Every screendump's middle row must show only those families and, between banners, no more than the two 8 px gaps
# (and a few blended columns at their edges): a placeholder, a blank banner or a frame of background would fill
# hundreds of columns. Judged on the host once the guest has ended (lib/handover-later.py), which also asks that each
# burst see the change (the two items centred in turn) and catch the slide itself.
# qemu-run: packages python3 ffmpeg
# qemu-run-args: --size 800x480 --timeout 240
# qemu-run-host: board/qemu-x86_64/lib/handover-videos.sh "$QEMU_RUN_OUT/content"
# qemu-run-after: board/qemu-x86_64/lib/handover-later.py "$QEMU_RUN_OUT" to-still:second:still to-second:first:second
set -uo pipefail
TEST=video-handover
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

start_content 3
POLL=0.2 wait_until 60 settled_on 1 || fail "the second video never came to rest: $(ctl status)"
shot --burst to-still 60 100 || fail "no burst of screendumps to-still"
POLL=0.2 wait_until 60 settled_on 0 || fail "the first video never came to rest again: $(ctl status)"
shot --burst to-second 80 100 || fail "no burst of screendumps to-second"
ctl status
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
if grep -E "warning|error" bannerd.log; then fail "bannerd logged a problem"; fi
exit $status
