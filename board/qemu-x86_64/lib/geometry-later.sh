#!/bin/bash
# Run by qemu-run on the host once a guest has ended (a test's `# qemu-run-after:` line): the carousel geometry of
# every screendump the guest listed in its output folder's geometry-later file (one "NAME.png SCALE" a line), judged
# by the host's CPU in a fraction of the time the emulated one takes to start Python and read a PNG.
set -uo pipefail
list=$QEMU_RUN_OUT/geometry-later
[ -s "$list" ] || { echo "geometry-later: the guest listed no screendump in $list"; exit 1; }
failed=0 checked=0
while read -r png scale; do
    checked=$((checked + 1))
    "$QEMU_RUN_BOARD/lib/carousel_geometry.py" "$QEMU_RUN_OUT/$png" --scale "$scale" || failed=1
done < "$list"
echo "geometry-later: $checked screendump(s) checked"
exit "$failed"
