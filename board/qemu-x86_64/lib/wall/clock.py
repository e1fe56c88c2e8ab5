#!/usr/bin/python3
"""The guest's wall clock against the host's, for the wall test (tests/wall.sh), as NTP would read it with no network.

The guest writes a byte to a file in the exchange folder (uncached 9p: the write reaches the host before it returns)
and reads the file's modification time back: the host's kernel stamped it with the host's clock (ext4's fine-grained
timestamps, once a stamp has been read) somewhere between the guest's readings of its own clock before the write and
after the read. So the host's clock minus the guest's is the stamp minus the midpoint, within half that round trip.
The exchange with the shortest round trip of 50 is kept.

  clock.py step FILE       set the guest's clock to the host's (CLOCK_REALTIME, as root), then measure again
  clock.py measure FILE    measure only

Prints "host-guest offset OFFSET ms, within BOUND ms" and writes "OFFSET_NS BOUND_NS" to FILE, as measured after any
step: the error each board's clock brings to the wall. (The step leaves the clock about a millisecond behind: the
time the emulated CPU takes from reading the clock to setting it. The measurement after it counts that.)
"""
import os
import sys
import time

EXCHANGES = 50
# How close a step is taken to have come (it leaves the clock about a millisecond behind), and how many steps.
STEPPED_NS = 2_000_000
STEPS = 4


def measure(probe):
    """(host minus guest, bound) in nanoseconds: the exchange of the shortest round trip."""
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        best = None
        # The first stamp of a file never read may be the kernel's coarse one: read once before measuring.
        os.write(fd, b".")
        os.fstat(fd)
        for _ in range(EXCHANGES):
            before = time.clock_gettime_ns(time.CLOCK_REALTIME)
            os.write(fd, b".")
            stamp = os.fstat(fd).st_mtime_ns
            after = time.clock_gettime_ns(time.CLOCK_REALTIME)
            half = (after - before) // 2
            if best is None or half < best[1]:
                best = (stamp - (before + half), half)
        return best
    finally:
        os.close(fd)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("step", "measure"):
        sys.exit("usage: clock.py step|measure FILE")
    mode, result = sys.argv[1:]
    probe = os.path.join(os.path.dirname(os.path.abspath(result)), ".clock-probe")
    offset, bound = measure(probe)
    # A step the host interrupted (QEMU's CPU thread off its core between reading the clock and setting it) leaves
    # the clock as far off as the interruption lasted: 7.7 ms once in a CI rehearsal. Stepped again then, as NTP
    # would step a clock it still finds off, at most STEPS times.
    for _ in range(STEPS if mode == "step" else 0):
        time.clock_settime_ns(time.CLOCK_REALTIME, time.clock_gettime_ns(time.CLOCK_REALTIME) + offset)
        print(f"clock: stepped by {offset / 1e6:+.3f} ms (within {bound / 1e6:.3f} ms)")
        offset, bound = measure(probe)
        if abs(offset) <= STEPPED_NS:
            break
    os.unlink(probe)
    print(f"clock: host-guest offset {offset / 1e6:+.3f} ms, within {bound / 1e6:.3f} ms")
    with open(result, "w") as out:
        out.write(f"{offset} {bound}\n")


if __name__ == "__main__":
    main()
