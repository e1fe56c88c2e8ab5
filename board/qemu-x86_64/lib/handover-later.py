#!/usr/bin/python3
"""Judges tests/video-handover.sh on the host once its guest has ended (a `# qemu-run-after:` line).

usage: handover-later.py OUT BURST:FROM:TO...

OUT/BURST.times lists a burst's screendumps ("BURST-001 MS" a line, ms since its first). Each screendump's middle row
is read column by column as one of lib/handover-videos.sh's families (the first video, the second, the still) or as
anything else: the background between banners, a placeholder, a blank banner. Checks, for each burst, that
  - no screendump has more columns of anything else than the two 8 px gaps between banners and the blended columns
    at their edges: a placeholder or a blank banner fills hundreds;
  - FROM, then TO, was seen in the centre (the change is inside the burst), and at least one screendump caught the
    slide (both on the row, each over more than 100 columns);
  - FROM, a video, played while it was centred: its frames, counted in green, went by (at least MIN_FRAMES of them),
    so a video frozen on a frame fails, whatever its codec;
  - and handed over at its own length: the slide began within LATE_FRAMES of its frames of its end (timed from the
    last frames seen), neither cutting it short nor holding it.
Prints what it found and exits 1 on any failure.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png  # noqa: E402  (sibling module)

# The families: name, red, blue and, for the still, green (the videos count their frames in green).
FAMILIES = [("first", 220, 30, None), ("second", 30, 220, None), ("still", 0x30, 0xA0, 0x50)]
# Each video's last frame (lib/handover-videos.sh: 60 and 40 frames at 10 fps) and a frame's time, ms.
LAST_FRAME = {"first": 59, "second": 39}
FRAME_MS = 100
# A screendump's interval in a burst (tests/video-handover.sh), ms.
SHOT_MS = 100
# The handover comes at the video's length within this many of its frames.
LATE_FRAMES = 2
# The frames a video's end is timed from: its last few, where a video that fell behind has caught up (or not).
RECENT_FRAMES = 5
# Frames of a video seen centred at the least: a burst of screendumps every 100 ms sees it for seconds, and the
# emulated CPU, behind, still shows 7 to 16 of them; one frozen shows one or two.
MIN_FRAMES = 5
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
    # While FROM is centred before the slide: (ms, frame) of each screendump; then when its slide began.
    playing = []
    slide_began = None
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
        # At rest the centre banner covers all of the row but the two gaps and the neighbours' ears (8 px each).
        at_rest = names.count(middle) >= width - 2 * GAPS - EDGE_SLACK
        if first in LAST_FRAME and slide_began is None:
            if middle == first and at_rest:
                # The videos count their frames in green, 4 levels a frame.
                playing.append((int(at), round(row[(width // 2) * channels + 1] / 4)))
            elif playing:
                slide_began = int(at)
    print(f"{burst}: {len(shots)} screendumps in {shots[-1][1] if shots else 0} ms; centred in turn: "
          f"{', '.join(centred)}; {slides} mid-slide")
    if [first, then] not in [centred[i:i + 2] for i in range(len(centred))]:
        failures.append(f"{first} then {then} not seen centred in turn: {centred}")
    if slides == 0:
        failures.append(f"no screendump caught the slide from {first} to {then}")
    if first in LAST_FRAME:
        failures += judge_length(first, playing, slide_began, shots)
    return [f"{burst}: {failure}" for failure in failures]


def judge_length(video, playing, slide_began, shots):
    """That `video` played while centred (`playing`: ms and frame of each screendump) and handed over at its own
    length: the slide began within LATE_FRAMES frames of its end (and a screendump's interval after), its end timed
    from its last frames seen."""
    frames = sorted({frame for _, frame in playing})
    print(f"{video}: frames {frames[:3]}...{frames[-3:]} seen centred ({len(frames)} of them; its last is "
          f"{LAST_FRAME[video]}), its slide began at {slide_began} ms of {shots[-1][1] if shots else 0}")
    if len(frames) < MIN_FRAMES:
        return [f"{video} showed {len(frames)} frame(s) while centred, fewer than {MIN_FRAMES}: frozen"]
    last = LAST_FRAME[video]
    if slide_began is None:
        return [f"{video} was still centred at the burst's end"]
    # When its last frame ended, from its last frames seen (each shows for FRAME_MS from some moment before the
    # screendump that caught it: the earliest end they give).
    ends = [ms + (last + 1 - frame) * FRAME_MS for ms, frame in playing if frame >= last - RECENT_FRAMES]
    if not ends:
        return [f"{video} was handed over at frame {frames[-1]}, before its last {RECENT_FRAMES} frames: cut short"]
    ended = min(ends)
    rest = max(ms for ms, _ in playing)  # the last screendump before the slide: still at rest
    print(f"{video}: its last frame ended by {ended} ms; at rest at {rest} ms, sliding at {slide_began} ms")
    failures = []
    if rest < ended - LATE_FRAMES * FRAME_MS:
        failures.append(f"{video} began to slide by {slide_began} ms, before its last {LATE_FRAMES} frames "
                        f"(it ended by {ended} ms): cut short")
    if slide_began > ended + LATE_FRAMES * FRAME_MS + SHOT_MS:
        failures.append(f"{video} was still at rest at {rest} ms, more than {LATE_FRAMES} frames after its end (by "
                        f"{ended} ms): held past its length")
    return failures


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
