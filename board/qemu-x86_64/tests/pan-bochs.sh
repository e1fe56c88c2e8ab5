#!/bin/bash
# Panning on bochs (QEMU's standard VGA): see lib/pan-probe.sh. bochs scans out from the framebuffer's offset and
# ignores the plane's source offset.
# qemu-run: packages python3
# qemu-run-args: --size 800x480 --timeout 200
TEST=pan-bochs
source "$QEMU_RUN_BOARD/lib/pan-probe.sh"
