#!/bin/sh
# PID 1 of the QEMU reference board's initramfs (busybox sh, before the chroot).
# With qemu_run.systemd=1 (qemu-run --systemd) it builds a copy-on-write root instead (overlayfs: the host's
# root over 9p below, a tmpfs above), prepares it with lib/systemd/systemd-setup.sh and hands PID 1 over to
# systemd there (switch_root); qemu-run-test.service then runs lib/guest-stage2.sh, which powers off.
#
# It loads only the modules the board needs, proves the display exists, mounts the host's root (read-only)
# and the exchange folder over 9p, and hands over to lib/guest-stage2.sh inside a chroot of the host's root,
# so the guest runs the host's own binaries and libraries. With qemu_run.root=vda (the aarch64 board) the root
# is the board's own disk instead, and with qemu_run.bootstrap=1 too that root is still being made (debootstrap's
# second stage): nothing of the booted system is there yet to bind into it. Whatever happens, it powers the VM off
# at the end:
# qemu-run learns the outcome from marker lines on the serial console and from files in the exchange folder.

/bin/busybox --install -s /bin
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
echo "@@qemu-run:phase modules@@"

# qemu-run turns this marker into its one-line error and a non-zero exit.
fatal() {
    echo "@@qemu-run:fatal $*@@"
    poweroff -f
}

# qemu-run --late-module NAME: NAME is not loaded at boot; the test loads it from /run/qemu-run/late/NAME.ko.
late=
systemd=
root=
bootstrap=
for arg in $(cat /proc/cmdline); do
    case $arg in
        qemu_run.late=*) late=",${arg#qemu_run.late=}," ;;
        qemu_run.systemd=1) systemd=1 ;;
        qemu_run.root=*) root=${arg#qemu_run.root=} ;;
        qemu_run.bootstrap=1) bootstrap=1 ;;
    esac
done

# load-order lists the .ko files dependencies first (computed on the host by lib/kmod-order.py).
while read -r ko; do
    case $late in *",${ko%.ko},"*) continue ;; esac
    [ "$ko" = overlay.ko ] && { [ -z "$systemd" ] || [ -n "$root" ]; } && continue
    insmod "/lib/modules/$ko" || fatal "insmod $ko failed"
done < /lib/modules/load-order

# bochs and virtio-gpu bind synchronously during insmod, but give devtmpfs a moment before declaring the display
# missing.
tries=0
while [ -z "$late" ] && [ ! -e /dev/dri/card0 ]; do
    tries=$((tries + 1))
    [ "$tries" -gt 50 ] && fatal "/dev/dri/card0 did not appear in the guest (the display driver did not bind to the display device)"
    sleep 0.1
done

# A large msize cuts the number of 9p round trips, which dominate file access under TCG. The host root is
# read-only and unchanging during a run, so it may be cached; the exchange folder must not be, because the
# host writes screenshots into it while the guest polls for them.
echo "@@qemu-run:phase mounts@@"
p9='trans=virtio,version=9p2000.L,msize=512000'
mkdir -p /host
if [ -n "$root" ]; then
    # QEMU keeps the disk copy-on-write (qemu-run), so the root can be written and every run starts the same.
    tries=0
    while [ ! -b "/dev/$root" ]; do
        tries=$((tries + 1))
        [ "$tries" -gt 50 ] && fatal "the root disk /dev/$root did not appear in the guest"
        sleep 0.1
    done
    mount -t ext4 "/dev/$root" /host || fatal "cannot mount the root disk /dev/$root"
elif [ -n "$systemd" ]; then
    # systemd writes all over its root (/etc, /var): the host's root read-only below, the guest's changes in
    # a tmpfs above, all lost at power-off.
    mkdir -p /lower /cow
    mount -t 9p -o "$p9,ro,cache=loose" hostroot /lower || fatal "cannot mount the host root over 9p"
    mount -t tmpfs -o mode=755 tmpfs /cow
    mkdir -p /cow/upper /cow/work
    mount -t overlay -o lowerdir=/lower,upperdir=/cow/upper,workdir=/cow/work overlay /host \
        || fatal "cannot mount the copy-on-write root (overlayfs over the 9p host root)"
else
    mount -t 9p -o "$p9,ro,cache=loose" hostroot /host || fatal "cannot mount the host root over 9p"
fi
# A root still being made may have no /mnt yet.
[ -d /host/mnt ] || mkdir -p /host/mnt
mount -t 9p -o "$p9" exchange /host/mnt || fatal "cannot mount the exchange folder over 9p on /host/mnt"

# The host root is read-only: give the guest its own writable /tmp and /run, and the kernel's /proc, /sys, /dev.
mount -t tmpfs -o mode=1777 tmpfs /host/tmp
mount -t tmpfs -o mode=755 tmpfs /host/run
if [ -n "$late" ]; then
    mkdir -p /host/run/qemu-run/late
    for name in $(echo "$late" | tr ',' ' '); do
        cp "/lib/modules/$name.ko" /host/run/qemu-run/late/ || fatal "--late-module $name: no $name.ko among the modules"
    done
fi
if [ -z "$systemd" ] && [ -z "$bootstrap" ]; then
    mount -o bind /proc /host/proc
    mount -o bind /sys /host/sys
    mount -o bind /dev /host/dev
    mkdir -p /host/dev/pts /host/dev/shm
    mount -t devpts -o newinstance,ptmxmode=0666 devpts /host/dev/pts
    mount -t tmpfs -o mode=1777 tmpfs /host/dev/shm
    # What udev or systemd make on any Linux system (bash's process substitution, <(…), opens these).
    ln -sf /proc/self/fd /host/dev/fd
    ln -sf /proc/self/fd/0 /host/dev/stdin
    ln -sf /proc/self/fd/1 /host/dev/stdout
    ln -sf /proc/self/fd/2 /host/dev/stderr
fi

# The repository again at its own path: a checkout under /tmp or /run would otherwise be hidden by the tmpfs.
for arg in $(cat /proc/cmdline); do
    case $arg in qemu_run.repo=*) repo=${arg#qemu_run.repo=} ;; esac
done
if [ -n "${repo:-}" ]; then
    mkdir -p "/host$repo" 2>/dev/null
    mount -t 9p -o "$p9,ro,cache=loose" repo "/host$repo" || fatal "cannot mount the repository over 9p on $repo"
fi

if [ -n "$systemd" ]; then
    # The test's units, masks and an empty fstab, written into the copy-on-write root (its /etc).
    chroot /host /bin/bash /mnt/.qemu-run/systemd/systemd-setup.sh || fatal "systemd-setup.sh failed in the guest"
    echo "@@qemu-run:phase systemd@@"
    # systemd mounts /proc, /sys and the rest itself; /dev keeps the nodes the modules above created.
    umount /proc /sys
    mount --move /dev /host/dev
    exec switch_root /host /lib/systemd/systemd
    fatal "switch_root to systemd failed"
fi
chroot /host /bin/bash /mnt/.qemu-run/stage2.sh
rc=$?
if [ ! -e /host/mnt/.qemu-run/status ]; then
    echo "@@qemu-run:fatal guest stage 2 ended (status $rc) without reporting the test's exit status@@"
fi

sync
poweroff -f
