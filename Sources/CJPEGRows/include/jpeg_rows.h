// libjpeg's scanline decoding from bytes in memory or from an open file, read a buffer at a time. libjpeg reports
// errors through error_exit, which must not return, and its callers longjmp out of it, which Swift cannot catch:
// each call that may fail sets its own jump point here and returns 1 on success, 0 after an error, whose text
// bannerd_jpeg_rows_message gives. Warnings (corrupt or missing data, decoded as grey) count as errors, as
// TurboJPEG's tjDecompress2 counted them. The scale, the colour space, the limits and the pixels stay in Swift.
#ifndef BANNERD_JPEG_ROWS_H
#define BANNERD_JPEG_ROWS_H

#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct bannerd_jpeg_rows bannerd_jpeg_rows;

#pragma clang assume_nonnull begin

/// A reader over `count` bytes at `bytes` (not copied: they must outlive the reader); NULL when out of memory.
bannerd_jpeg_rows *_Nullable bannerd_jpeg_rows_create(const unsigned char *_Nullable bytes, size_t count);
/// A reader over the file `fd` from its current offset, `buffer_size` bytes per read(2) (the file is not closed by
/// the reader); NULL when out of memory. A failed read(2) is an error whose message is strerror's text.
bannerd_jpeg_rows *_Nullable bannerd_jpeg_rows_create_fd(int fd, size_t buffer_size);
/// Frees the reader and libjpeg's memory.
void bannerd_jpeg_rows_destroy(bannerd_jpeg_rows *_Nullable reader);
/// libjpeg's decompression object: the header's fields after read_header, the output parameters to set before
/// start (scale_num, scale_denom, out_color_space, dct_method), the output size after it.
struct jpeg_decompress_struct *bannerd_jpeg_rows_info(bannerd_jpeg_rows *reader);

/// jpeg_read_header, keeping the APP1 segments (Exif) in marker_list.
int bannerd_jpeg_rows_read_header(bannerd_jpeg_rows *reader);
/// jpeg_start_decompress (a progressive file is read whole here, into libjpeg's coefficient buffer).
int bannerd_jpeg_rows_start(bannerd_jpeg_rows *reader);
/// jpeg_read_scanlines: the next output row into `row` (output_width × output_components bytes).
int bannerd_jpeg_rows_read_row(bannerd_jpeg_rows *reader, unsigned char *row);
/// jpeg_finish_decompress: the rest of the file, up to EOI.
int bannerd_jpeg_rows_finish(bannerd_jpeg_rows *reader);
/// The message of the last error, empty when none.
const char *bannerd_jpeg_rows_message(const bannerd_jpeg_rows *reader);

#pragma clang assume_nonnull end

#endif
