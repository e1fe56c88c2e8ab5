// libwebp (Debian's libwebp-dev): the decoder, and the demuxer for the first frame of an animation.
#include <webp/decode.h>
#include <webp/demux.h>
