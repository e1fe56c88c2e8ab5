#!/usr/bin/python3
"""Compare two screenshots pixel for pixel (RGB; alpha ignored: scanout has none).

usage: pngsame.py [--within N] A.png B.png

Prints the size and the number of differing pixels (with the first few); exits 0 when the two are identical,
1 when they differ and 2 when either cannot be read. With --within N, pixels whose channels differ by at most N
count as the same, and the largest difference is printed. Reads PNGs with pngcheck.py's zlib-only reader, so it runs in the guest.
"""

import os
import sys
from operator import or_, sub

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png, read_png_stream  # noqa: E402


def channels_by_row(path):
    """(width, height, rows) with each row as its (red, green, blue) byte strings: slicing keeps the comparison
    at C speed under the guest's emulated CPU."""
    width, height, channels, rows = read_png(path)
    return width, height, [(row[0::channels], row[1::channels], row[2::channels]) for row in rows]


def main():
    arguments = sys.argv[1:]
    within = 0
    if len(arguments) == 4 and arguments[0] == "--within" and arguments[1].isdigit():
        within = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        streams = [read_png_stream(path) for path in arguments]
        # The same filtered rows are the same pixels: most comparisons end here, without unfiltering a row in
        # Python (a second for a 1024x768 frame on the build machine).
        if streams[0] == streams[1]:
            width, height = streams[0][:2]
            print(f"{width}x{height}: 0 pixel(s) differ" + (f" by more than {within}, the most by 0" if within else ""))
            return 0
        (wa, ha, a), (wb, hb, b) = channels_by_row(arguments[0]), channels_by_row(arguments[1])
    except (OSError, ValueError) as error:  # a missing or unreadable picture is neither the same nor different
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} and {wb}x{hb}")
        return 1
    # Each channel's differences are taken a row at a time with builtins (C speed; a loop a pixel took 0.4 s a
    # 480x270 frame); a pixel differs when one of its channels differs by more than `within`.
    over = bytes(value > within for value in range(256))
    differing = []  # the first few, to print
    count = largest = 0
    for y in range(ha):
        if a[y] == b[y]:
            continue
        beyond = bytes(wa)
        for ca, cb in zip(a[y], b[y]):
            difference = bytes(map(abs, map(sub, ca, cb)))
            largest = max(largest, max(difference))
            beyond = bytes(map(or_, beyond, difference.translate(over)))
        count += beyond.count(1)
        x = beyond.find(1)
        while x >= 0 and len(differing) < 5:
            differing.append((x, y))
            x = beyond.find(1, x + 1)
    print(f"{wa}x{ha}: {count} pixel(s) differ" + (f" by more than {within}, the most by {largest}" if within else ""))
    for x, y in differing:
        print(f"  ({x},{y}): {bytes(c[x] for c in a[y]).hex()} and {bytes(c[x] for c in b[y]).hex()}")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main())
