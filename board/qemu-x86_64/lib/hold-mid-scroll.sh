# Sourced by the tests that hold the carousel mid-scroll with a finger (lib/pan-tests.sh, the aarch64 board's test),
# after lib/bannerd-test.sh. The test sets W and H (the screen), and step (the page step in upright pixels: the
# banner, the screen less 16 px either side, and the 8 px gap).
#   held ROTATION NAME DISTANCE   drags the carousel forwards by DISTANCE pixels and holds it there: the frame on
#                                 glass was panned (status last_frame), and QEMU's screendump of it is pixel for
#                                 pixel what `ctl screenshot` composes; past half a page, the index has moved on

# Still: the carousel is held, so frames_rendered stops moving (read twice, a second apart).
still() {
    local a b
    a=$(field frames_rendered)
    sleep 1
    b=$(field frames_rendered)
    [ "$a" = "$b" ] && [ "$(field phase)" = drag ]
}

held() { # ROTATION NAME DISTANCE: drag the carousel forwards by DISTANCE pixels, hold it there, compare
    local rotation=$1 name=$2 distance=$3 x0 y0 x1 y1 i index0 panned0
    # Forwards is leftwards on the upright picture: at rotation 90 that is up the scanout.
    if [ "$rotation" = 0 ]; then
        x0=$((W - 100)) y0=$((H / 2)) x1=$((x0 - distance)) y1=$y0
    else
        x0=$((W / 2)) y0=$((H - 60)) x1=$x0 y1=$((y0 - distance))
    fi
    index0=$(field index)
    panned0=$(field frames_panned)
    {
        echo "0 down $x0 $y0"
        for i in $(seq 1 24); do echo "$((i * 25)) move $((x0 + (x1 - x0) * i / 24)) $((y0 + (y1 - y0) * i / 24))"; done
    } > "gesture-$name.txt"
    # The finger stays down until the test has what it needs and stops touch.py: the device then goes, which
    # cancels the touch (a finger held for a fixed time was lifted too soon on a host loaded by other guests).
    rm -f "sent-$name"
    touch.py --hold 600000 --sent-file "sent-$name" "gesture-$name.txt" > "touch-$name.log" 2>&1 &
    finger=$!
    # Still only counts once the last move is out: on a slow CPU touch.py can stall for a second mid-gesture,
    # and its late moves then changed the frame between the screenshot and the screendump.
    wait_until 120 eval '[ -e "sent-$name" ]' ||
        fail "$name: touch.py did not send its gesture: $(cat "touch-$name.log")"
    wait_until 120 still || fail "$name: the carousel was not held still: $(ctl status)"
    same_as_screendump "$name"
    [ "$(field last_frame)" = panned ] || fail "$name: the frame on glass was not panned: $(ctl status)"
    echo "$name: $(($(field frames_panned) - panned0)) frames panned; index $index0 -> $(field index)"
    if [ "$distance" -gt $((step / 2)) ]; then
        [ "$(field index)" != "$index0" ] || fail "$name: past half a page, yet still on banner $index0"
    fi
    kill $finger 2>/dev/null
    wait $finger 2>/dev/null
    wait_until 30 eval '[ "$(field phase)" = rest ]' || fail "$name: no rest after the finger left: $(ctl status)"
}
