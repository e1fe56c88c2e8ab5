# Sourced by tests/pan-bochs.sh and tests/pan-virtio.sh: which ways of panning the board's display driver honours.
# kmscheck --pan shows a window of a strip twice the screen's width (x) and of one twice its height (y) by each
# PanMethod, then a picture from a buffer of the screen's size; QEMU's screendump of each says which window is on
# glass (lib/pancheck.py). A driver that ignores a method accepts it all the same, so only the screendumps can
# tell. The method PanMethod.measured names for the driver must show the exact window both ways; what the other
# method shows is printed, as the record of what the driver does.
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/debug}
LIB=$QEMU_RUN_BOARD/lib
W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
status=0
fail() { echo "$TEST: FAIL: $*"; status=1; }
wait_for() { local deadline=$((SECONDS + $1)); until grep -q -- "$2" "$3" 2>/dev/null; do ((SECONDS < deadline)) || return 1; sleep 0.1; done; }

"$BIN/kmscheck" --pan --hold-file /mnt/held > kms.log 2>&1 &
pid=$!
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
wait_for 60 "KMSCHECK-SCREENSHOT /mnt/held-pan-back" kms.log || { cat kms.log; fail "no picture after the strips"; exit 1; }
shot pan-back
touch /mnt/held-pan-back
python3 "$LIB/pngcheck.py" pan-back.png --size "${W}x${H}" --pixel 10,10=ffffff --pixel 64,64=2080e0 \
    --pixel $((W / 2)),$((H - 1))=ff0000 || fail "the buffer of the screen's size is not shown whole after the strips"
wait $pid || fail "kmscheck exited with status $?"
cat kms.log
[ "$measured" = none ] && fail "$driver: no measured pan method (PanMethod.measured)"
summary_line=$(printf '%s; ' "${summary[@]}")
echo "$TEST: $driver on QEMU's $QEMU_RUN_GPU device: ${summary_line%; }"
exit $status
