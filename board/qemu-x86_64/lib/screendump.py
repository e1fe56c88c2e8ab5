#!/usr/bin/python3
"""Take a screenshot of the emulated display through QEMU's QMP socket and store it as PNG.

QEMU's screendump writes PPM (it can only write PNG when built with libpng, which we do not rely on), so
the PPM is converted here with zlib alone. The PNG appears under its final name in one rename, because the
guest polls for that name over 9p and must never read half a file.

usage: screendump.py QMP_SOCKET OUTPUT.png [--keep-ppm]
       screendump.py QMP_SOCKET OUTPUT.png --burst COUNT INTERVAL_MS   (OUTPUT-001.png… and OUTPUT.times)
"""

import json
import os
import socket
import struct
import sys
import time
import zlib


class QMP:
    """A minimal QMP client: one command at a time, asynchronous events skipped."""

    def __init__(self, path, timeout=60.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""
        self._read()  # the greeting
        self.command("qmp_capabilities")

    def _read(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("QMP socket closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def command(self, name, **arguments):
        message = {"execute": name}
        if arguments:
            message["arguments"] = arguments
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        while True:
            reply = self._read()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError(f"QMP {name}: {reply['error'].get('desc', reply['error'])}")
            # anything else is an event: ignore it


def read_ppm(path):
    """Return (width, height, rgb bytes) of a binary (P6) PPM with maxval 255."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1  # exactly one whitespace byte separates the header from the pixels
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[pos:pos + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError(f"{path}: truncated ({len(pixels)} of {width * height * 3} pixel bytes)")
    return width, height, pixels


def png_bytes(width, height, rgb):
    """Encode 8-bit RGB as PNG; filter type 0 on every row and zlib's fastest level keep this short and quick (a
    guest waits for the file: the sooner it has it, the shorter a still moment it can be sure it caught)."""
    stride = width * 3
    raw = b"".join(b"\0" + rgb[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 1))
            + chunk(b"IEND", b""))


def take(qmp, ppm, head=None):
    """A screendump into the PPM `ppm`, read back: (width, height, rgb). `head`: that head of the display device
    `video0` (qemu-run --heads 2), not the first console."""
    try:
        os.unlink(ppm)
    except FileNotFoundError:
        pass
    if head is None:
        qmp.command("screendump", filename=ppm)
    else:
        qmp.command("screendump", filename=ppm, device="video0", head=head)
    # The command returns once QEMU has written the file; the retry only guards against a slow flush.
    for attempt in range(50):
        try:
            return read_ppm(ppm)
        except (FileNotFoundError, ValueError, IndexError):
            if attempt == 49:
                raise
            time.sleep(0.1)


def store(width, height, rgb, png):
    """`rgb` as the PNG `png`, under its final name in one rename."""
    directory, base = os.path.split(png)
    tmp = os.path.join(directory, "." + base + ".tmp")
    with open(tmp, "wb") as f:
        f.write(png_bytes(width, height, rgb))
    os.replace(tmp, png)


def burst(qmp, png, count, interval):
    """`count` screendumps every `interval` ms (as close as QEMU answers), kept in memory and stored afterwards as
    NAME-001.png…, then NAME.times ("NAME-001 MS" per line, ms since the first): the guest waits for that file."""
    base = png[:-4]
    ppm = os.path.join(os.path.dirname(png), "." + os.path.basename(base) + ".burst.ppm.tmp")
    shots = []
    start = time.monotonic()
    for n in range(count):
        delay = start + n * interval / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        taken = time.monotonic()
        shots.append((round((taken - start) * 1000), take(qmp, ppm)))
    os.unlink(ppm)
    lines = []
    for n, (at, (width, height, rgb)) in enumerate(shots, 1):
        name = f"{os.path.basename(base)}-{n:03d}"
        store(width, height, rgb, os.path.join(os.path.dirname(png), name + ".png"))
        lines.append(f"{name} {at}\n")
    tmp = base + ".times.tmp"
    with open(tmp, "w") as f:
        f.writelines(lines)
    os.replace(tmp, base + ".times")
    return f"{count} screendumps in {shots[-1][0]} ms"


def main():
    args = [a for a in sys.argv[1:] if a != "--keep-ppm"]
    keep_ppm = len(args) != len(sys.argv) - 1
    head = None
    if len(args) == 4 and args[2] == "--head":
        head = int(args[3])
        args = args[:2]
    count = interval = None
    if len(args) == 5 and args[2] == "--burst":
        count, interval = int(args[3]), int(args[4])
        args = args[:2]
    if len(args) != 2 or not args[1].endswith(".png"):
        sys.exit("usage: screendump.py QMP_SOCKET OUTPUT.png [--keep-ppm] [--head N | --burst COUNT INTERVAL_MS]")
    sock, png = args
    png = os.path.abspath(png)
    if count is not None:
        print(burst(QMP(sock), png, count, interval))
        return
    directory, base = os.path.split(png)
    ppm = os.path.join(directory, "." + base[:-4] + ".ppm.tmp")
    width, height, rgb = take(QMP(sock), ppm, head)
    if keep_ppm:
        os.replace(ppm, png[:-4] + ".ppm")
    else:
        os.unlink(ppm)
    store(width, height, rgb, png)
    print(f"{width}x{height}")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, RuntimeError) as error:
        sys.exit(f"screendump.py: {error}")
