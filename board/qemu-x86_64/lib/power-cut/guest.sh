#!/bin/bash
# One boot of the power-cut board (board/qemu-x86_64/power-cut), run by qemu-run-test.service beside the installed
# bannerd.service: checks the board after the last cut, then does what the next cut interrupts and asks the host
# for the cut (@@qemu-run:cut@@), DELAY_MS after the moment the schedule aims at. What the host judges (the
# disk's files) it reads from the disk itself after the cut; what only the running board shows is written to
# the output folder (/mnt), which is on the host and outlives the cut:
#   checks     boot-to-picture ("kernel_ms start_ms first_frame_ms", milliseconds since the kernel started),
#              the status, bannerd's warnings since boot, the screendump (judged on the host)
#   samples    "UPTIME_MS LINES" every 100 ms: how many proof-of-play lines the running board had written
#   cut        "UPTIME_MS": when the guest asked for the cut
# Usage: guest.sh NEXT DELAY_MS   NEXT: proof metrics rsync syncthing reload dpkg (the cut this boot ends with),
#        wait (the host cuts this boot at a moment of its own, --cut-after), or none (the last boot: power off)
set -uo pipefail
next=${1:?NEXT} delay_ms=${2:?DELAY_MS}
# The helpers of the tests that drive bannerd (ctl, field, wait_until, fail), on the packaged binary and the service's
# socket.
TEST=power-cut BANNERD_BIN=/usr/bin/bannerd BANNERD_SOCK=/run/bannerd/control.sock
source "$QEMU_RUN_BOARD/lib/bannerd-test.sh"
POLL=0.5
uptime_ms() { local u; read -r u _ < /proc/uptime; echo $((${u/./} * 10)); }
prop() { systemctl show -p "$1" --value bannerd.service; }
playing() { [ "$(prop ActiveState)" = active ] && (($(field frames_rendered) > 0)) && [ "$(field placeholders_on_screen)" = 0 ]; }
# The day's proof-of-play lines, complete ones only (as `wc -l` counts them), read without starting a process:
# sampled ten times a second and polled every 20 ms, `date`, `wc` and `sleep` took the emulated CPU from the bannerd
# whose writes are being cut.
proof_lines() {
    local file rows=() count
    printf -v file '/var/lib/bannerd/proof-of-play/%(%F)T.jsonl' -1
    [ -f "$file" ] && mapfile rows < "$file"
    count=${#rows[@]}
    ((count == 0)) || [[ ${rows[count - 1]} == *$'\n' ]] || count=$((count - 1))
    echo "$count"
}
sleep_ms() { local seconds; printf -v seconds '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); nap "$seconds"; }

echo "power-cut: boot at $(uptime_ms) ms of uptime; next: $next after $delay_ms ms"
# A cut during dpkg leaves the package half-configured, or half-installed: `dpkg --configure -a` mends the first,
# the interrupted install run again (as the next install, or an operator, runs it) the second.
if [ -n "$(dpkg --audit 2>&1)" ]; then
    echo "power-cut: dpkg --audit after the cut: $(dpkg --audit 2>&1 | grep -c '^ [a-z]') package(s)"
    dpkg --configure -a > /mnt/dpkg-configure.log 2>&1 || echo "power-cut: dpkg --configure -a failed"
    if [ -n "$(dpkg --audit 2>&1)" ]; then
        echo "power-cut: still half-installed: dpkg -i of the interrupted package again"
        dpkg -i /mnt/upgrade.deb > /mnt/dpkg-again.log 2>&1 || fail "dpkg -i again: $(tail -n 3 /mnt/dpkg-again.log)"
    fi
    [ -z "$(dpkg --audit 2>&1)" ] || fail "dpkg --audit still reports: $(dpkg --audit 2>&1 | tr '\n' ' ')"
    systemctl start bannerd.service # a cut before the maintainer scripts' restart leaves it stopped
fi
if wait_until 120 playing; then
    # Milliseconds since the kernel started: bannerd's start, and READY=1 (sent after the first page flip).
    echo "$(prop ExecMainStartTimestampMonotonic) $(prop ActiveEnterTimestampMonotonic)" |
        awk '{ printf "boot-to-picture %d %d\n", $1 / 1000, $2 / 1000 }' > /mnt/checks
    echo "version $(bannerd --version)" >> /mnt/checks
    echo "count $(field count)" >> /mnt/checks
    echo "placeholder_frames $(field placeholder_frames)" >> /mnt/checks
    # At rest for the screendump (the host judges its geometry), autoplay paused meanwhile.
    bannerd ctl pause > /dev/null
    wait_until 10 eval '[ "$(field phase)" = rest ]' || fail "not at rest 10 s after a pause: $(bannerd ctl status)"
    sleep 0.3 # the frame of the rest on glass
    shot carousel || fail "screendump"
    bannerd ctl resume > /dev/null
else
    fail "bannerd is not playing 120 s into the boot: $(prop ActiveState) $(bannerd ctl status 2>&1)"
fi
journalctl -b -q -o cat -t bannerd -p warning > /mnt/warnings 2>&1
if [ "$next" = none ]; then
    # What bannerd's start waited for (README, "Power cuts and boot to picture"): no network, no time sync.
    echo "power-cut: what bannerd's start waited for (systemd-analyze critical-chain):"
    systemd-analyze critical-chain bannerd.service 2>&1 | sed -n '/bannerd.service/,$p' | sed 's/^/power-cut:   /'
    echo "power-cut: the last boot: checks done"
    exit "$status"
fi
((status == 0)) || exit "$status"

# The running board's proof-of-play lines, as it sees them (its page cache), for the host's check that the disk
# kept every line written more than the sync allowance before the cut.
(while :; do echo "$(uptime_ms) $(proof_lines)"; nap 0.1; done > /mnt/samples) &
cut() { uptime_ms > /mnt/cut; echo "@@qemu-run:cut@@"; sleep infinity; }
wait_change() { # COMMAND: until its output changes (polled every 20 ms, 30 s at most)
    local before now deadline=$((SECONDS + 30))
    before=$("$@")
    while now=$("$@") && [ "$now" = "$before" ]; do ((SECONDS < deadline)) || return 1; nap 0.02; done
}
content=/var/lib/bannerd/content
# The set not on screen: the one whose banners.toml differs from the content's.
if cmp -s /root/sets/a/banners.toml "$content/banners.toml"; then other=/root/sets/b; else other=/root/sets/a; fi
case $next in
    proof)
        # An append and its fdatasync: aimed at the moment a new line appears (autoplay every 2 s).
        wait_change proof_lines || fail "no proof-of-play line in 30 s"
        sleep_ms "$delay_ms"; cut ;;
    metrics)
        # The textfile is written beside itself and renamed within a second or two of a change (a reload).
        bannerd ctl reload > /dev/null
        sleep_ms "$delay_ms"; cut ;;
    reload)
        systemctl reload bannerd.service
        sleep_ms "$delay_ms"; cut ;;
    rsync)
        echo "power-cut: rsync of ${other##*/} while autoplay slides"
        (rsync -a --fsync --delay-updates --exclude=banners.toml "$other/" "$content/" &&
            rsync -a --fsync --delete-delay --delay-updates "$other/" "$content/") &
        sleep_ms "$delay_ms"; cut ;;
    syncthing)
        echo "power-cut: files of ${other##*/} as Syncthing writes them"
        (for file in "$other"/*.png "$other"/banners.toml; do
            name=${file##*/}
            cp "$file" "$content/.syncthing.$name.tmp" && sync "$content/.syncthing.$name.tmp" &&
                mv "$content/.syncthing.$name.tmp" "$content/$name"
        done
        for file in "$content"/*; do [ -e "$other/${file##*/}" ] || rm "$file"; done) &
        sleep_ms "$delay_ms"; cut ;;
    dpkg)
        echo "power-cut: dpkg -i of the next version"
        dpkg -i /mnt/upgrade.deb > /mnt/dpkg.log 2>&1 &
        sleep_ms "$delay_ms"; cut ;;
    wait) sleep infinity ;;
    *) fail "unknown cut '$next'"; exit 1 ;;
esac
