#!/bin/bash
# `bannerd render` shows what `bannerd run` shows: the same content and bannerd.toml (autoplay, a banner's own
# duration, background, scale), played by the service on the board and rendered in simulated time.
#   steps   after each of 4 autoplay steps (banners 0, 1, 2, then 0 again) QEMU's screendump of the board is
#           pixel for pixel the frame render shows at rest after the same number of steps
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 400
set -uo pipefail
TEST=render-as-run
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

mkdir -p content
# An image banner too (a frame of the demo carousel), so decoding and scaling are compared as well as text.
"$BIN" render --size 640x360 --seconds 0 --out demo > /dev/null || { fail "render of the demo failed"; exit 1; }
mv demo/frame-00000.png content/picture.png
cat > content/banners.toml <<'EOF'
[defaults]
background = "#263238"

[[banner]]
id = "hours"
title = "Opening hours"
subtitle = "Mon–Sat 9:00–20:00"
background = "#1E3C72"

[[banner]]
id = "picture"
title = "Spring sale"
subtitle = "Everything 20 % off until Sunday"
image = "picture.png"
duration = 5

[[banner]]
id = "plain"
title = "Grüße aus Köln"
EOF
cat > bannerd.toml <<'EOF'
[display]
scale = 1.25
[carousel]
autoplay = 3
background = "#102030"
EOF
"$BIN" check --config bannerd.toml --content content || fail "check found problems"

echo "== run: QEMU's screendump after each autoplay step"
"$BIN" run --config bannerd.toml --content content --control "$SOCK" > bannerd.log 2>&1 &
pid=$!
wait_until 90 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
steps=(0 1 2 0)
for step in "${!steps[@]}"; do
    index=${steps[$step]}
    # Each rest lasts 3 s or more: the screendump is taken at rest and kept only if nothing was drawn while it
    # was taken (the same index, still at rest, the same frame count before and after).
    taken=
    deadline=$((SECONDS + 60))
    while [ -z "$taken" ] && ((SECONDS < deadline)); do
        POLL=0.3 wait_until 30 settled_on "$index" || break
        frames=$(field frames_rendered)
        shot "run-$step"
        [ "$(field frames_rendered)" = "$frames" ] && settled_on "$index" && taken=yes
    done
    [ -n "$taken" ] || { fail "no still screendump at step $step (banner $index): $(ctl status)"; break; }
    echo "step $step: banner $index on screen, $(field frames_rendered) frames drawn"
    # Wait until autoplay has moved on, so the next step's screendump is of the next rest.
    [ "$step" = $((${#steps[@]} - 1)) ] || POLL=0.3 wait_until 30 eval '! settled_on '"$index" || fail "autoplay stopped"
done
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"

echo "== render: the same content and configuration in simulated time, two frames a second"
"$BIN" render --config bannerd.toml --content content --size 1024x768 --seconds 16 --every 30 --out frames \
    || fail "render failed"
# The rests are the runs of identical frames (a slide lasts under a second: its frames all differ), in order.
rests=()
previous= last= still=
for frame in frames/frame-*.png; do
    sum=$(md5sum < "$frame")
    if [ "$sum" != "$previous" ]; then
        still=
    elif [ -z "$still" ]; then
        rests+=("$last") still=yes
    fi
    previous=$sum last=$frame
done
echo "render: ${#rests[@]} rests: ${rests[*]}"
((${#rests[@]} >= ${#steps[@]})) || fail "render shows ${#rests[@]} rests in 16 s, not ${#steps[@]}"
for step in "${!steps[@]}"; do
    [ -n "${rests[$step]:-}" ] && [ -e "run-$step.png" ] || continue
    echo "step $step: run-$step.png against ${rests[$step]}"
    python3 "$LIB/pngsame.py" "run-$step.png" "${rests[$step]}" || fail "step $step: the board and render differ"
done
# The steps are different pictures (a test that compared one still with itself would prove nothing).
python3 "$LIB/pngsame.py" run-0.png run-1.png > /dev/null && fail "steps 0 and 1 show the same picture"
python3 "$LIB/pngsame.py" run-1.png run-2.png > /dev/null && fail "steps 1 and 2 show the same picture"
exit $status
