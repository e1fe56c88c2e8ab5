#!/bin/bash
# Stage 2 of the guest, run by lib/init.sh inside a chroot of the host's root; qemu-run copies it to
# EXCHANGE/.qemu-run/stage2.sh (the guest's /mnt/.qemu-run/stage2.sh) next to the job file it writes.
# Under qemu-run --systemd, systemd (PID 1) runs it as qemu-run-test.service instead, with udev already started.
#
# Starts udev the way a real appliance has it (libinput ignores devices udev has not processed), runs the
# guest script, and reports its exit status through the exchange folder. No `set -e`: whatever the script
# does, the status must be written.
set -uo pipefail

ctl=/mnt/.qemu-run
# Defines QEMU_RUN_BOARD, QEMU_RUN_WIDTH, QEMU_RUN_HEIGHT, QEMU_RUN_FINAL_SHOT, QEMU_RUN_SYSTEMD, QEMU_RUN_GPU,
# QEMU_RUN_ARCH, QEMU_RUN_BOOTSTRAP and the QEMU_RUN_CMD array.
# shellcheck source=/dev/null  # written by qemu-run for each run
. "$ctl/job"

QEMU_RUN_SYSTEMD=${QEMU_RUN_SYSTEMD:-0}
export QEMU_RUN_BOARD QEMU_RUN_WIDTH QEMU_RUN_HEIGHT QEMU_RUN_SYSTEMD QEMU_RUN_GPU QEMU_RUN_ARCH
export QEMU_RUN_SIZE="${QEMU_RUN_WIDTH}x${QEMU_RUN_HEIGHT}"
export QEMU_RUN_OUT=/mnt
export PATH="$QEMU_RUN_BOARD:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export HOME=/tmp/home XDG_RUNTIME_DIR=/run/user/0 LANG=C.UTF-8 TERM=dumb
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

report() {
    # Written before the marker so the host never sees "done" without the file; rename keeps it whole.
    echo "$1" > "$ctl/status.tmp" && mv "$ctl/status.tmp" "$ctl/status"
    echo "@@qemu-run:done $1@@"
}

echo "@@qemu-run:phase udev@@"
if [[ $QEMU_RUN_BOOTSTRAP == 1 ]]; then
    : # a root still being made (board/qemu-aarch64/guest-root) has no udev to start yet
elif [[ $QEMU_RUN_SYSTEMD == 1 ]]; then
    # systemd-udevd.service and systemd-udev-trigger.service (the coldplug) ran before this service.
    udevadm settle --timeout=60 || echo "qemu-run(guest): warning: udevadm settle timed out"
else
    # udevadm trigger/settle refuse to act in a chroot ("Running in chroot, ignoring request"); this guest's
    # chroot is its whole userland, so tell systemd's tools to behave as on a booted system.
    export SYSTEMD_IGNORE_CHROOT=1
    if ! /lib/systemd/systemd-udevd --daemon; then
        echo "@@qemu-run:fatal systemd-udevd failed to start in the guest@@"
        exit 1
    fi
    # The coldplug of the devices bannerd and the tests use (the display, input, uinput, the VTs), not of the ~230
    # the machine has: the rest cost the emulated CPU 3 to 4 s of every boot (the udev phase took 7 to 8 s, now 4
    # to 5), and the drivers they would load are not used. Devices added later (a uinput touchscreen, a late
    # display driver, a connector's hotplug) are processed as they come, whatever their subsystem.
    coldplug=(--action=add --subsystem-match=drm --subsystem-match=graphics --subsystem-match=input
        --subsystem-match=misc --subsystem-match=tty)
    udevadm trigger --type=subsystems "${coldplug[@]}"
    udevadm trigger --type=devices "${coldplug[@]}"
    udevadm settle --timeout=60 || echo "qemu-run(guest): warning: udevadm settle timed out"
fi

# Unless the test loads the display driver itself (qemu-run --late-module).
if [[ $QEMU_RUN_BOOTSTRAP != 1 && ! -d /run/qemu-run/late && ! -e /dev/dri/card0 ]]; then
    echo "@@qemu-run:fatal /dev/dri/card0 is missing in the guest after udev started@@"
    exit 1
fi

echo "@@qemu-run:start@@"
cd /mnt || { echo "@@qemu-run:fatal cannot enter /mnt in the guest@@"; exit 1; }
if [[ -x ${QEMU_RUN_CMD[0]} ]]; then
    "${QEMU_RUN_CMD[@]}" < /dev/null
else
    /bin/bash "${QEMU_RUN_CMD[@]}" < /dev/null
fi
report $?

# Keep the display alive until the host has taken its final screenshot (bounded: the host may not take one).
if [[ $QEMU_RUN_FINAL_SHOT == 1 ]]; then
    for _ in $(seq 600); do
        [[ -e $ctl/final-done ]] && break
        sleep 0.1
    done
fi
# Under systemd the unit's SuccessAction= powers the VM off once this exits; the exchange folder is uncached 9p.
sync
exit 0
