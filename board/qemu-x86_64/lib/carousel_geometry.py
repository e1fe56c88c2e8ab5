#!/usr/bin/env python3
"""Check a screenshot of bannerd at rest against the carousel geometry, to the pixel.

usage: carousel_geometry.py FILE.png --scale S [--background RRGGBB] [--same-as OTHER.png]

At rest the centre banner spans [inset, W - inset) with inset = round(16 * S); the gap between banners is
round(8 * S), so each neighbour's ear spans [0, inset - gap) and [W - inset + gap, W). Banners start round(16 * S)
below the top and end as far above the bottom. Along the middle row and the middle column every pixel must be
the background exactly where the layout leaves space, and never the background inside a banner.
With --same-as, the two images must be identical instead (e.g. the console before and after bannerd).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png  # noqa: E402  (sibling module)


def pixel(rows, channels, x, y):
    offset = x * channels
    return rows[y][offset:offset + 3].hex()


def runs(values):
    """Collapse a sequence of booleans into [(value, start, end)] runs."""
    out = []
    for i, v in enumerate(values):
        if out and out[-1][0] == v:
            out[-1][2] = i + 1
        else:
            out.append([v, i, i + 1])
    return [tuple(r) for r in out]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--background", default="101010")
    parser.add_argument("--same-as")
    args = parser.parse_args()
    width, height, channels, rows = read_png(args.png)
    if args.same_as:
        other = read_png(args.same_as)
        same = other[0] == width and other[1] == height and other[3] == rows
        print(f"geometry: {args.png} {'matches' if same else 'DIFFERS FROM'} {args.same_as}")
        return 0 if same else 1
    inset = round(16 * args.scale)
    gap = round(8 * args.scale)
    ear = inset - gap
    middle_row = [pixel(rows, channels, x, height // 2) == args.background for x in range(width)]
    middle_column = [pixel(rows, channels, width // 2, y) == args.background for y in range(height)]
    want_row = [(False, 0, ear), (True, ear, inset), (False, inset, width - inset),
                (True, width - inset, width - ear), (False, width - ear, width)]
    want_column = [(True, 0, inset), (False, inset, height - inset), (True, height - inset, height)]
    got_row, got_column = runs(middle_row), runs(middle_column)
    ok = got_row == want_row and got_column == want_column
    print(f"geometry: {args.png} {width}x{height} scale {args.scale}: inset {inset} gap {gap} ear {ear}: "
          + ("ok" if ok else "WRONG"))
    if not ok:
        print(f"  middle row (background?, from, to): want {want_row}\n                                    got  {got_row}")
        print(f"  middle column: want {want_column}\n                 got  {got_column}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
