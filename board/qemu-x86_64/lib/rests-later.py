#!/usr/bin/python3
"""Judges tests/proof-of-play.sh on the host once its guest has ended (a `# qemu-run-after:` line).

usage: rests-later.py OUT MODE...

For each MODE the guest left in OUT: MODE-rests (one "SCREENDUMP INDEX" a line, a screendump taken at each rest),
MODE-plays/*.jsonl (the proof-of-play records), MODE-metrics.prom (the last metrics written), MODE-status.json
(`ctl status` before SIGTERM); and OUT/photos (lib/photos.py's "ID FILE RRGGBB" lines). Checks that
  - each screendump shows the banner the status named at that rest, told by its photo's colour in the middle;
  - the records, the screendumps and bannerd_banner_shows_total name the same banners in the same order (the
    metrics count per banner), one record per rest, none missing, each rest one autoplay step after the last;
  - no placeholder was drawn, no rest was on a placeholder, no record was lost.
Prints what it found and exits 1 on any failure.
"""

import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngcheck import read_png  # noqa: E402  (sibling module)

# The photos' pattern averages to their colour over whole stripes; scaling and JPEG move it a little.
TOLERANCE = 24
# The guest watches for 32 s and a whole turn of the eight banners and back to the first, however long autoplay
# waits for each photo to be rendered (bannerd_autoplay_waits_total; on the emulated CPU a photo takes about 4 s).
MINIMUM_RESTS = 9


def middle_colour(path):
    """Mean RGB of the 32x32 pixels around the screen's middle: the centred banner's photo."""
    width, height, channels, rows = read_png(path)
    sums = [0, 0, 0]
    for y in range(height // 2 - 16, height // 2 + 16):
        row = rows[y]
        for x in range(width // 2 - 16, width // 2 + 16):
            for c in range(3):
                sums[c] += row[x * channels + c]
    return tuple(round(s / 1024) for s in sums)


def recognise(colour, photos):
    """The id of the photo whose colour `colour` is, or None."""
    for banner, _, known in photos:
        if all(abs(a - b) <= TOLERANCE for a, b in zip(colour, known)):
            return banner
    return None


def metric(text, name):
    """Samples of one metric family: {labels or "": value} (one output: each series carries its output's name)."""
    found = {}
    for line in text.splitlines():
        m = re.match(rf"^{name}(\{{[^}}]*\}})? (\S+)$", line)
        if m:
            found[m.group(1) or ""] = float(m.group(2))
    return found


def total(text, name):
    """The sum of a family's samples (every output's); None when the family is not in the text."""
    samples = metric(text, name)
    return sum(samples.values()) if samples else None


def judge(out, mode, photos, problems):
    def fail(message):
        problems.append(f"{mode}: {message}")

    ids = [banner for banner, _, _ in photos]
    with open(os.path.join(out, f"{mode}-rests")) as f:
        rests = [line.split() for line in f if line.strip()]
    shown = []
    for name, index in rests:
        colour = middle_colour(os.path.join(out, name))
        banner = recognise(colour, photos)
        expected = ids[int(index)]
        if banner != expected:
            fail(f"{name}: the status said {expected} was centred, the screen shows "
                 f"{banner or 'no photo'} (#{'%02x%02x%02x' % colour})")
        shown.append(banner)
    paths = sorted(glob.glob(os.path.join(out, f"{mode}-plays", "*.jsonl")))
    records = []
    for path in paths:
        with open(path) as f:
            records += [json.loads(line) for line in f]
    played = [r["banner"] for r in records]
    with open(os.path.join(out, f"{mode}-metrics.prom")) as f:
        metrics = f.read()
    shows = {re.search(r'banner="([^"]*)"', k).group(1): int(v)
             for k, v in metric(metrics, "bannerd_banner_shows_total").items()}
    with open(os.path.join(out, f"{mode}-status.json")) as f:
        status = json.load(f)
    print(f"{mode}: screendumps at rest {shown}")
    print(f"{mode}: records           {played}")
    print(f"{mode}: shows counted     {shows}")
    if played != shown:
        fail(f"the records name {len(played)} showing(s), the screendumps {len(shown)} rest(s): not the same")
    counted = {banner: played.count(banner) for banner in sorted(set(played))}
    if counted != shows:
        fail(f"bannerd_banner_shows_total {shows} differs from the records {counted}")
    if len(rests) < MINIMUM_RESTS:
        fail(f"{len(rests)} rests (the guest watches for {MINIMUM_RESTS} at least)")
    if not rests or rests[0][1] != "0":
        fail("the first rest is not on the first banner")
    for (_, a), (name, b) in zip(rests, rests[1:]):
        if int(b) != (int(a) + 1) % len(ids):
            fail(f"{name}: banner {b} after {a}: a rest was missed, or autoplay skipped a banner")
    causes = [r["cause"] for r in records]
    if causes[:1] != ["start"] or any(c != "autoplay" for c in causes[1:]):
        fail(f"causes {causes}: start, then autoplay only")
    # The status was read before SIGTERM ended the last showing.
    if status.get("plays_today") != len(records) - 1:
        fail(f"ctl status counted {status.get('plays_today')} plays before the last, the file has {len(records)}")
    for name in ("bannerd_placeholder_frames_total", "bannerd_placeholder_rests_total",
                 "bannerd_play_records_lost_total"):
        value = total(metrics, name)
        if value != 0:
            fail(f"{name} is {value}")
    waits = total(metrics, "bannerd_autoplay_waits_total")
    if waits is None:
        fail("no bannerd_autoplay_waits_total in the metrics")
    # Scanout "auto" pans where the driver can (bochs does): a run that panned nothing proved nothing of panning.
    if mode == "auto" and not status.get("frames_panned"):
        fail(f"no frame was panned (frames_panned {status.get('frames_panned')}): every one was composed")
    print(f"{mode}: autoplay waited for a banner {waits} time(s), {status.get('frames_late')} frames late, "
          f"{status.get('frames_rendered')} drawn, {status.get('frames_panned')} panned")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    with open(os.path.join(out, "photos")) as f:
        photos = [(banner, name, tuple(int(rgb[i:i + 2], 16) for i in (0, 2, 4)))
                  for banner, name, rgb in (line.split() for line in f if line.strip())]
    problems = []
    for mode in sys.argv[2:]:
        try:
            judge(out, mode, photos, problems)
        except (OSError, ValueError, KeyError) as error:
            problems.append(f"{mode}: {error}")
    for problem in problems:
        print(f"proof-of-play: FAIL: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
