// libwebp (Debian's libwebp-dev): the decoder, and the demuxer for the first frame of an animation; the encoder
// only for BannerdBench's fixtures (bannerd itself never encodes WebP).
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
