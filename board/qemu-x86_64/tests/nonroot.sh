#!/bin/bash
# bannerd as an unprivileged user, as the systemd unit runs it: no root, no capabilities, only the video and
# input groups. DRM master comes from being the card's first opener; touch from the input group.
# qemu-run: packages python3
# qemu-run-args: --size 800x600 --timeout 200
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}
status=0
fail() { echo "nonroot: FAIL: $*"; status=1; }
video=$(getent group video | cut -d: -f3)
input=$(getent group input | cut -d: -f3)
ls -l /dev/dri/card0
dir=$(mktemp -d) && chmod 777 "$dir"
sock=$dir/control.sock
unprivileged=(setpriv --reuid=65534 --regid=65534 --groups="$video,$input" --inh-caps=-all --bounding-set=-all)
as_user() { "${unprivileged[@]}" "$@"; }
# Not through the function: $! must be bannerd itself (setpriv execs it), not a subshell.
"${unprivileged[@]}" "$BIN" run --autoplay 1 --control "$sock" --content /nonexistent > run.log 2>&1 &
pid=$!
frames() { as_user "$BIN" ctl --socket "$sock" status | sed -n 's/.*"frames_rendered":\([0-9]*\).*/\1/p'; }
deadline=$((SECONDS + 90))
until [ "$(frames 2>/dev/null || echo 0)" -ge 10 ]; do
    ((SECONDS < deadline)) || { fail "no frames as an unprivileged user"; break; }
    sleep 0.5
done
grep "display /dev/dri" run.log || fail "did not open the DRM display"
[ "$(ps -o uid= -p $pid | tr -d ' ')" = 65534 ] || fail "not running as uid 65534"
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
cat run.log
exit $status
