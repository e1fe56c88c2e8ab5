#!/bin/bash
# Proof of play, the metrics and the screen tell one story (issue 25): eight photo banners (1920x1080 JPEGs and
# PNGs, made on the host by lib/photos.py) played by autoplay every 2 s (longer when a screendump takes long on this
# host: lib/bannerd-test.sh's rest_for_screendumps) for 32 s and a whole turn of the carousel at least, once composed and once panned (scanout "compose", then "auto"), with a touchscreen present and untouched,
# then `ctl pause` and SIGTERM.
#   rests     at every rest a screendump, kept only if nothing was drawn while it was taken
#   judged    on the host afterwards (lib/rests-later.py): the banner each screendump shows (by its photo's
#             colour), the proof-of-play records and bannerd_banner_shows_total name the same banners in the same
#             order, one showing per rest with none missing, every rest a step of autoplay; and no placeholder
#             was ever drawn: the emulated CPU is a small board's, and autoplay waits for its banner rather
#             than slide one in that is not rendered yet
# qemu-run: packages python3 libjpeg-turbo-progs
# qemu-run-args: --size 1024x768 --timeout 600
# qemu-run-host: board/qemu-x86_64/lib/photos.py "$QEMU_RUN_OUT/content" 8 > "$QEMU_RUN_OUT/photos"
# qemu-run-after: board/qemu-x86_64/lib/rests-later.py "$QEMU_RUN_OUT" compose auto
set -uo pipefail
TEST=proof-of-play
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
PLAY_SECONDS=32
# A whole turn and back to the first banner, however long the emulated CPU takes to render the photos (autoplay
# waits for each; rests-later.py wants as many).
PLAY_RESTS=9

# Autoplay's interval: a screendump at every rest, however loaded the host (beside a build and another guest
# one took 5 to 15 s, and a 2 s autoplay ran past rests unseen).
AUTOPLAY=$(rest_for_screendumps 2) || { fail "no screendump"; exit 1; }
"$BIN" check --content content || fail "check found problems in the photos"
# A touchscreen present all along, never touched: the board's runs that lost showings had one.
"$QEMU_RUN_BOARD/touch.py" --size 1024x768 --no-wait-reader --hold 600000 --ready-file touch.ready - < /dev/null \
    > touch.log 2>&1 &
touch=$!
wait_until 60 test -e touch.ready || { fail "no touchscreen: $(cat touch.log)"; exit 1; }
# The phase, the banner in the centre and the frames drawn so far, from one status.
still() {
    local status
    status=$(ctl status) && status_match "$status" '"index":([0-9]*),.*"phase":"([a-z]*)",.*"frames_rendered":([0-9]*),' &&
        echo "${BASH_REMATCH[2]} ${BASH_REMATCH[1]} ${BASH_REMATCH[3]}"
}

play() { # MODE: autoplay for PLAY_SECONDS, a screendump at every rest
    local mode=$1
    cat > "bannerd-$mode.toml" <<EOF
[display]
scale = 1
scanout = "$mode"
[carousel]
autoplay = $AUTOPLAY
[metrics]
textfile = "$PWD/$mode-metrics.prom"
[proof_of_play]
directory = "$PWD/$mode-plays"
EOF
    echo "== $mode: autoplay every $AUTOPLAY s for $PLAY_SECONDS s and $PLAY_RESTS rests"
    "$BIN" run --config "bannerd-$mode.toml" --content content --control "$SOCK" > "bannerd-$mode.log" 2>&1 &
    pid=$!
    : > "$mode-rests"
    # The first frame waits 30 s at most for its photos, and autoplay for each photo (about 4 s on an idle host).
    local end= last= n=0 before after phase index frames taken limit=$((120 + PLAY_RESTS * (AUTOPLAY + 10)))
    local deadline=$((SECONDS + limit))
    # From the first frame on (the first rest is the shortest: banner 2 renders while the first frame waits).
    while [ -z "$end" ] || ((SECONDS < end || n < PLAY_RESTS)); do
        ((SECONDS < deadline)) || { fail "$mode: $n rests in $limit s"; break; }
        before=$(still)
        read -r phase index frames <<< "$before"
        if [ -z "$end" ]; then
            ((${frames:-0} > 0)) || { nap 0.1; continue; }
            end=$((SECONDS + PLAY_SECONDS))
        fi
        if [ "$phase" != rest ] || [ "$index" = "$last" ]; then
            nap 0.1
            continue
        fi
        taken=$(ms)
        shot "$mode-$n" || { fail "$mode: screendump $n"; break; }
        after=$(still)
        # Kept if the carousel stood still on the same banner all the while; else taken again.
        if [ "$after" != "$before" ]; then
            echo "$mode: rest on banner $index: not still while the screendump was taken ($(($(ms) - taken)) ms):" \
                "$before, then $after"
            continue
        fi
        echo "$mode-$n.png $index" >> "$mode-rests"
        last=$index n=$((n + 1))
    done
    ctl pause > /dev/null || fail "$mode: ctl pause"
    # The rest autoplay may have begun just before the pause: its screendump too.
    POLL=0.3 wait_until 10 eval '[ "$(field phase)" = rest ]'
    before=$(still)
    read -r phase index frames <<< "$before"
    if [ "$index" != "$last" ]; then
        shot "$mode-$n" && [ "$(still)" = "$before" ] && echo "$mode-$n.png $index" >> "$mode-rests"
    fi
    ctl status > "$mode-status.json"
    kill -TERM "$pid"
    wait "$pid" || fail "$mode: exit status $? after SIGTERM"
    echo "$mode: $(wc -l < "$mode-rests") rests, $(cat "$mode"-plays/*.jsonl 2>/dev/null | wc -l) records"
    grep -v "^<6>" "bannerd-$mode.log"
}

play compose
play auto
kill "$touch" 2>/dev/null
exit $status
