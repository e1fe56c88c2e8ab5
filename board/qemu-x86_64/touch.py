#!/usr/bin/python3
"""touch.py — a uinput touchscreen that replays a gesture script in real time.

usage: touch.py [--size WxH] [--resolution UNITS_PER_MM] [--slots N] [--name NAME]
                [--wait-ready S] [--no-wait-reader] [--ready-file PATH]
                [--sent-file PATH] [--remove-at MS] [--hold MS] [--verbose]  SCRIPT | -

The device is what a direct-touch panel looks like to the kernel: INPUT_PROP_DIRECT, BTN_TOUCH, ABS_X/Y
and the multi-touch protocol B axes (ABS_MT_SLOT, TRACKING_ID, POSITION_X/Y, TOOL_TYPE). Its axes run
0..W-1 and 0..H-1, so one device unit is one display pixel, and carry a resolution (units per mm) so
libinput reports millimetres too. No mouse or keyboard capabilities: only touch.

Gesture script (the format `bannerd trace` writes), one event per line, `#` starts a comment:

    t_ms kind x y [slot]        kind: down | move | up | cancel; x, y in display pixels
    t_ms up|cancel [slot]       up and cancel may omit the position (the slot's last one stands)
    t_ms wait PATH              once everything before is sent, write PATH.sent and wait for PATH to exist

t_ms counts from the moment the device is ready and must not decrease; events with the same t_ms form
one input frame (one SYN_REPORT). `cancel` reports the contact as a palm (MT_TOOL_PALM), which libinput
turns into TOUCH_CANCEL, and lifts it in the next frame. After a `wait` the clock goes on from its t_ms:
a test holds a finger still for as long as it needs, then sends the next gesture on the same device
(a device made for each gesture costs a slow board seconds to create and to open).

Readiness (--wait-ready, default 10 s): after creating the device, wait until udev has processed it (its
database entry says ID_INPUT_TOUCHSCREEN=1) and some process (libinput) has opened its event node, then
replay; events sent before a reader opens the node would be lost. Exit status 2 if that does not happen,
1 for any other error (a bad script, no /dev/uinput).

--remove-at MS destroys the device at that time even mid-gesture, as when a panel's cable is pulled;
later events are dropped. Otherwise the device stays --hold ms (default 500) after the last event so
readers see the final frame before the device disappears. --sent-file PATH is written once the last
frame is sent (before that hold): a test can tell a finished gesture from one a loaded CPU still delays.
"""

import argparse
import fcntl
import glob
import os
import struct
import sys
import time

# <linux/input-event-codes.h>
EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT = 0
BTN_TOUCH = 0x14A
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y = 0x2F, 0x35, 0x36
ABS_MT_TOOL_TYPE, ABS_MT_TRACKING_ID = 0x37, 0x39
INPUT_PROP_DIRECT = 0x01
MT_TOOL_FINGER, MT_TOOL_PALM = 0, 2
BUS_VIRTUAL = 0x06


# <linux/uinput.h> ioctls, built the way the kernel's _IOC macro builds them.
def _ioc(direction, nr, size):
    return (direction << 30) | (size << 16) | (ord("U") << 8) | nr


UINPUT_SETUP = struct.Struct("HHHH80sI")  # struct uinput_setup: input_id, name[80], ff_effects_max
UINPUT_ABS_SETUP = struct.Struct("H2xiiiiii")  # struct uinput_abs_setup: code, input_absinfo
INPUT_EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit: timeval (ignored by uinput), type, code, value
UI_DEV_CREATE, UI_DEV_DESTROY = _ioc(0, 1, 0), _ioc(0, 2, 0)
UI_DEV_SETUP = _ioc(1, 3, UINPUT_SETUP.size)
UI_ABS_SETUP = _ioc(1, 4, UINPUT_ABS_SETUP.size)
UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT = _ioc(1, 100, 4), _ioc(1, 101, 4), _ioc(1, 103, 4)
UI_SET_PROPBIT = _ioc(1, 110, 4)
SYSNAME_LEN = 64
UI_GET_SYSNAME = _ioc(2, 44, SYSNAME_LEN)

KINDS = ("down", "move", "up", "cancel")


class ScriptError(Exception):
    pass


def parse_script(lines, width, height, slots):
    """Return [(t_ms, [(kind, slot, x|None, y|None), ...]), ...] grouped by time, after checking that
    every contact goes down before it moves and lifts, inside the display."""
    frames, active, last_t = [], set(), 0.0
    for number, raw in enumerate(lines, start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        where = f"line {number}"
        try:
            t = float(words[0])
        except ValueError:
            raise ScriptError(f"{where}: time '{words[0]}' is not a number of milliseconds")
        if len(words) == 3 and words[1] == "wait":
            if t < last_t:
                raise ScriptError(f"{where}: time {words[0]} ms goes backwards")
            last_t = t
            frames.append((t, [("wait", 0, words[2], None)]))
            continue
        if len(words) < 2 or words[1] not in KINDS:
            raise ScriptError(f"{where}: expected 't_ms down|move|up|cancel x y [slot]'")
        kind, rest = words[1], words[2:]
        if t < last_t or t < 0:
            raise ScriptError(f"{where}: time {words[0]} ms goes backwards")
        last_t = t
        positional = 2 if (kind in ("down", "move") or len(rest) >= 2) else 0
        if len(rest) not in (positional, positional + 1):
            raise ScriptError(f"{where}: '{kind}' takes {'x y' if positional else '[x y]'} [slot]")
        try:
            numbers = [float(w) for w in rest]
        except ValueError:
            raise ScriptError(f"{where}: x, y and slot must be numbers")
        x = y = None
        if positional:
            x, y = round(numbers[0]), round(numbers[1])
            if not (0 <= x < width and 0 <= y < height):
                raise ScriptError(f"{where}: ({x}, {y}) is outside the {width}x{height} display")
        slot = int(numbers[positional]) if len(numbers) > positional else 0
        if not 0 <= slot < slots:
            raise ScriptError(f"{where}: slot {slot} is outside 0..{slots - 1}")
        if kind == "down" and slot in active:
            raise ScriptError(f"{where}: slot {slot} is already down")
        if kind != "down" and slot not in active:
            raise ScriptError(f"{where}: slot {slot} is not down")
        if kind == "down":
            active.add(slot)
        elif kind in ("up", "cancel"):
            active.discard(slot)
        if frames and frames[-1][0] == t and frames[-1][1][0][0] != "wait":
            frames[-1][1].append((kind, slot, x, y))
        else:
            frames.append((t, [(kind, slot, x, y)]))
    return frames


class Touchscreen:
    """A uinput touchscreen; the kernel removes it on destroy() or when this process exits."""

    def __init__(self, name, width, height, resolution, slots):
        self.fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        self.width, self.height = width, height
        fcntl.ioctl(self.fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
        fcntl.ioctl(self.fd, UI_SET_KEYBIT, BTN_TOUCH)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_ABS)
        axes = {
            ABS_X: (width - 1, resolution),
            ABS_Y: (height - 1, resolution),
            ABS_MT_SLOT: (slots - 1, 0),
            ABS_MT_TRACKING_ID: (65535, 0),
            ABS_MT_POSITION_X: (width - 1, resolution),
            ABS_MT_POSITION_Y: (height - 1, resolution),
            ABS_MT_TOOL_TYPE: (MT_TOOL_PALM, 0),
        }
        for code, (maximum, res) in axes.items():
            fcntl.ioctl(self.fd, UI_SET_ABSBIT, code)
            # value, minimum, maximum, fuzz, flat, resolution
            fcntl.ioctl(self.fd, UI_ABS_SETUP, UINPUT_ABS_SETUP.pack(code, 0, 0, maximum, 0, 0, res))
        fcntl.ioctl(self.fd, UI_DEV_SETUP, UINPUT_SETUP.pack(BUS_VIRTUAL, 0x1D6B, 0x0B0D, 1, name.encode()[:79], 0))
        fcntl.ioctl(self.fd, UI_DEV_CREATE)
        sysname = bytearray(SYSNAME_LEN)
        fcntl.ioctl(self.fd, UI_GET_SYSNAME, sysname, True)
        self.syspath = "/sys/devices/virtual/input/" + sysname.split(b"\0", 1)[0].decode()
        self.devnode = None
        self.tracking_id = 0
        self.contacts = {}  # slot -> [tracking id, x, y], in the order the contacts went down

    def find_devnode(self, timeout):
        """The evdev node the kernel made for us (it appears just after UI_DEV_CREATE)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            events = glob.glob(self.syspath + "/event*")
            if events:
                self.devnode = "/dev/input/" + os.path.basename(events[0])
                with open(events[0] + "/dev") as f:
                    self.dev = f.read().strip()  # "13:66"
                return self.devnode
            time.sleep(0.02)
        raise TimeoutError(f"no event node appeared under {self.syspath}")

    def udev_ready(self):
        try:
            with open(f"/run/udev/data/c{self.dev}") as f:
                return "E:ID_INPUT_TOUCHSCREEN=1" in f.read().split("\n")
        except FileNotFoundError:
            return False

    def readers(self):
        """PIDs of other processes with our event node open (needs root to see every process)."""
        pids = set()
        for link in glob.glob("/proc/[0-9]*/fd/*"):
            try:
                if os.readlink(link) == self.devnode:
                    pids.add(int(link.split("/")[2]))
            except OSError:
                pass  # the process or descriptor went away while we looked
        pids.discard(os.getpid())
        return pids

    def frame(self, changes):
        """Emit one frame: changes is [(kind, slot, x, y), ...]; returns frames needed afterwards."""
        events, follow_up = [], []

        def emit(event_type, code, value):
            events.append(INPUT_EVENT.pack(0, 0, event_type, code, value))

        for kind, slot, x, y in changes:
            emit(EV_ABS, ABS_MT_SLOT, slot)
            if kind == "down":
                self.tracking_id = (self.tracking_id + 1) % 65536
                self.contacts[slot] = [self.tracking_id, x, y]
                # Tool type first: libinput reads the slot's tool type when the tracking ID arrives, and a
                # slot last used by a cancelled (palm) touch would otherwise start out as a palm and be ignored.
                emit(EV_ABS, ABS_MT_TOOL_TYPE, MT_TOOL_FINGER)
                emit(EV_ABS, ABS_MT_TRACKING_ID, self.tracking_id)
            if x is not None:
                self.contacts[slot][1:] = [x, y]
                emit(EV_ABS, ABS_MT_POSITION_X, x)
                emit(EV_ABS, ABS_MT_POSITION_Y, y)
            if kind == "up":
                emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
                del self.contacts[slot]
            elif kind == "cancel":
                # libinput cancels a touch whose tool becomes a palm; the lift has to come in a later frame.
                emit(EV_ABS, ABS_MT_TOOL_TYPE, MT_TOOL_PALM)
                follow_up.append(("lift", slot, None, None))
            elif kind == "lift":
                emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
                del self.contacts[slot]
        # Single-touch emulation follows the oldest contact, as the kernel's input_mt helpers do.
        emit(EV_KEY, BTN_TOUCH, 1 if self.contacts else 0)
        if self.contacts:
            _, x, y = next(iter(self.contacts.values()))
            emit(EV_ABS, ABS_X, x)
            emit(EV_ABS, ABS_Y, y)
        emit(EV_SYN, SYN_REPORT, 0)
        os.write(self.fd, b"".join(events))
        return follow_up

    def destroy(self):
        if self.fd is not None:
            fcntl.ioctl(self.fd, UI_DEV_DESTROY)
            os.close(self.fd)
            self.fd = None


def die(message, status=1):
    print(f"touch.py: {message}", file=sys.stderr)
    sys.exit(status)


def write_whole(path, line):
    """Writes a line through a rename, so a test polling for the file never reads half of it."""
    with open(path + ".tmp", "w") as f:
        f.write(line + "\n")
    os.replace(path + ".tmp", path)


def parse_size(text):
    try:
        width, height = (int(v) for v in text.lower().split("x"))
        if width > 0 and height > 0:
            return width, height
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"size must look like 1024x768, not '{text}'")


def main():
    parser = argparse.ArgumentParser(
        prog="touch.py", description="Replay a gesture script on a uinput touchscreen.",
        epilog="Script lines: 't_ms down|move|up|cancel x y [slot]'; see the module docstring.")
    default_size = os.environ.get("QEMU_RUN_SIZE", "1024x768")
    parser.add_argument("script", help="gesture script file, or - for stdin")
    parser.add_argument("--size", type=parse_size, default=parse_size(default_size),
                        help=f"display size in pixels; the axes match it (default {default_size})")
    parser.add_argument("--resolution", type=int, default=4,
                        help="units (pixels) per mm reported to libinput (default 4, about 100 dpi)")
    parser.add_argument("--slots", type=int, default=10, help="number of multi-touch slots (default 10)")
    parser.add_argument("--name", default="bannerd-qemu-touchscreen", help="device name")
    parser.add_argument("--wait-ready", type=float, default=10.0, metavar="S",
                        help="seconds to wait for udev and a reader before replaying (default 10)")
    parser.add_argument("--no-wait-reader", action="store_true",
                        help="replay once udev has the device, without waiting for a process to open it")
    parser.add_argument("--ready-file", help="write the event node path here once ready, before replaying")
    parser.add_argument("--sent-file", help="write the number of frames sent here once the last one is sent")
    parser.add_argument("--remove-at", type=float, metavar="MS", help="destroy the device at this time")
    parser.add_argument("--hold", type=float, default=500.0, metavar="MS",
                        help="keep the device this long after the last event (default 500)")
    parser.add_argument("--verbose", action="store_true", help="log every frame and how late it was sent")
    args = parser.parse_args()
    width, height = args.size
    if not 1 <= args.slots <= 64 or args.resolution < 0 or args.wait_ready < 0 or args.hold < 0:
        die("--slots must be 1..64; --resolution, --wait-ready and --hold must not be negative")

    def log(message):
        print(f"touch.py: {message}", file=sys.stderr, flush=True)

    try:
        if args.script == "-":
            frames = parse_script(sys.stdin.read().splitlines(), width, height, args.slots)
        else:
            with open(args.script) as f:
                frames = parse_script(f.read().splitlines(), width, height, args.slots)
    except (OSError, ScriptError) as error:
        die(f"{args.script}: {error}")

    try:
        device = Touchscreen(args.name, width, height, args.resolution, args.slots)
        devnode = device.find_devnode(5.0)
    except (OSError, TimeoutError) as error:
        die(f"cannot create the uinput touchscreen: {error}")

    created = time.monotonic()
    deadline = created + args.wait_ready
    while not device.udev_ready():
        if time.monotonic() > deadline:
            die(f"udev did not mark {devnode} as a touchscreen within {args.wait_ready:g} s "
                "(is systemd-udevd running?)", status=2)
        time.sleep(0.05)
    if not args.no_wait_reader:
        while not device.readers():
            if time.monotonic() > deadline:
                die(f"no process opened {devnode} within {args.wait_ready:g} s "
                    "(nothing would see the touches; use --no-wait-reader to replay anyway)", status=2)
            time.sleep(0.05)
        # The reader has opened the node; let it finish its set-up ioctls before the first frame.
        time.sleep(0.2)
    log(f"{devnode} ready after {(time.monotonic() - created) * 1000:.0f} ms ({width}x{height}, "
        f"{args.resolution} units/mm, {len(frames)} frames)")
    if args.ready_file:
        write_whole(args.ready_file, devnode)

    start = time.monotonic()
    worst_late = 0.0
    sent = 0
    removed = False
    queue = list(frames)
    while queue:
        t, changes = queue.pop(0)
        if args.remove_at is not None and t >= args.remove_at:
            break
        if changes[0][0] == "wait":
            path = changes[0][2]
            write_whole(path + ".sent", str(sent))
            while not os.path.exists(path):
                time.sleep(0.05)
            start = time.monotonic() - t / 1000
            continue
        delay = start + t / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        late = (time.monotonic() - start) * 1000 - t
        worst_late = max(worst_late, late)
        follow_up = device.frame(changes)
        sent += 1
        if args.verbose:
            log(f"t={t:g} ms sent {late:.1f} ms late: {changes}")
        if follow_up:
            queue.insert(0, (t, follow_up))
    if args.sent_file:
        write_whole(args.sent_file, str(sent))
    end_t = frames[-1][0] + args.hold if frames else args.hold
    if args.remove_at is not None:
        end_t = args.remove_at
        removed = True
    delay = start + end_t / 1000 - time.monotonic()
    if delay > 0:
        time.sleep(delay)
    device.destroy()
    dropped = sum(1 for t, _ in frames if args.remove_at is not None and t >= args.remove_at)
    log(f"sent {sent} frames, worst {worst_late:.1f} ms late; "
        + (f"removed the device at {args.remove_at:g} ms, dropping {dropped} frames" if removed
           else "device removed"))


if __name__ == "__main__":
    main()
