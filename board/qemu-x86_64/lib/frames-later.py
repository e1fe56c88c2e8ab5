#!/usr/bin/python3
"""Judges tests/animation.sh on the host once its guest has ended (a `# qemu-run-after:` line).

usage: frames-later.py OUT NAME:FRAMES:PERIOD_MS:STEP...

For each NAME, OUT/NAME-frames holds "SCREENDUMP MS_BEFORE MS_AFTER" lines (the guest's clock read before asking for
each screendump and after it was stored), OUT/NAME-drawn two "FRAMES_RENDERED ANIMATION_FRAMES_LATE MS_BEFORE
MS_AFTER" lines (the status' counts, read before the screendumps and after them). The animation is one of lib/numbered-animations.sh's:
FRAMES frames of PERIOD_MS, frame N one flat colour (red STEP*N, green 250 - STEP*N, blue 64). Checks that
  - each screendump shows a frame of the animation in the centred banner (not the background, not a placeholder);
  - one clock running at the file's rate explains every screendump's frame, within one frame (and one more behind
    when frames were late: the frame before stays until the late one is drawn): the frame numbers, counted on across
    the animation's loops, fit a single start time;
  - at least three different frames were seen;
  - bannerd drew one frame per frame of the animation between the two counts, and nothing else at rest; a frame
    not drawn at all must be one the status counted late.
Prints what it found and exits 1 on any failure.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png  # noqa: E402  (sibling module)

# Flat colours through the GIF's palette or a lossless WebP and a plain copy on screen: exact, but for a little slack.
TOLERANCE = 2


def frame_number(path, frames, step):
    """The animation's frame the centred banner shows, from the mean colour of 16x16 pixels near its bottom (below
    the title's scrim); None when it is not one of the animation's colours."""
    width, height, channels, rows = read_png(path)
    sums = [0, 0, 0]
    for y in range(height - 48, height - 32):
        for x in range(width // 2 - 8, width // 2 + 8):
            for c in range(3):
                sums[c] += rows[y][x * channels + c]
    red, green, blue = (round(s / 256) for s in sums)
    n = round(red / step)
    expected = (step * n, 250 - step * n, 64)
    if 0 <= n < frames and all(abs(a - b) <= TOLERANCE for a, b in zip((red, green, blue), expected)):
        return n
    return None


def judge(out, name, frames, period, step):
    """The failures of one animation's screendumps and counts, each a line."""
    failures = []
    shots = []
    with open(os.path.join(out, name + "-frames")) as f:
        for line in f:
            shot, before, after = line.split()
            n = frame_number(os.path.join(out, shot + ".png"), frames, step)
            print(f"{shot}: frame {n} between {before} and {after} ms")
            if n is None:
                failures.append(f"{shot} shows no frame of the animation in the centred banner")
            else:
                shots.append((int(before), int(after), n))
    if len(shots) < 8:
        failures.append(f"only {len(shots)} screendumps show a frame")
    shots.sort()
    # Frame numbers counted on across loops: each step is the one, among those the numbers allow, nearest to what
    # the time between the two screendumps says.
    counted = []
    for before, after, n in shots:
        if not counted:
            counted.append((before, after, n))
            continue
        last_before, last_after, last = counted[-1]
        expected = ((before + after) - (last_before + last_after)) / 2 / period
        advance = n - last % frames
        advance += frames * round((expected - advance) / frames)
        counted.append((before, after, last + advance))
    with open(os.path.join(out, name + "-drawn")) as f:
        (f0, late0, b0, a0), (f1, late1, b1, a1) = (tuple(int(v) for v in line.split()) for line in f)
    late = late1 - late0
    # Frame M shows from start + M * period for one period, at some moment between the two readings: the start lies
    # in (before - (M + 1) * period, after - M * period], widened by a frame either way (and one more behind when
    # frames were late). One start must fit all.
    behind = 2 if late > 0 else 1
    low, high = -math.inf, math.inf
    for before, after, m in counted:
        low = max(low, before - (m + 1 + behind) * period)
        high = min(high, after - (m - 1) * period)
    if counted and low > high:
        failures.append(f"no one clock at {period} ms a frame explains the frames seen ({low - high} ms apart)")
    elif counted:
        print(f"{name}: one clock at {period} ms a frame explains them all (its start known within {high - low} ms)")
    seen = {n for _, _, n in shots}
    if len(seen) < 3:
        failures.append(f"only {len(seen)} different frames seen: {sorted(seen)}")
    fewest = math.floor((b1 - a0) / period) - 1
    most = math.ceil((a1 - b0) / period) + 1
    print(
        f"{name}: {f1 - f0} frames drawn between the counts, {late} late; the animation changed {fewest + 1} to "
        f"{most - 1} times")
    if not fewest - late <= f1 - f0 <= most:
        failures.append(
            f"{f1 - f0} frames drawn at rest, not one per frame of the animation ({fewest} to {most}, {late} late)")
    return [f"{name}: {failure}" for failure in failures]


def main():
    out = sys.argv[1]
    failures = []
    for spec in sys.argv[2:]:
        name, frames, period, step = spec.split(":")
        failures += judge(out, name, int(frames), int(period), int(step))
    for failure in failures:
        print("animation: FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
