#!/bin/bash
# handover-videos.sh DIR: the content of tests/video-handover.sh, made on the host by ffmpeg before the guest boots.
# Each item is one family of flat colours that lib/handover-later.py tells apart on screen (the videos' frames
# differ in green only, so that each frame is new, as a video's are):
#   DIR/1-first.mp4    H.264 (yuv420p, as cameras and editors write it), 60 frames at 10 fps (6 s): red 220, blue 30
#   DIR/2-second.webm  VP9 (yuv420p), 40 frames at 10 fps (4 s): red 30, blue 220
#   DIR/3-still.png    a still: 0x3050a0
# Both videos have more frames than a banner keeps at 800x480 (36): each is drawn as it plays.
set -euo pipefail
dir=${1:?usage: handover-videos.sh DIR}
mkdir -p "$dir"
family() { # SECONDS RED BLUE: the lavfi source, green counting up by 4 a frame
    echo "color=c=black:s=64x48:r=10:d=$1,format=rgb24,geq=r=$2:g='4*N':b=$3"
}
ffmpeg -v error -y -f lavfi -i "$(family 6 220 30)" -c:v libx264 -pix_fmt yuv420p "$dir/1-first.mp4"
ffmpeg -v error -y -f lavfi -i "$(family 4 30 220)" -c:v libvpx-vp9 -pix_fmt yuv420p -deadline realtime \
    "$dir/2-second.webm"
ffmpeg -v error -y -f lavfi -i "color=c=0x3050a0:s=64x48:d=1" -frames:v 1 "$dir/3-still.png"
