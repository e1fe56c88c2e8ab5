#!/usr/bin/python3
"""Take a screenshot of the emulated display through QEMU's QMP socket and store it as PNG.

QEMU's screendump writes PPM (it can only write PNG when built with libpng, which we do not rely on), so
the PPM is converted here with zlib alone. The PNG appears under its final name in one rename, because the
guest polls for that name over 9p and must never read half a file.

usage: screendump.py QMP_SOCKET OUTPUT.png [--keep-ppm]
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


def main():
    args = [a for a in sys.argv[1:] if a != "--keep-ppm"]
    keep_ppm = len(args) != len(sys.argv) - 1
    if len(args) != 2 or not args[1].endswith(".png"):
        sys.exit("usage: screendump.py QMP_SOCKET OUTPUT.png [--keep-ppm]")
    sock, png = args
    png = os.path.abspath(png)
    directory, base = os.path.split(png)
    ppm = os.path.join(directory, "." + base[:-4] + ".ppm.tmp")
    try:
        os.unlink(ppm)
    except FileNotFoundError:
        pass
    QMP(sock).command("screendump", filename=ppm)
    # The command returns once QEMU has written the file; the retry only guards against a slow flush.
    for attempt in range(50):
        try:
            width, height, rgb = read_ppm(ppm)
            break
        except (FileNotFoundError, ValueError, IndexError):
            if attempt == 49:
                raise
            time.sleep(0.1)
    tmp = os.path.join(directory, "." + base + ".tmp")
    with open(tmp, "wb") as f:
        f.write(png_bytes(width, height, rgb))
    if keep_ppm:
        os.replace(ppm, png[:-4] + ".ppm")
    else:
        os.unlink(ppm)
    os.replace(tmp, png)
    print(f"{width}x{height}")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, RuntimeError) as error:
        sys.exit(f"screendump.py: {error}")
