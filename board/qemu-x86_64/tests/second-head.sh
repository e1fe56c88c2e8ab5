#!/bin/bash
# The carousel on virtio-gpu's second head (issue 44's QEMU board: qemu-run --heads 2, head 1 plugged and unplugged
# through QEMU's D-Bus display as a monitor's cable would, with the hotplug event the guest's driver sends):
#   wait      `[display] connector = "Virtual-2"` with head 1 unplugged: bannerd runs and waits for it
#   plug      head 1 connected at 800x600: the carousel on it with exact geometry (its own screendump, head 1 of
#             the device), and `ctl screenshot` equal to that screendump pixel for pixel
#   replug    unplugged, bannerd keeps running and waits; plugged again at another size (1024x600), the carousel
#             comes back at that size, geometry exact
#   both      `kmscheck --all-outputs`: both heads from one process and one DRM master, a CRTC each, 30 flips on
#             each at once, then its test picture on each in its own colour (the screendumps of both heads), and
#             both CRTCs restored
#   run both  `bannerd run` with no connector configured drives both heads, one DRM master and one loop: each head
#             its carousel at its own size, geometry exact on both screendumps; `ctl screenshot OUT.png Virtual-2`
#             equal to head 1's screendump and the default one to head 0's; head 1 unplugged while both slide: head
#             0 plays on with no flip lost and its slide completed, head 1's output waits; plugged back at 800x600,
#             its carousel again at that size
#   own       `[[output]]` tables: head 1 shows a content directory of its own (2 banners, head 0 the demo's 6), in
#             its colour on head 1's screendump; a banner added there reaches head 1 alone (head 0 draws nothing);
#             the touchscreen its table names (`touch`, no udev binding) swipes head 1 alone; each table's `cec`
#             names its own adapter (vivid's two instances: a TV on each head's HDMI port, each on its own bus, that
#             cec-follower plays): each output opens its own, reads its TV's power and makes it show its input
#   touch     a touchscreen udev binds to Virtual-2 (WL_OUTPUT, by a udev rule) swipes head 1's carousel alone; an
#             unbound one swipes head 0's alone
# qemu-run: packages python3 v4l-utils
# qemu-run-args: --gpu virtio --heads 2 --late-module vivid --size 1024x768 --timeout 300
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
set -uo pipefail
TEST=second-head
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
STATUS=/sys/class/drm/card0-Virtual-2/status
head1() { echo "@@qemu-run:head 1 $1@@" > /dev/console; }  # qemu-run connects head 1 at WxH, or disconnects it
plugged() { [ "$(cat $STATUS)" = "$1" ]; }

plugged disconnected || fail "head 1 is not disconnected at boot: $(cat $STATUS)"
printf '[display]\nconnector = "Virtual-2"\nscale = 1\n' > bannerd.toml
"$BIN" run --config bannerd.toml --autoplay 0 --control "$SOCK" > bannerd.log 2>&1 &
pid=$!
wait_until 60 shows None || fail "no status while waiting for Virtual-2: $(ctl status)"
kill -0 $pid || fail "bannerd exited without its display"

echo "== head 1 plugged at 800x600"
before=$(field frames_rendered)
head1 800x600
wait_until 30 plugged connected || fail "head 1 not connected: $(cat $STATUS)"
wait_until 60 shows "Virtual-2 800x600" || fail "Virtual-2 not taken up: $(ctl status)"
wait_until 60 shown_after "$before" || fail "banners not shown on head 1: $(ctl status)"
shot --head 1 plugged || fail "no screendump of head 1"
echo "plugged.png 1" >> geometry-later
ctl screenshot ctl-head1.png || fail "ctl screenshot"
shot --head 1 qemu-head1 || fail "no screendump of head 1"
echo head1 >> same-later

echo "== head 1 unplugged, then plugged at 1024x600"
head1 off
wait_until 30 plugged disconnected || fail "head 1 not disconnected: $(cat $STATUS)"
wait_until 30 shows None || fail "unplug not noticed: $(ctl status)"
kill -0 $pid || fail "bannerd died when head 1 went away"
before=$(field frames_rendered)
head1 1024x600
wait_until 60 shows "Virtual-2 1024x600" || fail "Virtual-2 not taken up again at 1024x600: $(ctl status)"
wait_until 60 shown_after "$before" || fail "banners not shown after replugging: $(ctl status)"
shot --head 1 replugged || fail "no screendump of head 1"
echo "replugged.png 1" >> geometry-later
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
grep -i "display\|waiting" bannerd.log

echo "== kmscheck --all-outputs: both heads at once, one DRM master, a CRTC each"
KMSCHECK=$(dirname "$BIN")/kmscheck
"$KMSCHECK" --all-outputs --flips 30 --hold-file /mnt/held-all > all.log 2>&1 &
kms=$!
wait_until 60 grep -q KMSCHECK-SCREENSHOT all.log || fail "kmscheck --all-outputs showed no picture: $(cat all.log)"
shot all-head0 || fail "no screendump of head 0"
shot --head 1 all-head1 || fail "no screendump of head 1"
touch /mnt/held-all
wait $kms || fail "kmscheck --all-outputs exit $?"
cat all.log
for output in Virtual-1 Virtual-2; do
    grep -q "^flips: $output 30/30 " all.log || fail "$output did not complete its 30 flips"
done
[ "$(grep -c '^restore: CRTC' all.log)" = 2 ] || fail "not two CRTCs restored"
check=$QEMU_RUN_BOARD/lib/pngcheck.py
$check all-head0.png --size 1024x768 --pixel 512,384=2080e0 --pixel 10,10=ffffff || fail "head 0's picture"
$check all-head1.png --size 1024x600 --pixel 512,300=30a040 --pixel 10,10=ffffff || fail "head 1's picture"

echo "== bannerd run on both heads: every connected output, one process"
printf '[display]\nscale = 1\n' > both.toml
"$BIN" run --config both.toml --autoplay 0 --control "$SOCK" > both.log 2>&1 &
pid=$!
both_shown() {
    for output in Virtual-1 Virtual-2; do
        (($(output_field $output frames_rendered) > 0)) && [ "$(output_field $output placeholders_on_screen)" = 0 ] ||
            return 1
    done
}
wait_until 90 both_shown || fail "not both heads shown: $(ctl status)"
[ "$(output_field Virtual-1 mode)" = 1024x768 ] && [ "$(output_field Virtual-2 mode)" = 1024x600 ] ||
    fail "outputs at the wrong sizes: $(ctl status)"
shot both-head0 || fail "no screendump of head 0"
shot --head 1 both-head1 || fail "no screendump of head 1"
echo "both-head0.png 1" >> geometry-later
echo "both-head1.png 1" >> geometry-later
ctl screenshot ctl-both1.png Virtual-2 || fail "ctl screenshot Virtual-2"
shot --head 1 qemu-both1 || fail "no screendump of head 1"
echo both1 >> same-later
ctl screenshot ctl-both0.png || fail "ctl screenshot of the first output"
shot qemu-both0 || fail "no screendump of head 0"
echo both0 >> same-later
ctl screenshot nothing.png HDMI-A-9 > refused.log 2>&1 && fail "a screenshot of an output that does not exist"
grep -q "no output HDMI-A-9 (outputs: Virtual-1, Virtual-2)" refused.log || fail "the refusal: $(cat refused.log)"

echo "== head 1 unplugged while both slide"
frames0=$(output_field Virtual-1 frames_rendered)
ctl next
head1 off
wait_until 30 eval '[ -n "$(output_field Virtual-2 waiting_for)" ]' || fail "head 1's output not waiting: $(ctl status)"
wait_until 30 eval '[ "$(output_field Virtual-1 phase)" = rest ]' || fail "head 0 not at rest: $(ctl status)"
[ "$(output_field Virtual-1 index)" = 1 ] || fail "head 0 did not complete its slide: $(ctl status)"
(($(output_field Virtual-1 frames_rendered) > frames0 + 5)) || fail "head 0 drew no slide: $(ctl status)"
[ "$(output_field Virtual-1 flips_lost)" = 0 ] || fail "head 0 lost flips: $(ctl status)"
kill -0 $pid || fail "bannerd died when head 1 went away"
frames1=$(output_field Virtual-2 frames_rendered)
head1 800x600
both_at_800() {
    [ "$(output_field Virtual-2 mode)" = 800x600 ] && (($(output_field Virtual-2 frames_rendered) > frames1)) &&
        both_shown
}
wait_until 60 both_at_800 || fail "head 1 not shown again at 800x600: $(ctl status)"
wait_until 30 eval '[ "$(output_field Virtual-2 phase)" = rest ]' || fail "head 1 not at rest: $(ctl status)"
shot --head 1 both-replugged || fail "no screendump of head 1"
echo "both-replugged.png 1" >> geometry-later

echo "== touch: a panel udev binds to Virtual-2 moves head 1 alone, an unbound one head 0 alone"
mkdir -p /run/udev/rules.d
echo 'SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="head1 touch", ENV{WL_OUTPUT}="Virtual-2"' \
    > /run/udev/rules.d/70-head1-touch.rules
udevadm control --reload-rules
swipe() { # NAME WIDTH HEIGHT: a swipe to the next banner on a touchscreen of that size, across its middle
    local y=$(($3 / 2)) x=$(($2 * 7 / 8)) step=$(($2 / 8))
    "$QEMU_RUN_BOARD/touch.py" --name "$1" --size "$2x$3" - <<< "0 down $x $y
30 move $((x - step)) $y
60 move $((x - 2 * step)) $y
90 move $((x - 3 * step)) $y
120 move $((x - 4 * step)) $y
150 up" || fail "touch.py $1"
}
moved_to() { [ "$(output_field "$1" phase)" = rest ] && [ "$(output_field "$1" index)" = "$2" ]; }
before0=$(output_field Virtual-1 index) before1=$(output_field Virtual-2 index)
swipe "head1 touch" 800 600
wait_until 30 moved_to Virtual-2 $(((before1 + 1) % 6)) || fail "the bound panel's swipe did not move head 1: $(ctl status)"
[ "$(output_field Virtual-1 index)" = "$before0" ] || fail "the bound panel's swipe moved head 0: $(ctl status)"
swipe "head0 touch" 1024 768
wait_until 30 moved_to Virtual-1 $(((before0 + 1) % 6)) || fail "the unbound panel's swipe did not move head 0: $(ctl status)"
[ "$(output_field Virtual-2 index)" = $(((before1 + 1) % 6)) ] || fail "the unbound panel's swipe moved head 1: $(ctl status)"
ctl status
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
grep -i "display\|waiting\|output" both.log

echo "== [[output]] tables: head 1 shows a content directory of its own, reloaded alone"
right=/run/bannerd-right
mkdir -p $right
right_banner() { printf '[[banner]]\nid = "%s"\ntitle = "%s"\nbackground = "#A03020"\n\n' "$1" "$2"; }
{ right_banner right-a "Right screen"; right_banner right-b "Right screen, second"; } > /run/right.tmp
mv /run/right.tmp $right/banners.toml
source "$LIB/vivid-cec.sh"
# A TV on each head's HDMI port, each on its own CEC bus (vivid, two instances), as on a Pi 4 with two TVs.
vivid_cec 2 || fail "no CEC buses"
cec-follower -d "$TV_ADAPTER" --show-state > tv0.log 2>&1 &
follower0=$!
cec-follower -d "$TV1_ADAPTER" --show-state > tv1.log 2>&1 &
follower1=$!
printf '[display]\nscale = 1\n\n[[output]]\nconnector = "Virtual-1"\ncec = "%s"\n\n' "$OUT0_ADAPTER" > outputs.toml
printf '[[output]]\nconnector = "Virtual-2"\ncec = "%s"\n' "$OUT1_ADAPTER" >> outputs.toml
printf 'directory = "%s"\ntouch = "right touch"\n' $right >> outputs.toml
"$BIN" run --config outputs.toml --autoplay 0 --control "$SOCK" > outputs.log 2>&1 &
pid=$!
wait_until 90 both_shown || fail "not both heads shown with [[output]] tables: $(ctl status)"
[ "$(output_field Virtual-1 count)" = 6 ] && [ "$(output_field Virtual-2 count)" = 2 ] ||
    fail "each output's own banners: $(ctl status)"
# Each output's TV over the adapter its table names: both claimed, and each reads the TV's power on its own.
tv_read() { [[ $(output_field Virtual-1 tv_power) == on && $(output_field Virtual-2 tv_power) == on ]]; }
wait_until 60 tv_read || fail "each output's TV over its own adapter: $(ctl status)"
grep "HDMI-CEC" outputs.log
grep -q "HDMI-CEC on $OUT0_ADAPTER .* for Virtual-1: " outputs.log && grep -q "HDMI-CEC on $OUT1_ADAPTER .* for Virtual-2: " outputs.log ||
    fail "not each output on the adapter its table names"
# Each TV was made to show its own head's input (one-touch play), as its follower saw it.
grep -q "New active source" tv0.log && grep -q "New active source" tv1.log || fail "not each TV shown its head's input"
shot --head 1 own-head1 || fail "no screendump of head 1"
echo "own-head1.png 1" >> geometry-later
# A third banner for head 1 alone: its directory is watched and reloaded; head 0's demo stays as it is.
frames0=$(output_field Virtual-1 frames_rendered)
{ cat $right/banners.toml; right_banner right-c "Third"; } > /run/right.tmp
mv /run/right.tmp $right/banners.toml
wait_until 60 eval '[ "$(output_field Virtual-2 count)" = 3 ]' || fail "head 1's content not reloaded: $(ctl status)"
[ "$(output_field Virtual-1 count)" = 6 ] && [ "$(output_field Virtual-1 frames_rendered)" = "$frames0" ] ||
    fail "head 0 changed with head 1's content: $(ctl status)"
# The configuration names head 1's touch device (udev binds it to nothing).
wait_until 30 eval '[ "$(output_field Virtual-2 phase)" = rest ]' || fail "head 1 not at rest: $(ctl status)"
before0=$(output_field Virtual-1 index) before1=$(output_field Virtual-2 index)
swipe "right touch" 800 600
wait_until 30 moved_to Virtual-2 $(((before1 + 1) % 3)) || fail "the named panel's swipe did not move head 1: $(ctl status)"
[ "$(output_field Virtual-1 index)" = "$before0" ] || fail "the named panel's swipe moved head 0: $(ctl status)"
kill -TERM $pid
wait $pid || fail "exit status $? after SIGTERM"
kill $follower0 $follower1
grep -i "display\|content\|output" outputs.log
$check own-head1.png --size 800x600 --pixel 400,500=a03020 || fail "head 1 does not show its own banners"
exit $status
