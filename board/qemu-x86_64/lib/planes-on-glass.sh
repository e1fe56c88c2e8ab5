# Run in a subshell by tests/kms-wrappers.sh on vkms (card1, its writeback connector on): `bannerd run` plays
# /mnt/video.mp4 (5 s, 5 frames a second; 25 frames, too many to keep at the banner's size, so it is
# streamed) as banner 0 of three, and `bannerd ctl capture` reads glass
# back through writeback (issue 45). With RUN `planes` the video is on the overlay planes; with `composed` vkms has
# none (enable_overlay=0) and the composed path shows it. Each run captures the same carousel states:
#   rest0   at rest on the video, its last frame (the video over: both runs show the same frame)
#   right   a finger holds it 24 px right (the slop off: within the screen's 16 px margin)
#   left    held 200 px left: the video clipped by the screen's left edge
#   ear     held 640 px left, past half a page: the video the left ear, mostly off screen
#   rest1   at rest on banner 1 after that finger left, the video the left ear
#   slide   during autoplay's slide onto banner 2, the video's ear sliding off
#   rest2   at rest on banner 2 (autoplay paused again), the video off screen
# Each capture must be bannerd's composition of the same frame (`ctl capture` counts the pixels that are not). The
# others are listed for lib/same-later.sh, which compares each pair of runs on the host after the guest, pixel for
# pixel; and the slide's capture, which must differ from both rests.
# planes_on_glass RUN EXPECTED: EXPECTED is the regex `video_planes` in `ctl status` must match.
planes_on_glass() {
    local run=$1 expected=$2 pid started planes finger
    TEST=kms-e2e SOCK=/run/vkms-bannerd.sock BANNERD_BIN=$BIN/bannerd POLL=0.25
    source "$HERE/bannerd-test.sh"
    source "$HERE/hold-mid-scroll.sh"
    # Autoplay is paused at once: the captures at rest wait for the video's end; it slides onto banner 2 at the end.
    "$BIN" run --card /dev/dri/card1 --autoplay 1 --control "$SOCK" --content /run/video-content > "vkms-$run.log" \
        2>&1 &
    pid=$!
    wait_until 90 banners_shown || { fail "$run: banners not shown: $(ctl status)"; kill $pid; return 1; }
    started=$SECONDS
    piped pause
    planes=$(field video_planes)
    echo "$run: ctl status: video_planes $planes"
    [[ $planes =~ $expected ]] || fail "$run: bannerd's video planes are '$planes', not $expected"
    playing
    # The video's 5 s over, then nothing drawn or flipped for 1.5 s: its last frame stays.
    nap $((started + 5 - SECONDS > 0 ? started + 5 - SECONDS : 0))
    wait_until 30 ended || fail "$run: the video did not end: $(ctl status)"
    capture rest0
    holds
    wait_until 30 settled_on 1 || fail "$run: not at rest on banner 1 after the finger left: $(ctl status)"
    capture rest1
    # Autoplay moves at its next slot once resumed. The capture is asked for through the test's `ctl -` as soon as
    # the status says the carousel moves: a `bannerd ctl` started anew takes longer than the slide.
    piped resume
    POLL=0.02 wait_until 10 eval '[ "$(field phase)" != rest ]' || fail "$run: autoplay did not move: $(ctl status)"
    # Paused again at once, so that it rests on banner 2 for the capture there (the slide goes on).
    piped pause
    capture slide
    wait_until 30 settled_on 2 || fail "$run: not at rest on banner 2 after the slide: $(ctl status)"
    capture rest2
    # Neither of the rests it went between.
    printf '%s\n' "$run-slide.png $run-rest1.png differ" "$run-slide.png $run-rest2.png differ" >> same-later
    kill -TERM $pid
    wait $pid || fail "$run: bannerd exit $?"
    ! grep -E 'present: ' "vkms-$run.log" || fail "$run: a frame failed"
    return $status
}

ended() {
    local before
    before="$(field frames_rendered) $(field overlay_flips)"
    nap 1.5
    [ "$before" = "$(field frames_rendered) $(field overlay_flips)" ]
}

# The video at rest for 3 s, with the CPU bannerd used (all its threads) per frame of it shown, written to
# cpu-RUN for kms-wrappers.sh's ratio. On the planes its frames are flips of the planes alone (`overlay_flips` counts
# on), so no frame is drawn while it plays (a composed video draws one for each of its frames), and the planes stay
# in use (a refused flip would have stopped them, and said why).
playing() {
    local rendered flips ticks shown before counter=frames_rendered
    [ "$run" = composed ] || counter=overlay_flips
    wait_until 30 eval '(($(field $counter) > 1))' || fail "$run: the video did not play: $(ctl status)"
    rendered=$(field frames_rendered) flips=$(field overlay_flips) ticks=$(cpu_ticks) before=$(field $counter)
    nap 3
    ticks=$(($(cpu_ticks) - ticks)) shown=$(($(field $counter) - before))
    echo "$run: frames_rendered and overlay_flips $rendered $flips, 3 s later $(field frames_rendered)" \
        "$(field overlay_flips); $shown frames of the video shown, $((ticks * 10 / (shown > 0 ? shown : 1))) ms of" \
        "CPU each"
    echo "$shown $ticks" > "cpu-$run"
    ((shown >= 10)) || fail "$run: $shown frames of the video shown in 3 s, not its 15"
    [ "$run" = planes ] || return
    [ "$(field frames_rendered)" = "$rendered" ] || fail "planes: frames drawn while the video played at rest"
    [[ $(field video_planes) =~ ^planes\ [0-9]+\ and\ [0-9]+$ ]] || fail "planes: the planes stopped: $(ctl status)"
}

cpu_ticks() { # bannerd's user and system time, in clock ticks (a hundredth of a second)
    local stat
    read -r stat < "/proc/$pid/stat"
    read -r -a stat <<< "${stat##*) }"
    echo $((stat[11] + stat[12]))
}

capture() { # NAME: glass read back through writeback, which must be bannerd's composition of the frame
    piped capture "$run-$1.png"
    echo "$run: $1: $answer ($((SECONDS - started)) s)"
    [[ $answer == *"): 0 of "* ]] || fail "$run: $1: the capture is not bannerd's composition"
    [[ $1 == slide || $run == planes ]] || echo "planes-$1.png composed-$1.png" >> same-later
}

# The three holds: one touch device for them all (touch.py's `wait`), each gesture sent, the carousel held still under
# the finger and captured, the finger lifted, the carousel back at rest, then the next gesture.
holds() {
    local name x0 dx i t=0
    : > "gesture-$run.txt"
    for name in "right 100 24" "left $((W - 100)) -200" "ear $((W - 100)) -640"; do
        read -r name x0 dx <<< "$name"
        {
            echo "$t down $x0 $((H / 2))"
            for i in $(seq 1 24); do echo "$((t + i * 25)) move $((x0 + dx * i / 24)) $((H / 2))"; done
            echo "$((t += 600)) wait held-$run-$name"
            echo "$((t += 10)) up"
            echo "$t wait lifted-$run-$name"
        } >> "gesture-$run.txt"
        t=$((t + 10))
    done
    rm -f held-"$run"-* lifted-"$run"-*
    touch.py --hold 0 "gesture-$run.txt" > "touch-$run.log" 2>&1 &
    finger=$!
    for name in right left ear; do
        wait_until 120 eval '[ -e "held-$run-$name.sent" ]' ||
            fail "$run: $name: touch.py did not send its gesture: $(cat "touch-$run.log")"
        wait_until 120 still || fail "$run: $name: the carousel was not held still: $(ctl status)"
        capture "$name"
        : > "held-$run-$name"
        wait_until 30 eval '[ "$(field phase)" = rest ]' || fail "$run: $name: no rest after the finger left"
        : > "lifted-$run-$name"
    done
    wait $finger || fail "$run: touch.py exit $?: $(cat "touch-$run.log")"
}
