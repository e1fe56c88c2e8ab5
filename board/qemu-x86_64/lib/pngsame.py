#!/usr/bin/python3
"""Compare two screenshots pixel for pixel (RGB; alpha ignored: scanout has none).

usage: pngsame.py [--within N] A.png B.png

Prints the size and the number of differing pixels (with the first few); exits 0 when the two are identical,
1 when they differ and 2 when either cannot be read. With --within N, pixels whose channels differ by at most N
count as the same, and the largest difference is printed. Reads PNGs with pngcheck.py's zlib-only reader, so it runs in the guest.
"""

import os
import re
import sys
from array import array
from itertools import accumulate

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png, read_png_stream  # noqa: E402

# Pictures are unfiltered and compared with C-speed builtins (slices, map, translate, regular expressions, big
# integers as rows of lanes) but for the Paeth and Average filters, whose left neighbour is the byte just decoded:
# those run a Python loop of one table look-up a byte, over red, green and blue only (alpha is never read), and
# Paeth's copies a run of the left neighbour at once where its bytes repeat the row above unchanged.
# PAETH[0][(b - c + 255) * 511 + a - c + 255] is Paeth's predictor less c, mod 256, for left a, up b and upper left c
# (filled when a Paeth row first comes)
PAETH = []
STILL = re.compile(b"\0{8,}")  # Paeth bytes that copy their left neighbour: up equal to upper left, 0 filtered


def paeth_table():
    """Fill PAETH. With d = b - c and t = a - c, Paeth's distances are |d| (to a), |t| (to b) and |t + d| (to c):
    for each d, t's range falls into at most five spans, each predicting a, b or c."""
    table = bytearray()
    for d in range(-255, 256):
        row = bytearray(range(1, 256)) + bytearray(range(256))  # a: t, mod 256
        if d > 0:  # a for t <= -2d or t >= d; c for -2d < t < -d/2; b for -d/2 <= t < d
            spans = ((-(d // 2), d - 1, d), (-2 * d + 1, -(d // 2) - 1, 0))
        elif d < 0:  # a for t <= d or t >= -2d; b for d < t <= -d/2; c for -d/2 < t < -2d
            spans = ((d + 1, -d // 2, d), (-d // 2 + 1, -2 * d - 1, 0))
        else:  # |d| is 0: a, always
            spans = ()
        for low, high, value in spans:
            low, high = max(low, -255), min(high, 255)
            row[low + 255:high + 256] = bytes([value & 255]) * (high - low + 1)
        table += row
    PAETH.append(bytes(table))


def lanes(data, size):
    """data's bytes as one integer, a byte to each lane of size bytes (the first byte least significant)."""
    spread = bytearray(len(data) * size)
    spread[::size] = data
    return int.from_bytes(spread, "little")


def lane_values(value, count, size):
    """The count lanes (of size 2 or 4 bytes) of value, as an array of ints."""
    values = array("H" if size == 2 else "I", value.to_bytes(count * size, "little"))
    if sys.byteorder == "big":
        values.byteswap()
    return values


def paeth(plus_c, index, still):
    """One channel of a Paeth row: each byte's filtered value plus c, its row of PAETH less a, and 0 where it
    copies its left neighbour."""
    table = PAETH[0]
    out = []
    left = done = 0
    for run in STILL.finditer(still):
        start, end = run.span()
        out += [left := value + table[left + row] & 255 for value, row in zip(plus_c[done:start], index[done:start])]
        out += [left] * (end - start)
        done = end
    out += [left := value + table[left + row] & 255 for value, row in zip(plus_c[done:], index[done:])]
    return bytes(out)


def planes(width, height, channels, raw):
    """(width, height, (red, green, blue)), each channel's bytes for the whole picture, row after row; or None when
    the stream is shorter than its rows (pngcheck's reader then decides what that is)."""
    stride = width * channels
    if len(raw) < height * (stride + 1):
        return None
    low7 = int.from_bytes(b"\x7f" * stride, "little")
    top = int.from_bytes(b"\x80" * stride, "little")
    masks = {size: (1 << 8 * size * stride) - 1 for size in (1, 2, 4)}
    paeth_base = lanes(bytes([255]) * stride, 4) * 512  # 255 * 511 + 255 in each lane
    lines, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], raw[start + 1:start + 1 + stride]
        if kind == 2:  # up: bytewise sums without carries (the low 7 bits added, the top one xor'd)
            filtered, up = int.from_bytes(line, "little"), int.from_bytes(previous, "little")
            line = (((filtered & low7) + (up & low7)) ^ ((filtered ^ up) & top)).to_bytes(stride, "little")
        elif kind in (1, 3, 4) and stride:
            out = bytearray(stride)
            if kind == 4:
                if not PAETH:
                    paeth_table()
                up = lanes(previous, 4)
                upper_left = lanes(previous, 2) << 16 * channels & masks[2]
                plus_c = lane_values(lanes(line, 2) + upper_left, stride, 2)
                upper_left = up << 32 * channels & masks[4]
                # (b - c + 255) * 511 + 255 - c: the start of the byte's row of PAETH, less a
                index = lane_values(511 * up + paeth_base - 512 * upper_left, stride, 4)
                up = int.from_bytes(previous, "little")
                still = (up ^ (up << 8 * channels & masks[1])) | int.from_bytes(line, "little")
                still = still.to_bytes(stride, "little")
            for k in range(3):
                left = 0
                if kind == 1:
                    out[k::channels] = bytes(map((255).__and__, accumulate(line[k::channels])))
                elif kind == 3:
                    out[k::channels] = bytes([left := value + (left + above >> 1) & 255
                                              for value, above in zip(line[k::channels], previous[k::channels])])
                else:
                    out[k::channels] = paeth(plus_c[k::channels], index[k::channels], still[k::channels])
            line = bytes(out)
        elif kind > 4 and stride:
            raise ValueError(f"bad filter type {kind}")
        lines.append(line)
        previous = line
    picture = b"".join(lines)
    return width, height, (picture[0::channels], picture[1::channels], picture[2::channels])


def absolute_difference(a, b):
    """|a - b| for each byte of two byte strings as long as each other: in 16-bit lanes, 256 + a - b (its high
    byte 1 when a >= b: then its low byte is the difference) and 256 + b - a (its low byte the difference else)."""
    size = len(a)
    bias = int.from_bytes(b"\0\1" * size, "little")
    a, b = lanes(a, 2), lanes(b, 2)
    down, up = (a + bias - b).to_bytes(2 * size, "little"), (b + bias - a).to_bytes(2 * size, "little")
    keep = int.from_bytes(down[1::2], "little") * 255
    difference = (int.from_bytes(down[0::2], "little") & keep) | (int.from_bytes(up[0::2], "little") & ~keep)
    return difference.to_bytes(size, "little")


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
        decoded = [planes(*stream) for stream in streams]
        slowly = None in decoded  # a stream short of its rows: pngcheck's reader and a loop over pixels
        if slowly:
            decoded = [channels_by_row(path) for path in arguments]
        (wa, ha, a), (wb, hb, b) = decoded
    except (OSError, ValueError) as error:  # a missing or unreadable picture is neither the same nor different
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} and {wb}x{hb}")
        return 1
    differing = []  # the first few, to print
    largest = 0
    if slowly:
        for y in range(ha):
            if a[y] != b[y]:
                for x in range(wa):
                    difference = max(abs(ca[x] - cb[x]) for ca, cb in zip(a[y], b[y]))
                    largest = max(largest, difference)
                    if difference > within:
                        differing.append((x, y))
        count = len(differing)
        pixels = [bytes(c[x] for c in picture[y]).hex() for x, y in differing[:5] for picture in (a, b)]
    else:
        flags = 0  # a byte a pixel, 1 where a channel differs by more than within
        beyond = bytes(value > within for value in range(256))
        for ca, cb in zip(a, b):
            if ca != cb:
                difference = absolute_difference(ca, cb)
                most = max(difference)
                largest = max(largest, most)
                if most > within:
                    flags |= int.from_bytes(difference.translate(beyond), "little")
        flags = flags.to_bytes(wa * ha, "little")
        count = flags.count(1)
        at = flags.find(1)
        while at >= 0 and len(differing) < 5:
            differing.append((at % wa, at // wa))
            at = flags.find(1, at + 1)
        pixels = [bytes(c[y * wa + x] for c in picture).hex() for x, y in differing for picture in (a, b)]
    print(f"{wa}x{ha}: {count} pixel(s) differ" + (f" by more than {within}, the most by {largest}" if within else ""))
    for (x, y), first, second in zip(differing[:5], pixels[0::2], pixels[1::2]):
        print(f"  ({x},{y}): {first} and {second}")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main())
