#include "png_rows.h"

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bannerd_png_rows {
    png_structp png;
    png_infop info;
    // What is left to hand libpng: the caller's bytes, or for a file the part of `buffer` not yet used.
    const unsigned char *bytes;
    size_t count;
    size_t offset;
    int fd;  // -1 for bytes in memory
    // libpng asks for a few bytes at a time (chunk headers, CRCs) and for IDAT in pieces; one read(2) serves many.
    unsigned char *buffer;
    size_t buffer_size;
    char message[160];
};

// Keeps libpng's text for Swift instead of printing it, then jumps back to the call that set the jump point.
static void on_error(png_structp png, png_const_charp text) {
    bannerd_png_rows *reader = png_get_error_ptr(png);
    strncpy(reader->message, text ? text : "", sizeof reader->message - 1);
    png_longjmp(png, 1);
}

// Warnings (a bad ancillary chunk, skipped) change nothing shown; the simplified API ignores them too.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

// Bytes in memory are all there at the start; a file's next piece comes from read(2), retried on EINTR.
static void refill(bannerd_png_rows *reader) {
    if (reader->fd < 0) png_error(reader->png, "unexpected end of file");
    ssize_t n;
    do n = read(reader->fd, reader->buffer, reader->buffer_size);
    while (n < 0 && errno == EINTR);
    if (n < 0) png_error(reader->png, strerror(errno));
    if (n == 0) png_error(reader->png, "unexpected end of file");
    reader->bytes = reader->buffer;
    reader->count = (size_t)n;
    reader->offset = 0;
}

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    bannerd_png_rows *reader = png_get_io_ptr(png);
    while (length > 0) {
        if (reader->offset == reader->count) refill(reader);
        size_t n = reader->count - reader->offset;
        if (n > length) n = length;
        memcpy(out, reader->bytes + reader->offset, n);
        reader->offset += n;
        out += n;
        length -= n;
    }
}

static bannerd_png_rows *create(const unsigned char *bytes, size_t count, int fd, size_t buffer_size) {
    bannerd_png_rows *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->bytes = bytes;
    reader->count = count;
    reader->fd = fd;
    reader->buffer_size = buffer_size;
    if (fd >= 0) reader->buffer = malloc(buffer_size);
    if (fd < 0 || reader->buffer)
        reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        bannerd_png_rows_destroy(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, read_bytes);
    return reader;
}

bannerd_png_rows *bannerd_png_rows_create(const unsigned char *bytes, size_t count) {
    return create(bytes, count, -1, 0);
}

bannerd_png_rows *bannerd_png_rows_create_fd(int fd, size_t buffer_size) {
    return create(NULL, 0, fd, buffer_size > 0 ? buffer_size : 1);
}

void bannerd_png_rows_destroy(bannerd_png_rows *reader) {
    if (!reader) return;
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader->buffer);
    free(reader);
}

png_structp bannerd_png_rows_png(bannerd_png_rows *reader) { return reader->png; }

png_infop bannerd_png_rows_info(bannerd_png_rows *reader) { return reader->info; }

int bannerd_png_rows_read_info(bannerd_png_rows *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_info(reader->png, reader->info);
    return 1;
}

int bannerd_png_rows_update_info(bannerd_png_rows *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_update_info(reader->png, reader->info);
    return 1;
}

int bannerd_png_rows_read_row(bannerd_png_rows *reader, png_bytep row) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_row(reader->png, row, NULL);
    return 1;
}

int bannerd_png_rows_read_end(bannerd_png_rows *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_end(reader->png, NULL);
    return 1;
}

const char *bannerd_png_rows_message(const bannerd_png_rows *reader) { return reader->message; }
