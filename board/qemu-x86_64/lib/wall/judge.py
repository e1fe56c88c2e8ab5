#!/usr/bin/python3
"""The wall test's verdict (tests/wall.sh), from the two boards' output folders.

A proof-of-play record starts when its banner first stood nearest the centre of a frame on glass: mid-slide, at the
same point of the same spring on boards in step. So in step means, for every showing autoplay began while both
boards played, the same banner on the other board with a start within one 60 Hz frame plus the errors of the two
boards' times put on the host's clock (by the offsets lib/wall/clock.py measured before and after); one pair a run
may be a frame further apart, a frame shown late on one board (the emulated CPU is a small board's). Each board's
clock must also agree with the host's within a quarter frame, as a board kept by NTP on a LAN does. Board b is swiped
once: its touch showing and the slides of board a until b's next slide are out of step; b's next slide must be in
step (the rejoin: one slide at a slot start of the timeline), and so must every one after it.

Usage: judge.py A_DIR B_DIR   prints every pair and its difference; exits 1 when the wall was not in step.
"""
import json
import sys
from datetime import datetime

FRAME_MS = 1000 / 60
# What a board's clock may be off by for the wall to be judged at all: a quarter frame (chrony or timesyncd on a LAN
# keep a board within a millisecond or so; here clock.py measured about 1 ms).
CLOCK_ERROR_LIMIT_MS = FRAME_MS / 4
MATCH_WINDOW_MS = 1000  # two starts this close name the same slot (slots are 2.6 s apart)


def load(folder):
    """The board's records with their times on the host's clock, the error of that, and how far its clock was off."""
    measured = []
    for name in ("clock-start", "clock-end"):
        with open(f"{folder}/{name}") as file:
            measured.append([int(value) / 1e6 for value in file.read().split()])
    (offset_start, bound_start), (offset_end, bound_end) = measured
    offset = (offset_start + offset_end) / 2  # host minus board; it drifted from one to the other
    error_ms = max(bound_start, bound_end) + abs(offset_end - offset_start) / 2
    off_by_ms = max(abs(offset_start), abs(offset_end)) + max(bound_start, bound_end)
    with open(f"{folder}/plays.jsonl") as file:
        records = [json.loads(line) for line in file if line.strip()]
    for record in records:
        record["start_ms"] = datetime.fromisoformat(record["start"]).timestamp() * 1000 + offset
        record["end_ms"] = datetime.fromisoformat(record["end"]).timestamp() * 1000 + offset
    return records, error_ms, off_by_ms


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: judge.py A_DIR B_DIR")
    a, error_a, off_a = load(sys.argv[1])
    b, error_b, off_b = load(sys.argv[2])
    with open(f"{sys.argv[2]}/swiped") as file:
        swiped_ms = int(file.read()) / 1e6
    tolerance = FRAME_MS + error_a + error_b
    print(f"judge: clocks off the host's by up to a {off_a:.3f} ms, b {off_b:.3f} ms; times on the host's clock "
          f"within a {error_a:.3f} ms, b {error_b:.3f} ms: slides within {tolerance:.1f} ms")
    failures = []
    for name, off_by in (("a", off_a), ("b", off_b)):
        if off_by > CLOCK_ERROR_LIMIT_MS:
            failures.append(
                f"board {name}'s clock is off by up to {off_by:.1f} ms, more than {CLOCK_ERROR_LIMIT_MS:.1f}")
    both_from = max(a[0]["end_ms"], b[0]["end_ms"])  # each board's first showing began before the other played
    # Less a slot's margin: the boards stop a second or so apart, and a slide may reach the centre on one only.
    both_until = min(a[-1]["end_ms"], b[-1]["end_ms"]) - MATCH_WINDOW_MS

    def partner(record, others):
        near = [o for o in others if abs(o["start_ms"] - record["start_ms"]) <= MATCH_WINDOW_MS]
        return min(near, key=lambda o: abs(o["start_ms"] - record["start_ms"])) if near else None

    touches = [r for r in b if r["cause"] == "touch"]
    if len(touches) != 1:
        failures.append(f"board b has {len(touches)} showings begun by touch, not 1 (the swipe)")
        rejoin_ms = swiped_ms
    else:
        after = [r for r in b if r["start_ms"] > touches[0]["start_ms"] and r["cause"] == "autoplay"]
        rejoin_ms = after[0]["start_ms"] if after else both_until
        print(f"judge: b swiped at {swiped_ms:.0f}; its touch showing {touches[0]['banner']} at "
              f"{touches[0]['start_ms']:.0f}; its next slide at {rejoin_ms:.0f}")
    late_frames = 0
    in_step = {"before": 0, "after": 0}
    for record in a:
        if record["cause"] != "autoplay" or not both_from <= record["start_ms"] <= both_until:
            continue
        if swiped_ms <= record["start_ms"] < rejoin_ms - MATCH_WINDOW_MS:
            print(f"  a {record['banner']} {record['start']}: b out of step (swiped)")
            continue
        other = partner(record, b)
        if other is None:
            failures.append(f"a's {record['banner']} at {record['start']}: no showing on b then")
            continue
        difference = other["start_ms"] - record["start_ms"]
        same = other["banner"] == record["banner"] and other["cause"] == "autoplay"
        print(f"  a {record['banner']} {record['start']}  b {other['banner']} {other['start']} ({other['cause']}): "
              f"{difference:+.0f} ms")
        if not same:
            failures.append(f"at {record['start']}: a shows {record['banner']}, b {other['banner']} ({other['cause']})")
        elif abs(difference) > tolerance + FRAME_MS or (abs(difference) > tolerance and late_frames):
            failures.append(f"{record['banner']}: b's slide {difference:+.0f} ms from a's, beyond {tolerance:.1f} ms")
        elif abs(difference) > tolerance:
            # The emulated CPU, like a small board's, shows a frame late now and then (each board's frames_late): one
            # pair a run may be a frame further apart; a second, or more than a frame, is not in step.
            print(f"judge: {record['banner']}: {difference:+.0f} ms, a frame late on one board (one allowed a run)")
            late_frames += 1
        else:
            in_step["before" if record["start_ms"] < swiped_ms else "after"] += 1
    # Every slide of b while both played was one of the pairs above: none of its own, off the timeline.
    for record in b:
        played_by_both = both_from <= record["start_ms"] <= both_until
        if record["cause"] == "autoplay" and played_by_both and partner(record, a) is None:
            failures.append(f"b's {record['banner']} at {record['start']}: no showing on a then")
    print(f"judge: slides in step: {in_step['before']} before the swipe, {in_step['after']} from the rejoin on")
    if in_step["before"] < 2 or in_step["after"] < 3:
        failures.append("too few slides in step to judge (2 before the swipe and 3 from the rejoin on are wanted)")
    for failure in failures:
        print(f"judge: FAIL: {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
