#include "png_rows.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct bannerd_png_rows {
    png_structp png;
    png_infop info;
    const unsigned char *bytes;
    size_t count;
    size_t offset;
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

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    bannerd_png_rows *reader = png_get_io_ptr(png);
    if (length > reader->count - reader->offset) png_error(png, "unexpected end of file");
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

bannerd_png_rows *bannerd_png_rows_create(const unsigned char *bytes, size_t count) {
    bannerd_png_rows *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->bytes = bytes;
    reader->count = count;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        bannerd_png_rows_destroy(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, read_bytes);
    return reader;
}

void bannerd_png_rows_destroy(bannerd_png_rows *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
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
