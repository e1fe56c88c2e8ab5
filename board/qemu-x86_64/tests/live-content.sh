#!/bin/bash
# Content that changes while bannerd runs: a CMS writes a new banners.toml next to the old one and renames it
# into place; the carousel shows the new list without a restart, and keeps the banner on screen if it remains.
# qemu-run: packages python3
# qemu-run-args: --size 800x600 --timeout 200
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/debug/bannerd}
status=0
fail() { echo "live-content: FAIL: $*"; status=1; }
content=$(mktemp -d)
sock=$content.sock
ctl() { "$BIN" ctl --socket "$sock" "$@"; }
field() { ctl status | python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
wait_until() { local deadline=$((SECONDS + $1)); shift; until "$@" >/dev/null 2>&1; do ((SECONDS < deadline)) || return 1; sleep 0.3; done; }
count_is() { [ "$(field count)" = "$1" ]; }
manifest() { # ID...: one title-only banner per id, written beside the live file and renamed over it
    for id in "$@"; do printf '[[banner]]\nid = "%s"\ntitle = "Banner %s"\n\n' "$id" "$id"; done > "$content/.banners.toml.new"
    mv "$content/.banners.toml.new" "$content/banners.toml"
}
manifest a b
"$BIN" run --content "$content" --control "$sock" --autoplay 0 > run.log 2>&1 &
pid=$!
wait_until 60 count_is 2 || fail "did not start with 2 banners"
ctl goto 1 && sleep 1
manifest x b c
wait_until 20 count_is 3 || fail "new content not shown: $(ctl status)"
[ "$(field index)" = 1 ] || fail "banner b should stay on screen (index 1): $(ctl status)"
grep -q "content reloaded: 3 banner" run.log || fail "no log line for the reload"
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
cat run.log
exit $status
