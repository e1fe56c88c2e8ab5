// FFmpeg's libraries opened on first use (ffmpeg_calls.h says why).
#include "ffmpeg_calls.h"

#include <dlfcn.h>
#include <stdio.h>
#include <libavutil/avutil.h>

static struct bannerd_ffmpeg table;

static const struct bannerd_ffmpeg *failed(char *error, size_t size) {
    const char *text = dlerror();
    snprintf(error, size, "%s", text ? text : "unknown error");
    return NULL;
}

// The soname of a library of the headers' major version: FFmpeg changes its ABI with the major version only.
#define SONAME(name, major) "lib" name ".so." AV_STRINGIFY(major)

// Each symbol has the type the headers declare (checked here, against FFmpeg 5.1 and 7.1 both), then is looked up.
#define CALL(handle, name)                                                                                 \
    do {                                                                                                   \
        _Static_assert(__builtin_types_compatible_p(__typeof__(&name), __typeof__(table.name)), #name);  \
        if (!(table.name = (__typeof__(table.name))dlsym(handle, #name))) return failed(error, size);     \
    } while (0)

const struct bannerd_ffmpeg *bannerd_ffmpeg_open(char *error, size_t size) {
    // Never closed: the decoders' code and their static data are in use until the process ends.
    void *avutil = dlopen(SONAME("avutil", LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!avutil) return failed(error, size);
    void *avcodec = dlopen(SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!avcodec) return failed(error, size);
    void *avformat = dlopen(SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!avformat) return failed(error, size);
    void *swscale = dlopen(SONAME("swscale", LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!swscale) return failed(error, size);

    CALL(avutil, av_log_set_level);
    CALL(avutil, av_strerror);
    CALL(avutil, av_dict_set);
    CALL(avutil, av_dict_free);
    CALL(avutil, av_frame_alloc);
    CALL(avutil, av_frame_free);
    CALL(avutil, av_frame_unref);
    CALL(avutil, av_frame_apply_cropping);
    CALL(avutil, av_rescale_q);
    CALL(avutil, av_pix_fmt_desc_get);
    CALL(avcodec, av_packet_alloc);
    CALL(avcodec, av_packet_free);
    CALL(avcodec, av_packet_unref);
    CALL(avcodec, avcodec_find_decoder);
    CALL(avcodec, avcodec_find_decoder_by_name);
    CALL(avcodec, avcodec_get_name);
    CALL(avcodec, avcodec_alloc_context3);
    CALL(avcodec, avcodec_free_context);
    CALL(avcodec, avcodec_parameters_to_context);
    CALL(avcodec, avcodec_open2);
    CALL(avcodec, avcodec_send_packet);
    CALL(avcodec, avcodec_receive_frame);
    CALL(avcodec, avcodec_flush_buffers);
    CALL(avformat, avformat_open_input);
    CALL(avformat, avformat_close_input);
    CALL(avformat, avformat_find_stream_info);
    CALL(avformat, av_find_best_stream);
    CALL(avformat, av_read_frame);
    CALL(avformat, av_seek_frame);
    CALL(avformat, avformat_index_get_entries_count);
    CALL(avformat, avformat_index_get_entry);
    CALL(avformat, avio_size);
    CALL(swscale, sws_getCachedContext);
    CALL(swscale, sws_freeContext);
    CALL(swscale, sws_getCoefficients);
    CALL(swscale, sws_setColorspaceDetails);
    CALL(swscale, sws_scale);

    // FFmpeg's own log off: bannerd says what fails in one line of its own (a hardware decoder that finds no device
    // would otherwise print at every video opened).
    table.av_log_set_level(AV_LOG_QUIET);
    return &table;
}
