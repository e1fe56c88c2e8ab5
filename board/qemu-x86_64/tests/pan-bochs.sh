#!/bin/bash
# Panning on bochs (QEMU's standard VGA): see lib/pan-tests.sh. bochs scans out from the framebuffer's offset and
# ignores the plane's source offset.
# The binary as it ships (release), as in the other tests that time screenshots on the slow emulated CPU.
# qemu-run: packages python3
# qemu-run-args: --size 1024x768 --timeout 400
# qemu-run-after: board/qemu-x86_64/lib/same-later.sh
TEST=pan-bochs
source "$QEMU_RUN_BOARD/lib/pan-tests.sh"
