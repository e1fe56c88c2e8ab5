// FFmpeg's libav* (Debian's libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev): the demuxer and decoders
// video banners play through, and the scaler to the banner's size. Debian 12 ships FFmpeg 5.1 and Debian 13 ships
// 7.1: only what both have is used.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/pixdesc.h>

// AVERROR_EOF is built by a function-like macro, which Swift does not import.
static inline int bannerd_averror_eof(void) { return AVERROR_EOF; }
