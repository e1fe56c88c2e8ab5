#!/bin/bash
# Panning on virtio-gpu (QEMU's virtio-vga): see lib/pan-tests.sh. virtio-gpu honours the plane's source offset
# and ignores the framebuffer's.
# The binary as it ships (release), as in the other tests that time screenshots on the slow emulated CPU.
# qemu-run: packages python3
# qemu-run-args: --gpu virtio --size 1024x768 --timeout 400
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
TEST=pan-virtio
source "$QEMU_RUN_BOARD/lib/pan-tests.sh"
