#!/usr/bin/python3
"""Photo banners for the proof-of-play test, made on the host before the guest boots.

usage: photos.py DIR COUNT

Writes COUNT photo-sized pictures (1920x1080), JPEG (cjpeg, from libjpeg-turbo-progs) and PNG in turn, each of
its own colour with a pattern over it (so decoding and scaling cost what a photo's do), and DIR/banners.toml
with one image banner per picture, ids photo-00, photo-01, ... Prints each id with the colour rests-later.py
recognises it by: the mean of the picture's middle, which the pattern leaves at the base colour.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from screendump import png_bytes  # noqa: E402  (sibling module)

WIDTH, HEIGHT = 1920, 1080
# Far apart in RGB, so the picture's middle on a screendump names its banner despite scaling and JPEG's loss.
PALETTE = [
    (200, 40, 40), (40, 160, 60), (40, 70, 200), (210, 190, 40),
    (160, 50, 170), (40, 170, 180), (230, 120, 30), (120, 120, 120),
]


def picture(base):
    """Rows of vertical stripes, every 90th row dark: the middle 64x64 pixels average to `base`."""
    stripe = bytearray()
    for x in range(WIDTH):
        offset = 24 if (x // 8) % 2 else -24
        stripe += bytes(min(255, max(0, c + offset)) for c in base)
    line = bytes(b // 3 for b in stripe)
    return b"".join(line if y % 90 == 0 else bytes(stripe) for y in range(HEIGHT))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, count = sys.argv[1], int(sys.argv[2])
    if not 1 <= count <= len(PALETTE):
        sys.exit(f"photos.py: 1 to {len(PALETTE)} pictures")
    os.makedirs(out, exist_ok=True)
    manifest = []
    for i in range(count):
        rgb = picture(PALETTE[i])
        name = f"photo-{i:02}." + ("jpg" if i % 2 == 0 else "png")
        path = os.path.join(out, name)
        if name.endswith(".jpg"):
            ppm = b"P6\n%d %d\n255\n" % (WIDTH, HEIGHT) + rgb
            subprocess.run(["cjpeg", "-quality", "90", "-outfile", path], input=ppm, check=True)
        else:
            with open(path, "wb") as f:
                f.write(png_bytes(WIDTH, HEIGHT, rgb))
        manifest.append(f'[[banner]]\nid = "photo-{i:02}"\nimage = "{name}"\n')
        print(f"photo-{i:02} {name} {'%02x%02x%02x' % PALETTE[i]}")
    with open(os.path.join(out, "banners.toml"), "w") as f:
        f.write("\n".join(manifest))


if __name__ == "__main__":
    main()
