#!/bin/bash
# Run by lib/init.sh in a chroot of the qemu-run --systemd guest's copy-on-write root, before systemd starts:
# installs qemu-run.target and qemu-run-test.service, and masks what is slow or meaningless in this VM.
# Everything written here lands in the tmpfs above the host's root, never on the host.
set -euo pipefail
here=/mnt/.qemu-run/systemd
units=/etc/systemd/system
install -m 0644 "$here/qemu-run.target" "$here/qemu-run-test.service" "$units/"

# The host's fstab names none of this VM's disks (it has none).
: > /etc/fstab
# A build machine that is a container marks its root so (/.dockerenv): systemd would take the VM for a container
# and, as it does there, ignore the kernel command line (systemd.unit=, quiet) and start graphical.target.
rm -f /.dockerenv /run/.containerenv
# The host's enabled timers and services (timers.target is part of basic.target), and units that rebuild caches
# (hwdb, ld.so.cache) over 9p or need kernel modules the guest does not have (autofs for binfmt_misc).
mask=(
    apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer fstrim.timer man-db.timer
    systemd-tmpfiles-clean.timer logrotate.timer
    systemd-timesyncd.service systemd-pstore.service
    systemd-hwdb-update.service ldconfig.service systemd-journal-catalog-update.service systemd-update-done.service
    proc-sys-fs-binfmt_misc.automount proc-sys-fs-binfmt_misc.mount systemd-binfmt.service
    systemd-repart.service systemd-firstboot.service
)
for unit in "${mask[@]}"; do
    ln -sfn /dev/null "$units/$unit"
done
