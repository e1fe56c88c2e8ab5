# Sourced by tests/pan-bochs.sh and tests/pan-virtio.sh: panning on the board's display driver.
#   probe     kmscheck --pan shows a window of a strip twice the screen's width (x) and of one twice its height
#             (y) by each PanMethod, then a picture from a buffer of the screen's size; QEMU's screendump of each
#             says which window is on glass (lib/pancheck.py). A driver that ignores a method accepts it all the
#             same, so only the screendumps can tell. The method PanMethod.measured names for the driver shows the
#             exact window both ways; what the other shows is printed, as the record of what the driver does.
#             Before each method shows a window, TEST_ONLY commits ask the driver about the windows at both ends of
#             the strip (the measured method's must be accepted, as bannerd asks before it pans) and about one a row
#             past the y strip's end, which the measured method must refuse (virtio-gpu accepts a framebuffer
#             whose offset runs past its buffer: it ignores the offset, and checks nothing of it).
#   carousel  `bannerd run` (scanout "auto") held by a finger mid-scroll, at rotation 0 and 90: the frame on
#             glass was panned (status last_frame), and QEMU's screendump of it is pixel for pixel what
#             `ctl screenshot` composes for the same position (the composed path); once within the first page's
#             strip, once past half a page (the recycler has rebased: the next page's strip)
set -uo pipefail
LIB=$QEMU_RUN_BOARD/lib
source "$LIB/bannerd-test.sh"
KMSCHECK=$(dirname "$BIN")/kmscheck
W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
wait_for() { local deadline=$((SECONDS + $1)); until grep -q -- "$2" "$3" 2>/dev/null; do ((SECONDS < deadline)) || return 1; sleep 0.1; done; }

echo "== probe: kmscheck --pan"
"$KMSCHECK" --pan --hold-file /mnt/held > kms.log 2>&1 &
kms=$!
wait_for 90 "measured method" kms.log || { cat kms.log; fail "kmscheck --pan did not start"; exit 1; }
measured=$(sed -n 's/^pan: driver .*, measured method //p' kms.log)
driver=$(sed -n 's/^pan: driver \([^,]*\),.*/\1/p' kms.log)
summary=()
for axis in x y; do
    window=$((W / 2 + 3)),0
    [ $axis = y ] && window=0,$((H / 2 + 5))
    for method in framebuffer-offset plane-source; do
        name=pan-$method-$axis
        wait_for 60 "KMSCHECK-SCREENSHOT /mnt/held-$name\|^pan: $method $axis: refused" kms.log \
            || { cat kms.log; fail "kmscheck showed no $method $axis window"; exit 1; }
        if grep -q "^pan: $method $axis: refused" kms.log; then
            result="refused ($(sed -n "s/^pan: $method $axis: refused: //p" kms.log))"
        else
            shot "$name"
            touch "/mnt/held-$name"
            if line=$(python3 "$LIB/pancheck.py" "$name.png" --window "$window"); then result=exact; else result=${line##*.png: }; fi
            echo "$line"
        fi
        summary+=("$method $axis: $result")
        [ "$method" = "$measured" ] && [ "$result" != exact ] && fail "$driver: the measured method $method does not show the window ($axis): $result"
    done
done
grep "^pan: test-only" kms.log
for axis in x y; do
    grep -q "^pan: test-only $measured $axis: both ends accepted" kms.log \
        || fail "$driver: the measured method $measured was refused a window at the $axis strip's ends"
done
grep -q "^pan: test-only $measured past the end: refused" kms.log \
    || fail "$driver: a $measured window past the strip's end was not refused (test commit or drmModeAddFB2)"
for method in framebuffer-offset plane-source; do
    summary+=("$method past the end: $(sed -n "s/^pan: test-only $method past the end: \([a-z]*\).*/\1/p" kms.log)")
done
wait_for 60 "KMSCHECK-SCREENSHOT /mnt/held-pan-back" kms.log || { cat kms.log; fail "no picture after the strips"; exit 1; }
shot pan-back
touch /mnt/held-pan-back
python3 "$LIB/pngcheck.py" pan-back.png --size "${W}x${H}" --pixel 10,10=ffffff --pixel 64,64=2080e0 \
    --pixel $((W / 2)),$((H - 1))=ff0000 || fail "the buffer of the screen's size is not shown whole after the strips"
wait $kms || fail "kmscheck exited with status $?"
cat kms.log
[ "$measured" = none ] && fail "$driver: no measured pan method (PanMethod.measured)"
summary_line=$(printf '%s; ' "${summary[@]}")
echo "$TEST: $driver on QEMU's $QEMU_RUN_GPU device: ${summary_line%; }"

source "$LIB/hold-mid-scroll.sh"

for rotation in 0 90; do
    echo "== carousel held mid-scroll, rotation $rotation"
    "$BIN" run --control "$SOCK" --autoplay 0 --rotation $rotation > "bannerd-$rotation.log" 2>&1 &
    pid=$!
    wait_until 120 banners_shown || { fail "banners not shown: $(ctl status)"; cat "bannerd-$rotation.log"; exit 1; }
    wait_until 30 eval '[ "$(field phase)" = rest ]' || fail "not at rest: $(ctl status)"
    grep "scanout:" "bannerd-$rotation.log"
    # The page step in upright pixels: the banner (the screen less 16 px either side) and the 8 px gap.
    logical_width=$W
    [ $rotation = 90 ] && logical_width=$H
    step=$((logical_width - 32 + 8))
    sleep 2 # the strips for this page and the next, composed off the loop
    held $rotation "held-$rotation-within" 120
    held $rotation "held-$rotation-rebased" $((step * 6 / 10))
    kill -TERM $pid
    wait $pid || fail "exit status $? after SIGTERM"
    grep -i "pan\|strip" "bannerd-$rotation.log"
done
exit $status
