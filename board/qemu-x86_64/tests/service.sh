#!/bin/bash
# bannerd started the way systemd/bannerd.service starts it, as far as a guest without systemd as PID 1 allows:
# the unit's ExecStart, an unprivileged user in its SupplementaryGroups with no capabilities and
# NoNewPrivileges, its UMask, its RuntimeDirectory (mode and owner), its TTYPath as standard input and
# controlling terminal, journald's JOURNAL_STREAM, and a real $NOTIFY_SOCKET with WatchdogSec's WATCHDOG_USEC.
# Checked: the DRM display opened by that user (DRM master as the card's first opener, with no capability; the
# nonroot test until stop 55, which booted a guest of its own for it), READY=1 after the first frame, STATUS= and
# WATCHDOG=1 messages, priority-prefixed log lines, SIGHUP
# reloads the content (its own info line, with the banners counted), SIGTERM sends STOPPING=1 and exits 0 within 1 s (the time is printed); with the unit's
# Environment= a crash (SIGSEGV) ends the process within 1 s with one critical line.
# Not reproducible here (they need systemd's cgroups, namespaces and seccomp): DevicePolicy/DeviceAllow,
# Protect*/Private*, SystemCallFilter, RestrictAddressFamilies, MemoryDenyWriteExecute, and Restart=/watchdog
# enforcement. User=bannerd does not exist on the host root the guest runs on: uid/gid 65534 stands in.
# qemu-run: packages python3
# qemu-run-args: --size 800x600 --timeout 300
set -uo pipefail
BIN=${BANNERD_BIN:-$QEMU_RUN_BOARD/../../.build/release/bannerd}
UNIT=$QEMU_RUN_BOARD/../../systemd/bannerd.service
status=0
fail() { echo "service: FAIL: $*"; status=1; }
unit() { sed -n "s/^$1=//p" "$UNIT" | tail -n 1; }
wait_until() { local deadline=$((SECONDS + $1)); shift; until "$@" >/dev/null 2>&1; do ((SECONDS < deadline)) || return 1; sleep 0.2; done; }
ms() { echo $(($(date +%s%N) / 1000000)); }

exec_start=$(unit ExecStart)
read -r -a args <<< "${exec_start#* }"   # the unit's arguments, after its binary path
# The unit's content directory (/var/lib/bannerd/content) is on the guest's read-only root and does not exist
# there: a content directory of two banners instead, so SIGHUP has content to reload (without one, bannerd keeps
# its demo banners and says so in a warning, which is not a reload).
content=/run/service-content
mkdir -p "$content" && chmod 755 "$content"
printf '[[banner]]\nid = "a"\ntitle = "First"\n\n[[banner]]\nid = "b"\ntitle = "Second"\n' > "$content/banners.toml"
chmod 644 "$content/banners.toml"
args+=(--content "$content")
groups=$(unit SupplementaryGroups | tr ' ' ',')
watchdog_usec=$(($(unit WatchdogSec) * 1000000))
runtime=/run/$(unit RuntimeDirectory)
tty=$(unit TTYPath)
echo "unit: ExecStart=$exec_start groups=$groups UMask=$(unit UMask) TTYPath=$tty RuntimeDirectory=$runtime"
[ "$(unit NoNewPrivileges)" = yes ] && [ -z "$(unit CapabilityBoundingSet)" ] || fail "unit settings changed; update this test"

# RuntimeDirectory=: created by systemd, owned by the service's user, RuntimeDirectoryMode.
mkdir -p "$runtime" && chown 65534:65534 "$runtime" && chmod "$(unit RuntimeDirectoryMode)" "$runtime"

# The notification socket systemd would listen on: every datagram logged with its arrival time in ms.
notify=/run/notify.sock
python3 -u "$QEMU_RUN_BOARD/lib/notify_listener.py" "$notify" > notify.log &
listener=$!
wait_until 20 test -S "$notify" || fail "notify listener did not start"

# systemd opens TTYPath as root before dropping privileges and makes it the controlling terminal.
start_service() { # LOG: bannerd as the unit starts it, logging to LOG; sets pid
    (
        umask "$(unit UMask)"
        exec env -i PATH=/usr/bin:/bin $(unit Environment) NOTIFY_SOCKET="$notify" WATCHDOG_USEC="$watchdog_usec" \
            JOURNAL_STREAM=8:1234 setsid --ctty setpriv --reuid=65534 --regid=65534 --groups="$groups" \
            --inh-caps=-all --bounding-set=-all --no-new-privs "$BIN" "${args[@]}"
    ) < "$tty" > "$1" 2>&1 &
    pid=$!
}
started=$(ms)
start_service bannerd.log

wait_until 90 grep -q "READY=1" notify.log || { fail "no READY=1"; cat bannerd.log notify.log; exit 1; }
ready=$(sed -n 's/^\([0-9]*\) .*READY=1.*/\1/p' notify.log | head -n 1)
echo "READY=1 $((ready - started)) ms after start (emulated CPU): $(grep READY=1 notify.log)"
grep -q "STATUS=banner 1/" notify.log || fail "READY=1 without STATUS="
# bochs has no vblank (its flip events carry count 0): never reported as vblank-paced, however slow the CPU.
grep -q "vblank pacing" notify.log && fail "bochs reported as vblank-paced: $(grep -o "[^;]*pacing" notify.log | sort -u)"
[ "$(ps -o uid= -p $pid | tr -d ' ')" = 65534 ] || fail "not running as uid 65534"
# DRM master with no capability: the card's first opener, through the video group (not the framebuffer fallback).
grep -q "^<6>display /dev/dri/card0 " bannerd.log || fail "the unit's user did not open the DRM display"
grep -q "^NoNewPrivs:[[:space:]]*1" /proc/$pid/status || fail "NoNewPrivs not set"
grep -q "^CapEff:[[:space:]]*0*$" /proc/$pid/status || fail "has effective capabilities"
[ -S "$runtime/control.sock" ] || fail "no control socket in $runtime"
socket_mode=$(stat -c %a "$runtime/control.sock")
echo "control socket mode $socket_mode"
[ "$socket_mode" = 660 ] || fail "control socket mode $socket_mode, not 660"
grep -q "^<6>" bannerd.log || fail "log lines without <N> priority prefixes under JOURNAL_STREAM"

echo "== SIGHUP reloads the content"
lines=$(wc -l < bannerd.log)
kill -HUP $pid
# The reload's own line, at info priority, counting the banners: an error or warning about the content is not one.
wait_until 10 eval 'tail -n +$((lines + 1)) bannerd.log | grep -Eq "^<6>content reloaded: 2 banner\(s\)$"' \
    || fail "no \"content reloaded: 2 banner(s)\" line after SIGHUP"
tail -n +$((lines + 1)) bannerd.log
tail -n +$((lines + 1)) bannerd.log | grep -E "^<[0-4]>.*content" && fail "SIGHUP logged a content error or warning"
kill -0 $pid || fail "SIGHUP ended bannerd"

echo "== WATCHDOG=1 while frames complete"
wait_until $((watchdog_usec / 1000000 + 10)) grep -q "WATCHDOG=1" notify.log || fail "no WATCHDOG=1 within WatchdogSec"

signal_and_time() { # SIGNAL: sends it to bannerd and waits; sets code (exit status) and took (ms), both printed
    local sent=$(ms)
    kill -"$1" $pid
    wait $pid
    code=$?
    took=$(($(ms) - sent))
    echo "SIG$1 to exit: $took ms (emulated CPU), exit status $code"
}

echo "== SIGTERM"
signal_and_time TERM
[ $code = 0 ] || fail "exit status $code after SIGTERM"
((took <= 1000)) || fail "took $took ms to exit after SIGTERM (limit 1000)"
wait_until 5 grep -q "STOPPING=1" notify.log || fail "no STOPPING=1"

echo "== a crash ends bannerd at once, with one line saying so (the unit turns Swift's backtracer off)"
: > notify.log
start_service crash.log
wait_until 90 grep -q "READY=1" notify.log || fail "no READY=1 for the crash run"
signal_and_time SEGV
grep crashed crash.log
[ $code = $((128 + 11)) ] || fail "exit status $code after SIGSEGV, not 139"
((took <= 1000)) || fail "a crashed bannerd took $took ms to end (limit 1000)"
grep -q "^<2>bannerd crashed: SIGSEGV" crash.log || fail "no crash line at critical priority"
kill $listener
cat notify.log bannerd.log
exit $status
