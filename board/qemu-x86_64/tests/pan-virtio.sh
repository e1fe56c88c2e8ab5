#!/bin/bash
# Panning on virtio-gpu (QEMU's virtio-vga): see lib/pan-probe.sh. virtio-gpu honours the plane's source offset.
# qemu-run: packages python3
# qemu-run-args: --gpu virtio --size 800x480 --timeout 200
TEST=pan-virtio
source "$QEMU_RUN_BOARD/lib/pan-probe.sh"
