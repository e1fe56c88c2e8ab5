// FFmpeg's libav* (Debian's libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev): the demuxer and decoders
// video banners play through, and the scaler to the banner's size. Debian 12 ships FFmpeg 5.1 and Debian 13 ships
// 7.1: only what both have is used.
//
// The four libraries are not linked: they and the hundred libraries they need (every codec Debian builds FFmpeg
// with) are opened with dlopen when the first video is, so that a process that plays none (every `bannerd ctl`,
// `check` of stills, a carousel of pictures) starts without them: the dynamic loader's work is two thirds of a start
// with them. The headers give the types; every call goes through the table `bannerd_ffmpeg_open` fills.
#ifndef BANNERD_FFMPEG_CALLS_H
#define BANNERD_FFMPEG_CALLS_H

#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/pixdesc.h>

typedef int (*bannerd_sws_scale_call)(struct SwsContext *_Nonnull, const uint8_t *_Nullable const *_Nonnull,
                                      const int *_Nonnull, int, int, uint8_t *_Nullable const *_Nonnull,
                                      const int *_Nonnull);

// The calls bannerd makes, each named as FFmpeg names it.
struct bannerd_ffmpeg {
    // libavutil
    void (*_Nonnull av_log_set_level)(int);
    int (*_Nonnull av_strerror)(int, char *_Nonnull, size_t);
    int (*_Nonnull av_dict_set)(AVDictionary *_Nullable *_Nonnull, const char *_Nonnull, const char *_Nullable, int);
    void (*_Nonnull av_dict_free)(AVDictionary *_Nullable *_Nonnull);
    AVFrame *_Nullable (*_Nonnull av_frame_alloc)(void);
    void (*_Nonnull av_frame_free)(AVFrame *_Nullable *_Nonnull);
    void (*_Nonnull av_frame_unref)(AVFrame *_Nonnull);
    int (*_Nonnull av_frame_apply_cropping)(AVFrame *_Nonnull, int);
    int64_t (*_Nonnull av_rescale_q)(int64_t, AVRational, AVRational);
    const AVPixFmtDescriptor *_Nullable (*_Nonnull av_pix_fmt_desc_get)(enum AVPixelFormat);
    // libavcodec
    AVPacket *_Nullable (*_Nonnull av_packet_alloc)(void);
    void (*_Nonnull av_packet_free)(AVPacket *_Nullable *_Nonnull);
    void (*_Nonnull av_packet_unref)(AVPacket *_Nonnull);
    const AVCodec *_Nullable (*_Nonnull avcodec_find_decoder)(enum AVCodecID);
    const AVCodec *_Nullable (*_Nonnull avcodec_find_decoder_by_name)(const char *_Nonnull);
    const char *_Nonnull (*_Nonnull avcodec_get_name)(enum AVCodecID);
    AVCodecContext *_Nullable (*_Nonnull avcodec_alloc_context3)(const AVCodec *_Nullable);
    void (*_Nonnull avcodec_free_context)(AVCodecContext *_Nullable *_Nonnull);
    int (*_Nonnull avcodec_parameters_to_context)(AVCodecContext *_Nonnull, const AVCodecParameters *_Nonnull);
    int (*_Nonnull avcodec_open2)(AVCodecContext *_Nonnull, const AVCodec *_Nullable, AVDictionary *_Nullable *_Nullable);
    int (*_Nonnull avcodec_send_packet)(AVCodecContext *_Nonnull, const AVPacket *_Nullable);
    int (*_Nonnull avcodec_receive_frame)(AVCodecContext *_Nonnull, AVFrame *_Nonnull);
    void (*_Nonnull avcodec_flush_buffers)(AVCodecContext *_Nonnull);
    // libavformat
    int (*_Nonnull avformat_open_input)(AVFormatContext *_Nullable *_Nonnull, const char *_Nonnull,
                                        const AVInputFormat *_Nullable, AVDictionary *_Nullable *_Nullable);
    void (*_Nonnull avformat_close_input)(AVFormatContext *_Nullable *_Nonnull);
    int (*_Nonnull avformat_find_stream_info)(AVFormatContext *_Nonnull, AVDictionary *_Nullable *_Nullable);
    int (*_Nonnull av_find_best_stream)(AVFormatContext *_Nonnull, enum AVMediaType, int, int,
                                        const AVCodec *_Nullable *_Nullable, int);
    int (*_Nonnull av_read_frame)(AVFormatContext *_Nonnull, AVPacket *_Nonnull);
    int (*_Nonnull av_seek_frame)(AVFormatContext *_Nonnull, int, int64_t, int);
    int (*_Nonnull avformat_index_get_entries_count)(const AVStream *_Nonnull);
    const AVIndexEntry *_Nullable (*_Nonnull avformat_index_get_entry)(AVStream *_Nonnull, int);
    int64_t (*_Nonnull avio_size)(AVIOContext *_Nullable);
    // libswscale
    struct SwsContext *_Nullable (*_Nonnull sws_getCachedContext)(struct SwsContext *_Nullable, int, int,
                                                                  enum AVPixelFormat, int, int, enum AVPixelFormat,
                                                                  int, SwsFilter *_Nullable, SwsFilter *_Nullable,
                                                                  const double *_Nullable);
    void (*_Nonnull sws_freeContext)(struct SwsContext *_Nullable);
    const int *_Nonnull (*_Nonnull sws_getCoefficients)(int);
    int (*_Nonnull sws_setColorspaceDetails)(struct SwsContext *_Nonnull, const int *_Nonnull, int,
                                             const int *_Nonnull, int, int, int, int);
    bannerd_sws_scale_call _Nonnull sws_scale;
};

// Opens the four libraries by the sonames of the headers bannerd was built with (a library of another major version
// has another ABI) and returns the calls; FFmpeg's own log is turned off (bannerd says what fails in one line of its
// own). NULL, with what failed (dlerror's text: the library or the symbol missing) in `error`, when one is missing.
// Once a process: the table is static.
const struct bannerd_ffmpeg *_Nullable bannerd_ffmpeg_open(char *_Nonnull error, size_t size);

// AVERROR_EOF is built by a function-like macro, which Swift does not import.
static inline int bannerd_averror_eof(void) { return AVERROR_EOF; }

// `frame` scaled by `scaler` into one packed plane (`target`, `stride` bytes a row). sws_scale reads four planes and
// four strides of its target whatever the format: the arrays are made whole here, where C spells them plainly.
static inline int bannerd_sws_scale_packed(bannerd_sws_scale_call _Nonnull sws_scale,
                                           struct SwsContext *_Nonnull scaler, const AVFrame *_Nonnull frame,
                                           uint8_t *_Nullable target, int stride) {
    uint8_t *const planes[4] = {target, NULL, NULL, NULL};
    const int strides[4] = {stride, 0, 0, 0};
    return sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
}

#endif
