#!/bin/bash
# Run by board/qemu-x86_64/power-cut in the installed root (installed-root's SETUP, chrooted), before its disk is
# made: the board's configuration (autoplay every 2 s, proof of play, metrics) and two content sets, A on screen
# and B to push, their pictures drawn by the installed bannerd itself (PNG files of 50 to 300 KB).
set -euo pipefail
cat > /etc/bannerd/bannerd.toml <<'TOML'
# The power-cut board (board/qemu-x86_64/power-cut): the x86 board's display, autoplay every 2 s, proof of play
# (its default directory) and the metrics textfile in bannerd's state directory.
[display]
connector = "Virtual-1"

[carousel]
autoplay = 2

[metrics]
textfile = "/var/lib/bannerd/bannerd.prom"
TOML
cd /root
# Frames of the demo carousel on a background of their own, so that none of a picture's pixels looks like the
# screen's background to the host's judge of the carousel's geometry.
printf '[carousel]\nbackground = "#2a6f97"\n' > pictures.toml
for size in 1024x576 800x600 640x360 800x450 1024x768 720x540; do
    bannerd render --config pictures.toml --size "$size" --seconds 0 --out "pictures/$size" > /dev/null
done
make_set() { # DIR BANNER:SIZE...: one image banner per argument, and the banners.toml listing them
    local dir=$1 entry
    shift
    mkdir -p "$dir"
    for entry in "$@"; do
        cp "pictures/${entry#*:}/frame-00000.png" "$dir/${entry%%:*}.png"
        printf '[[banner]]\nid = "%s"\ntitle = "Banner %s"\nimage = "%s.png"\n\n' "${entry%%:*}" "${entry%%:*}" \
            "${entry%%:*}" >> "$dir/banners.toml"
    done
}
# B replaces a.png under its name, drops b and c and adds three: a push that is half done is a mix of the two.
make_set sets/a a:1024x576 b:800x600 c:640x360
make_set sets/b a:800x450 d:1024x768 e:720x540 f:640x360
rm -rf pictures pictures.toml
mkdir -p /var/lib/bannerd
cp -a sets/a /var/lib/bannerd/content
# What every file of both sets holds, for the host's check that no pushed file changes.
(cd sets && sha256sum a/* b/*) > sets/SHA256SUMS
echo "setup: content set A (3 banners) in /var/lib/bannerd/content, sets A and B in /root/sets"
