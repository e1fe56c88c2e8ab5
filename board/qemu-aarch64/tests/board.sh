#!/bin/bash
# The aarch64 board end to end in one boot: systemd as PID 1 on the board's Debian 13 arm64 root, the arm64
# package built by scripts/build-deb --arch arm64 (Debian's Swift), QEMU's virtio-gpu-pci and a uinput touchscreen.
#   package   `apt-get install --no-install-recommends ./bannerd_VERSION_arm64.deb` with no network (the board has
#             no network device): every dependency is already in the root, none of the recommended fonts is (the
#             install a lean board makes, and apt offline would fail fetching them); the package enables and starts
#             bannerd.service: active (running) with the demo banners on glass, their geometry exact (judged on the
#             host from the screendump)
#   swipe     a finger swipes a page leftwards: the carousel settles on the next banner
#   panning   bannerd pans by the plane's source on virtio-gpu (its start-up line); a finger holds the carousel
#             mid-scroll within the first page's strip and past half a page: the frame on glass was panned, and
#             QEMU's screendump of it is pixel for pixel what `ctl screenshot` composes
#   stop      `systemctl stop` exits 0, the process is gone, and the console is back as before
# qemu-run-args: --arch aarch64 --gpu virtio --systemd --size 1024x768 --timeout 1200
# qemu-run-host: scripts/build-deb --arch arm64 --no-build --no-lintian --out "$QEMU_RUN_OUT/deb"
# qemu-run-after: board/qemu-x86_64/lib/geometry-later.sh
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
set -uo pipefail
TEST=board
LIB=$QEMU_RUN_BOARD/lib
BANNERD_BIN=/usr/bin/bannerd BANNERD_SOCK=/run/bannerd/control.sock
source "$LIB/bannerd-test.sh"
source "$LIB/hold-mid-scroll.sh"
W=$QEMU_RUN_WIDTH H=$QEMU_RUN_HEIGHT
step=$((W - 32 + 8))
prop() { systemctl show -p "$1" --value bannerd.service; }
console_text() { printf '\033[H\033[2Jbannerd on the aarch64 board: the console\n' > /dev/tty1; sleep 0.5; }
begin() { echo; echo "== $*"; }

echo "== the guest: $(uname -m), kernel $(uname -r), PID 1 $(ps -o comm= -p 1); $(systemd-analyze time 2>&1 | head -n 1)"
[ "$(uname -m)" = aarch64 ] && [ "$(ps -o comm= -p 1)" = systemd ] || { fail "not an aarch64 guest under systemd"; exit 1; }
console_text
shot console-before

begin "package: apt-get install --no-install-recommends, offline"
debs=(/mnt/deb/bannerd_*_arm64.deb)
[ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ] || { fail "no single arm64 .deb in /mnt/deb: ${debs[*]}"; exit 1; }
echo "package: ${debs[0]##*/} ($(stat -c %s "${debs[0]}") bytes)"
apt-get install -y --no-install-recommends "${debs[0]}" > apt.log 2>&1 ||
    { cat apt.log; fail "apt-get install failed"; exit 1; }
grep -E "^(Setting up|The following NEW)" apt.log
file=$(readlink -f /usr/bin/bannerd)
echo "$file: $(od -An -j18 -N2 -tu2 "$file" | tr -d ' ') (ELF machine; 183 is AArch64), $(prop ActiveState)/$(prop SubState)," \
    "$(systemctl is-enabled bannerd)"
[ "$(od -An -j18 -N2 -tu2 "$file" | tr -d ' ')" = 183 ] || fail "/usr/bin/bannerd is not an AArch64 binary"
[ "$(systemctl is-enabled bannerd)" = enabled ] || fail "not enabled by the package"
wait_until 120 eval '[ "$(prop ActiveState)/$(prop SubState)" = active/running ]' \
    || fail "not active (running) after the install: $(prop ActiveState)/$(prop SubState)"
wait_until 120 banners_shown || { fail "banners not shown: $(ctl status)"; journalctl -u bannerd -q -o cat | tail -n 20; exit 1; }
# The package's configuration autoplays: the screendump is of a rest (a slide began during one, in a stress round).
still_shot carousel-installed || fail "no screendump of the carousel at rest"
echo "carousel-installed.png 1" >> geometry-later
scanout=$(journalctl -u bannerd -q -o cat | grep -m1 "^scanout:")
echo "$scanout"
[[ $scanout == "scanout: panning by plane-source"* ]] || fail "not panning by the plane's source on virtio-gpu"

begin "swipe"
# The demo autoplays; off in the operator's configuration, so the swipe alone moves the carousel.
sed -i 's/^#autoplay = 5$/autoplay = 0/' /etc/bannerd/bannerd.toml
grep -q '^autoplay = 0$' /etc/bannerd/bannerd.toml || fail "cannot set autoplay = 0 in /etc/bannerd/bannerd.toml"
systemctl restart bannerd || fail "systemctl restart failed"
wait_until 120 banners_shown || fail "banners not shown after the restart: $(ctl status)"
wait_until 30 settled_on 0 || fail "not at rest on the first banner: $(ctl status)"
y=$((H / 2))
touch.py - <<< "0 down $((W - 124)) $y
30 move $((W - 224)) $y
60 move $((W - 374)) $y
90 move $((W - 524)) $y
120 move $((W - 674)) $y
150 up" || fail "touch.py failed"
wait_until 60 settled_on 1 || fail "the swipe did not settle on the next banner: $(ctl status)"
echo "after the swipe: index $(field index), phase $(field phase)"

begin "panning, held mid-scroll"
sleep 2 # the strips for this page and the next, composed off the loop
held 0 held-within 120
held 0 held-rebased $((step * 6 / 10))

begin "stop"
pid=$(prop MainPID)
systemctl stop bannerd; code=$?
echo "systemctl stop: exit $code; ExecMainStatus=$(prop ExecMainStatus) Result=$(prop Result) ActiveState=$(prop ActiveState)"
[ $code = 0 ] && [ "$(prop ExecMainStatus)" = 0 ] && [ "$(prop ActiveState)" = inactive ] || fail "stop did not end cleanly"
kill -0 "$pid" 2>/dev/null && fail "process $pid still there"
console_text
shot console-after
"$LIB/carousel_geometry.py" console-after.png --same-as console-before.png && echo "the console is back as before" \
    || fail "console not restored"
journalctl -b -q -o short-monotonic > journal.log
exit $status
