#!/bin/bash
# Run by board/qemu-aarch64/guest-root inside the aarch64 guest, chrooted into the root being made (what
# debootstrap's first stage unpacked on the host): configures every package, as debootstrap's second stage does
# on the machine it is for.
set -uo pipefail
if ! /debootstrap/debootstrap --second-stage; then
    echo "second-stage: debootstrap --second-stage failed; the end of its log:"
    tail -n 40 /debootstrap/debootstrap.log
    exit 1
fi
apt-get clean
echo "second-stage: $(dpkg-query -W | wc -l) packages configured; $(du -sxm / | cut -f1) MB"
