#!/usr/bin/python3
"""Say which window of kmscheck's coordinate strip a screendump shows, and whether it is the one asked for.

usage: pancheck.py FILE.png --window X,Y

kmscheck --pan fills its strips so that every pixel names its place: red is x's low byte, blue y's, green the
high nibbles (x's low, y's high). The screendump's top-left pixel says which window is on glass; every 7th pixel
either way must then be the strip's pixel at that place. Prints one line; exits 0 when the window asked for is
shown exactly, 1 when another window (or no strip at all) is.
"""

import argparse
import sys

from pngcheck import read_png


def place(pixel):
    red, green, blue = pixel
    return red | (green & 0xF) << 8, blue | (green >> 4) << 8


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--window", required=True, help="X,Y: the strip's pixel that should be at the top left")
    args = parser.parse_args()
    want = tuple(int(v) for v in args.window.split(","))
    width, height, channels, rows = read_png(args.png)

    def pixel(x, y):
        row = rows[y]
        return tuple(row[x * channels:x * channels + 3])

    shown = place(pixel(0, 0))
    wrong = 0
    for y in range(0, height, 7):
        for x in range(0, width, 7):
            if place(pixel(x, y)) != (shown[0] + x, shown[1] + y):
                wrong += 1
    name = args.png
    if wrong:
        print(f"pancheck.py: {name}: not one window of the strip ({wrong} sampled pixels out of place)")
        sys.exit(1)
    if shown != want:
        print(f"pancheck.py: {name}: shows the window at {shown[0]},{shown[1]}, not {want[0]},{want[1]}")
        sys.exit(1)
    print(f"pancheck.py: {name}: shows the window at {want[0]},{want[1]} exactly")


if __name__ == "__main__":
    main()
