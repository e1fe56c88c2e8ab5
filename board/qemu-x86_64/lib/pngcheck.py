#!/usr/bin/python3
"""Check a screenshot: its size, that it is not one flat colour, and chosen pixels.

usage: pngcheck.py FILE.png [--size WxH] [--min-colours N] [--pixel X,Y=RRGGBB]... [--tolerance N]

Reads 8-bit RGB/RGBA PNGs (what lib/screendump.py writes) with zlib alone, so it runs in the guest
from the host's plain python3. Prints one line per failed check and exits 1 if any failed.
"""

import argparse
import struct
import sys
import zlib


def read_png_stream(path):
    """Return (width, height, channels, stream): the header checked and the filtered rows decompressed, not yet
    unfiltered."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"only 8-bit non-interlaced RGB/RGBA is supported (depth {depth}, colour type {colour})")
    return width, height, 3 if colour == 2 else 4, zlib.decompress(b"".join(idat))


def read_png(path):
    """Return (width, height, channels, rows) with rows a list of unfiltered bytes objects."""
    width, height, channels, raw = read_png_stream(path)
    stride = width * channels
    rows, previous = [], bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind != 0:
            line = unfilter(kind, bytearray(line), previous, channels)
        rows.append(bytes(line))
        previous = rows[-1]
    return width, height, channels, rows


def unfilter(kind, line, previous, bpp):
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        up = previous[i]
        upper_left = previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            p = left + up - upper_left
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
            predictor = left if pa <= pb and pa <= pc else up if pb <= pc else upper_left
            line[i] = (line[i] + predictor) & 0xFF
        else:
            raise ValueError(f"bad filter type {kind}")
    return line


def main():
    parser = argparse.ArgumentParser(prog="pngcheck.py")
    parser.add_argument("png")
    parser.add_argument("--size", help="expected WxH")
    parser.add_argument("--min-colours", type=int, default=2,
                        help="distinct colours required on an 8-pixel sampling grid (default 2)")
    parser.add_argument("--pixel", action="append", default=[], metavar="X,Y=RRGGBB",
                        help="expected colour of one pixel; repeatable")
    parser.add_argument("--tolerance", type=int, default=8, help="per-channel tolerance for --pixel")
    args = parser.parse_args()
    try:
        width, height, channels, rows = read_png(args.png)
    except (OSError, ValueError, zlib.error) as error:
        sys.exit(f"pngcheck.py: {args.png}: {error}")

    failures = []
    if args.size and args.size != f"{width}x{height}":
        failures.append(f"size is {width}x{height}, expected {args.size}")
    sampled = {row[x * channels:x * channels + 3] for row in rows[::8] for x in range(0, width, 8)}
    if len(sampled) < args.min_colours:
        failures.append(f"{len(sampled)} distinct colour(s) on the sampling grid, expected at least {args.min_colours}")
    for spec in args.pixel:
        try:
            where, colour = spec.split("=")
            x, y = (int(v) for v in where.split(","))
            want = bytes.fromhex(colour)
        except ValueError:
            sys.exit(f"pngcheck.py: bad --pixel '{spec}' (want X,Y=RRGGBB)")
        if not (0 <= x < width and 0 <= y < height):
            failures.append(f"pixel ({x},{y}) is outside the {width}x{height} image")
            continue
        got = rows[y][x * channels:x * channels + 3]
        if any(abs(a - b) > args.tolerance for a, b in zip(got, want)):
            failures.append(f"pixel ({x},{y}) is {got.hex()}, expected {want.hex()}")
    for failure in failures:
        print(f"pngcheck.py: {args.png}: {failure}")
    if failures:
        sys.exit(1)
    print(f"pngcheck.py: {args.png}: ok ({width}x{height}, {len(sampled)} sampled colours)")


if __name__ == "__main__":
    main()
