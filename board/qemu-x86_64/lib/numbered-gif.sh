#!/bin/bash
# numbered-gif.sh DIR: the content of tests/animation.sh, made on the host by ffmpeg before the guest boots:
#   DIR/moving.gif  24 frames of 500 ms, looping for ever, frame N one flat colour (red 10N, green 250 - 10N,
#                   blue 64) that lib/frames-later.py reads back as N; exact, as the palette holds each colour
#   DIR/still.png   a still banner beside it
set -euo pipefail
dir=${1:?usage: numbered-gif.sh DIR}
mkdir -p "$dir"
ffmpeg -v error -y -f lavfi -i "color=c=black:s=64x48:r=2:d=12,format=rgb24,geq=r='10*N':g='250-10*N':b=64" \
    -filter_complex "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none" -loop 0 \
    "$dir/moving.gif"
ffmpeg -v error -y -f lavfi -i "color=c=0x3050a0:s=64x48:d=1" -frames:v 1 "$dir/still.png"
