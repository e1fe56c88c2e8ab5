// FFmpeg's libav* (Debian's libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev): the demuxer and decoders
// video banners play through, and the scaler to the banner's size. Debian 12 ships FFmpeg 5.1 and Debian 13 ships
// 7.1: only what both have is used.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/pixdesc.h>

// AVERROR_EOF is built by a function-like macro, which Swift does not import.
static inline int bannerd_averror_eof(void) { return AVERROR_EOF; }

// `frame` scaled by `scaler` into one packed plane (`target`, `stride` bytes a row). sws_scale reads four planes and
// four strides of its target whatever the format: the arrays are made whole here, where C spells them plainly.
static inline int bannerd_sws_scale_packed(struct SwsContext *scaler, const AVFrame *frame, uint8_t *target,
                                           int stride) {
    uint8_t *const planes[4] = {target, NULL, NULL, NULL};
    const int strides[4] = {stride, 0, 0, 0};
    return sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes,
                     strides);
}
