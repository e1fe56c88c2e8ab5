#!/bin/bash
# bannerd stopped for far longer than the page-flip bound (SIGSTOP mid-slide after `ctl next`, 3 s, SIGCONT) on a real kernel
# display: it resumes with a correct picture, no flip stuck in flight, and the carousel still answers touch.
# Run: board/qemu-x86_64/run-e2e stop-cont
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 300
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
set -uo pipefail
TEST=stop-cont
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
swipe() { touch.py - <<< $'0 down 900 384\n30 move 800 384\n60 move 650 384\n90 move 500 384\n120 move 350 384\n150 up'; }

"$BIN" run --autoplay 0 --scale 1 --control "$SOCK" >bannerd.log 2>&1 &
pid=$!
wait_until 90 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }

echo "== SIGSTOP mid-slide for 3 s, then SIGCONT"
ctl next
kill -STOP $pid
sleep 3
kill -CONT $pid
wait_until 30 settled_on 1 || fail "did not settle on banner 1 after SIGCONT: $(ctl status)"
frames=$(field frames_rendered)
shot after-cont
echo "after-cont.png 1" >> geometry-later # the picture after SIGCONT

echo "== the carousel still answers touch"
swipe
wait_until 30 settled_on 2 || fail "a swipe after SIGCONT did not move one banner: $(ctl status)"
(($(field frames_rendered) > frames)) || fail "no frame drawn after SIGCONT"
shot after-swipe
echo "after-swipe.png 1" >> geometry-later # the picture after the swipe

kill -TERM $pid
wait $pid; code=$?
[ $code -eq 0 ] || fail "exit status $code after SIGTERM"
grep -E "hung|present:" bannerd.log && fail "a stop of the process was taken for a display fault"
exit $status
