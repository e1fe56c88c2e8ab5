#!/usr/bin/python3
"""unpack-kernel.py BZIMAGE OUT — writes the x86 kernel's ELF image (vmlinux) from its bzImage.

QEMU boots an uncompressed vmlinux by its PVH entry (CONFIG_PVH); the guest then skips unpacking the kernel
itself, which under TCG took 5 to 7 s of every boot. The payload is found by the bzImage's boot protocol header
(setup_sects, payload_offset, payload_length); an xz payload is read (Debian's kernels are xz). Exit status 1,
with one line naming the file, for anything else (qemu-run then boots the bzImage as it is).
"""

import lzma
import struct
import sys


def unpack(image):
    if len(image) < 0x250 or image[0x202:0x206] != b"HdrS":
        raise ValueError("not a bzImage (no HdrS boot header)")
    setup_sects = image[0x1F1] or 4
    payload_offset, payload_length = struct.unpack_from("<II", image, 0x248)
    start = (setup_sects + 1) * 512 + payload_offset
    payload = image[start:start + payload_length]
    if not payload.startswith(b"\xfd7zXZ\x00"):
        raise ValueError(f"its payload is not xz (it starts {payload[:6].hex()})")
    # The payload ends with the uncompressed size (4 bytes) after the xz stream, whose end the decoder finds.
    kernel = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(payload)
    if not kernel.startswith(b"\x7fELF"):
        raise ValueError("the unpacked payload is not an ELF image")
    return kernel


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: unpack-kernel.py BZIMAGE OUT")
    source, target = sys.argv[1:]
    try:
        with open(source, "rb") as f:
            kernel = unpack(f.read())
        with open(target, "wb") as f:
            f.write(kernel)
    except (OSError, ValueError, lzma.LZMAError) as error:
        sys.exit(f"unpack-kernel.py: {source}: {error}")


if __name__ == "__main__":
    main()
