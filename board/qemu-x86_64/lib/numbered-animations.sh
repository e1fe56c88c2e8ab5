#!/bin/bash
# numbered-animations.sh DIR: the content of tests/animation.sh, made on the host by ffmpeg before the guest boots.
# Frame N of each is one flat colour that lib/frames-later.py reads back as N (red STEP*N, green 250 - STEP*N,
# blue 64), exact: the GIF's palette holds each colour, and the WebP and the video are lossless.
#   DIR/1-numbered.gif   24 frames of 500 ms (STEP 10), looping for ever: 800x480 keeps them all
#   DIR/2-numbered.webp  48 frames of 500 ms (STEP 5), looping for ever: more than the 36 a banner keeps at 800x480,
#                        so it is drawn as it plays
#   DIR/3-numbered.mp4   a video: 72 frames of 500 ms (STEP 3), H.264 in RGB without loss (libx264rgb), played once;
#                        drawn as it plays too, every frame decoded by libavcodec on the pre-render threads; 36 s, so
#                        that it is still playing at the test's last screendump however soon it begins (48 frames
#                        ended at the last once its banner was drawn from its first frame alone)
#   DIR/4-still.png      a still banner
set -euo pipefail
dir=${1:?usage: numbered-animations.sh DIR}
mkdir -p "$dir"
numbered() { # RATE SECONDS STEP: the lavfi source
    echo "color=c=black:s=64x48:r=$1:d=$2,format=rgb24,geq=r='$3*N':g='250-$3*N':b=64"
}
ffmpeg -v error -y -f lavfi -i "$(numbered 2 12 10)" \
    -filter_complex "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none" -loop 0 \
    "$dir/1-numbered.gif"
ffmpeg -v error -y -f lavfi -i "$(numbered 2 24 5)" -c:v libwebp_anim -lossless 1 -loop 0 "$dir/2-numbered.webp"
ffmpeg -v error -y -f lavfi -i "$(numbered 2 36 3)" -c:v libx264rgb -qp 0 "$dir/3-numbered.mp4"
ffmpeg -v error -y -f lavfi -i "color=c=0x3050a0:s=64x48:d=1" -frames:v 1 "$dir/4-still.png"
