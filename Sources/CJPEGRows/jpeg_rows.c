#include "jpeg_rows.h"

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bannerd_jpeg_rows {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    struct jpeg_source_mgr source;
    jmp_buf jump;
    int fd;  // -1 for bytes in memory
    unsigned char *buffer;
    size_t buffer_size;
    char message[JMSG_LENGTH_MAX];
};

static bannerd_jpeg_rows *reader_of(j_common_ptr info) { return info->client_data; }

// Keeps `text` for Swift, then jumps back to the call that set the jump point.
static void fail(bannerd_jpeg_rows *reader, const char *text) {
    strncpy(reader->message, text, sizeof reader->message - 1);
    longjmp(reader->jump, 1);
}

static void on_error(j_common_ptr info) {
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    fail(reader_of(info), text);
}

// Level -1 is a warning: data was corrupt or missing and would show as grey, so the image is refused. Trace
// messages (levels above 0) are ignored.
static void on_message(j_common_ptr info, int level) {
    if (level < 0) on_error(info);
}

// Nothing is ever printed to stderr.
static void on_output(j_common_ptr info) { (void)info; }

static void init_source(j_decompress_ptr info) { (void)info; }

static void term_source(j_decompress_ptr info) { (void)info; }

// Bytes in memory are all there at the start; a file's next piece comes from read(2), retried on EINTR. No
// fake EOI is inserted at the end: a file cut short is an error, not a picture with its bottom grey.
static boolean fill_input_buffer(j_decompress_ptr info) {
    bannerd_jpeg_rows *reader = reader_of((j_common_ptr)info);
    if (reader->fd < 0) fail(reader, "unexpected end of file");
    ssize_t n;
    do n = read(reader->fd, reader->buffer, reader->buffer_size);
    while (n < 0 && errno == EINTR);
    if (n < 0) fail(reader, strerror(errno));
    if (n == 0) fail(reader, "unexpected end of file");
    reader->source.next_input_byte = reader->buffer;
    reader->source.bytes_in_buffer = (size_t)n;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr info, long count) {
    struct jpeg_source_mgr *source = info->src;
    while (count > 0) {
        if (source->bytes_in_buffer == 0) fill_input_buffer(info);
        size_t n = source->bytes_in_buffer < (size_t)count ? source->bytes_in_buffer : (size_t)count;
        source->next_input_byte += n;
        source->bytes_in_buffer -= n;
        count -= (long)n;
    }
}

static bannerd_jpeg_rows *create(const unsigned char *bytes, size_t count, int fd, size_t buffer_size) {
    bannerd_jpeg_rows *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->fd = fd;
    reader->buffer_size = buffer_size;
    if (fd >= 0 && !(reader->buffer = malloc(buffer_size))) {
        free(reader);
        return NULL;
    }
    reader->info.err = jpeg_std_error(&reader->error);
    reader->error.error_exit = on_error;
    reader->error.emit_message = on_message;
    reader->error.output_message = on_output;
    reader->info.client_data = reader;
    // jpeg_create_decompress fails only when out of memory (or on a library version mismatch).
    if (setjmp(reader->jump)) {
        bannerd_jpeg_rows_destroy(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->info);
    reader->source.init_source = init_source;
    reader->source.fill_input_buffer = fill_input_buffer;
    reader->source.skip_input_data = skip_input_data;
    reader->source.resync_to_restart = jpeg_resync_to_restart;
    reader->source.term_source = term_source;
    reader->source.next_input_byte = bytes;
    reader->source.bytes_in_buffer = count;
    reader->info.src = &reader->source;
    return reader;
}

bannerd_jpeg_rows *bannerd_jpeg_rows_create(const unsigned char *bytes, size_t count) {
    return create(bytes, count, -1, 0);
}

bannerd_jpeg_rows *bannerd_jpeg_rows_create_fd(int fd, size_t buffer_size) {
    return create(NULL, 0, fd, buffer_size > 0 ? buffer_size : 1);
}

void bannerd_jpeg_rows_destroy(bannerd_jpeg_rows *reader) {
    if (!reader) return;
    jpeg_destroy_decompress(&reader->info);  // safe on a half-created object: it checks for libjpeg's memory
    free(reader->buffer);
    free(reader);
}

struct jpeg_decompress_struct *bannerd_jpeg_rows_info(bannerd_jpeg_rows *reader) { return &reader->info; }

int bannerd_jpeg_rows_read_header(bannerd_jpeg_rows *reader) {
    if (setjmp(reader->jump)) return 0;
    jpeg_save_markers(&reader->info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&reader->info, TRUE);
    return 1;
}

int bannerd_jpeg_rows_start(bannerd_jpeg_rows *reader) {
    if (setjmp(reader->jump)) return 0;
    jpeg_start_decompress(&reader->info);
    return 1;
}

int bannerd_jpeg_rows_read_row(bannerd_jpeg_rows *reader, unsigned char *row) {
    if (setjmp(reader->jump)) return 0;
    JSAMPROW rows[1] = {row};
    // A source that never suspends always yields the row, until the last one has been read.
    if (jpeg_read_scanlines(&reader->info, rows, 1) != 1) fail(reader, "no more rows");
    return 1;
}

int bannerd_jpeg_rows_finish(bannerd_jpeg_rows *reader) {
    if (setjmp(reader->jump)) return 0;
    jpeg_finish_decompress(&reader->info);
    return 1;
}

const char *bannerd_jpeg_rows_message(const bannerd_jpeg_rows *reader) { return reader->message; }
