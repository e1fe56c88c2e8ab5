#!/usr/bin/python3
"""Judges tests/video-handover.sh on the host once its guest has ended (a `# qemu-run-after:` line).

usage: handover-later.py OUT BURST:FROM:TO...

OUT/BURST.times lists a burst's screendumps ("BURST-001 MS" a line, ms since its first). Each screendump's middle row
is read column by column as one of lib/handover-videos.sh's families (the first video, the second, the still) or as
anything else: the background between banners, a placeholder, a blank banner. Checks, for each burst, that
  - no screendump has more columns of anything else than the two 8 px gaps between banners and the blended columns
    at their edges: a placeholder or a blank banner fills hundreds;
  - FROM, then TO, was seen in the centre (the change is inside the burst), and at least one screendump caught the
    slide (both on the row, each over more than 100 columns).
Prints what it found and exits 1 on any failure.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png  # noqa: E402  (sibling module)

# The families: name, red, blue and, for the still, green (the videos count their frames in green).
FAMILIES = [("first", 220, 30, None), ("second", 30, 220, None), ("still", 0x30, 0xA0, 0x50)]
# Lossy video (yuv420p) and scaling: a little slack around each colour.
TOLERANCE = 12
# Two gaps of 8 px at scale 1, and a column blended with the background at each of their four edges.
GAPS = 16
EDGE_SLACK = 4


def family(pixel):
    red, green, blue = pixel
    for name, r, b, g in FAMILIES:
        if abs(red - r) <= TOLERANCE and abs(blue - b) <= TOLERANCE and (g is None or abs(green - g) <= TOLERANCE):
            return name
    return None


def judge(out, burst, first, then):
    failures = []
    centred = []
    slides = 0
    with open(os.path.join(out, burst + ".times")) as f:
        shots = [line.split() for line in f]
    for shot, at in shots:
        width, height, channels, rows = read_png(os.path.join(out, shot + ".png"))
        row = rows[height // 2]
        names = [family(tuple(row[x * channels:x * channels + 3])) for x in range(width)]
        other = names.count(None)
        wide = [f[0] for f in FAMILIES if names.count(f[0]) > 100]
        middle = names[width // 2]
        print(f"{shot} at {at} ms: centre {middle}, over 100 columns {', '.join(wide) or 'none'}; {other} columns of "
              "anything else")
        if other > GAPS + EDGE_SLACK:
            failures.append(f"{shot}: {other} columns of the middle row are none of the items (a placeholder, a blank "
                            f"banner or background), more than the {GAPS} of the gaps")
        if middle and (not centred or centred[-1] != middle):
            centred.append(middle)
        if first in wide and then in wide:
            slides += 1
    print(f"{burst}: {len(shots)} screendumps in {shots[-1][1] if shots else 0} ms; centred in turn: "
          f"{', '.join(centred)}; {slides} mid-slide")
    if [first, then] not in [centred[i:i + 2] for i in range(len(centred))]:
        failures.append(f"{first} then {then} not seen centred in turn: {centred}")
    if slides == 0:
        failures.append(f"no screendump caught the slide from {first} to {then}")
    return [f"{burst}: {failure}" for failure in failures]


def main():
    out = sys.argv[1]
    failures = []
    for spec in sys.argv[2:]:
        burst, first, then = spec.split(":")
        failures += judge(out, burst, first, then)
    for failure in failures:
        print("video-handover: FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
