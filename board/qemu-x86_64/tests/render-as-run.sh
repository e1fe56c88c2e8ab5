#!/bin/bash
# `bannerd render` shows what `bannerd run` shows: the same content and bannerd.toml (autoplay, a banner's own
# duration, background, scale), played by the service on the board and rendered in simulated time; and the
# proof-of-play records name what was on screen.
#   steps   after each of 4 autoplay steps (banners 0, 1, 2, then 0 again) QEMU's screendump of the board is
#           pixel for pixel the frame render shows at rest after the same number of steps (rendered and compared
#           on the host once the guest has ended, lib/render-later.sh: the same binary, in a fraction of the time);
#           a screendump retried a whole turn later shows the same rest, as every rest of a banner looks the same
#   plays   the proof-of-play file has one whole JSON line per banner that stood centred, in the order of the
#           screendumps, each with its id, image, cause (start, autoplay, `ctl next`, then a swipe), and the
#           seconds it stood centred (its duration, within the emulated CPU's slack); `ctl status` counts them
# The binary as it ships (release): the debug build on a slow emulated CPU starts so late and draws so many
# frames late that autoplay has moved on before the first screendump (seen with the code before and after
# HarfBuzz alike: 163-247 of about 300 frames late).
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 600
# qemu-run-after: board/qemu-x86_64/lib/render-later.sh
set -uo pipefail
TEST=render-as-run
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"

# How long each rest lasts, from what a screendump costs on this host now (6 s once was too short for a still
# screendump on a CI host building beside it).
REST=$(rest_for_screendumps 6) || { fail "no screendump"; exit 1; }
echo "$REST" > rest-seconds

mkdir -p content
# An image banner too (a frame of the demo carousel), so decoding and scaling are compared as well as text.
"$BIN" render --size 640x360 --seconds 0 --out demo > /dev/null || { fail "render of the demo failed"; exit 1; }
mv demo/frame-00000.png content/picture.png
cat > content/banners.toml <<EOF
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
duration = $((REST + 2))

[[banner]]
id = "plain"
title = "Grüße aus Köln"
EOF
cat > bannerd.toml <<EOF
[display]
scale = 1.25
[carousel]
autoplay = $REST
background = "#102030"
[proof_of_play]
directory = "$PWD/plays"
EOF
"$BIN" check --config bannerd.toml --content content || fail "check found problems"

echo "== run: QEMU's screendump after each autoplay step"
"$BIN" run --config bannerd.toml --content content --control "$SOCK" > bannerd.log 2>&1 &
pid=$!
wait_until 90 banners_shown || { fail "banners not shown: $(ctl status)"; cat bannerd.log; exit 1; }
steps=(0 1 2 0)
# One turn of the carousel (three rests, one of them 2 s longer, their slides and some slack): when a screendump
# was not still (a load spike made it slower than measured), that banner rests again one turn later.
turn=$((3 * REST + 2 + 10))
shots=()  # when each screendump was taken (epoch seconds) and the banner it showed
for step in "${!steps[@]}"; do
    index=${steps[$step]}
    # The screendump is taken at rest and kept only if nothing was drawn while it was taken (the same index, still
    # at rest, the same frame count before and after).
    taken=
    deadline=$((SECONDS + 2 * turn))
    while [ -z "$taken" ] && ((SECONDS < deadline)); do
        POLL=0.3 wait_until "$turn" settled_on "$index" || break
        frames=$(field frames_rendered)
        shot "run-$step" || continue
        shot_at=$EPOCHREALTIME # to the microsecond: whole seconds fell before a showing that began in the same second
        [ "$(field frames_rendered)" = "$frames" ] && settled_on "$index" && taken=yes
    done
    [ -n "$taken" ] || { fail "no still screendump at step $step (banner $index): $(ctl status)"; break; }
    echo "step $step: banner $index on screen, $(field frames_rendered) frames drawn"
    shots+=("$shot_at:$index")
    # Wait until autoplay has moved on, so the next step's screendump is of the next rest.
    [ "$step" = $((${#steps[@]} - 1)) ] || POLL=0.3 wait_until "$turn" eval '! settled_on '"$index" || fail "autoplay stopped"
done
# Two more showings, moved by someone: the control socket, then a finger (before autoplay's rest runs out).
at_rest() { [ "$(field phase)" = rest ]; }
before=$(field index)
ctl next > /dev/null && POLL=0.3 wait_until 30 eval 'at_rest && [ "$(field index)" != '"$before"' ]' \
    || fail "ctl next did not move on: $(ctl status)"
before=$(field index)
"$QEMU_RUN_BOARD/touch.py" --size 1024x768 - <<< $'0 down 900 384\n30 move 750 384\n60 move 600 384\n90 move 450 384\n120 up' \
    || fail "touch.py failed"
POLL=0.3 wait_until 30 eval 'at_rest && [ "$(field index)" != '"$before"' ]' || fail "the swipe did not move on: $(ctl status)"
sleep 1
plays_counted=$(field plays_today)
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"

echo "== proof of play"
ls -l plays
cat plays/*.jsonl
python3 - "$plays_counted" "$REST" "${shots[*]}" plays/*.jsonl <<'PY' || fail "the proof-of-play records do not match the screen"
import datetime, json, re, sys
counted, rest, shots, paths = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
ids = ["hours", "picture", "plain"]
durations = {"hours": rest, "picture": rest + 2, "plain": rest}
assert len(paths) == 1, f"one file a day, found {paths}"
text = open(paths[0]).read()
assert text.endswith("\n"), "the file ends in a line cut short"
records = [json.loads(line) for line in text.splitlines()]
stamp = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$")
seconds = lambda t: datetime.datetime.fromisoformat(t).timestamp()
for record in records:
    assert set(record) == {"banner", "image", "start", "end", "centred_s", "cause", "output"}, record
    assert record["output"] == "Virtual-1", record
    assert stamp.match(record["start"]) and stamp.match(record["end"]), record
    assert seconds(record["start"]) <= seconds(record["end"]), record
    assert (record["image"] or "").endswith("picture.png") == (record["banner"] == "picture"), record
    assert record["centred_s"] > 0, record
# How each got there: bannerd started on the first, autoplay moved on, then ctl next, then a swipe (autoplay may
# have moved on between them on a slow host).
causes = [r["cause"] for r in records]
assert causes[0] == "start" and causes[-1] == "touch" and causes.count("control") == 1, f"causes {causes}"
assert set(causes[1:-1]) <= {"autoplay", "control"}, f"causes {causes}"
# Banner after banner in the carousel's order.
for before, after in zip(records, records[1:]):
    assert ids.index(after["banner"]) == (ids.index(before["banner"]) + 1) % 3, f"{before} then {after}"
# Each screendump lies in a record of the banner it showed.
for shot in shots:
    at, index = shot.split(":")
    assert any(r["banner"] == ids[int(index)] and seconds(r["start"]) <= float(at) <= seconds(r["end"]) + 1
               for r in records), f"no record of {ids[int(index)]} at the screendump of {at}"
# Autoplay's whole time on glass: a banner autoplay moved on from stood centred for its duration (the emulated
# CPU's slack allowed); the first showings waited for their sprites on this CPU, so from the second round on.
for record, after in list(zip(records, records[1:]))[3:]:
    if after["cause"] == "autoplay":
        want = durations[record["banner"]]
        assert abs(record["centred_s"] - want) < 0.75, f"{record['banner']}: {record['centred_s']} s, not {want}"
# ctl status counted the showings that had ended before the stop: all but the last.
assert counted == len(records) - 1, f"ctl status said plays_today {counted}, the file has {len(records)}"
print(f"proof of play: {len(records)} records as shown; ctl status counted {counted} before the stop")
PY

# The screendumps of the steps, for lib/render-later.sh.
for step in "${!steps[@]}"; do echo "run-$step.png"; done > steps
exit $status
