// libpng's row-by-row reading from bytes in memory or from an open file, a buffer at a time. libpng reports errors by longjmp, which Swift cannot catch:
// each call that may fail sets its own jump point here and returns 1 on success, 0 after an error, whose text
// bannerd_png_rows_message gives. Which transforms to ask for, the limits and the pixels stay in Swift.
#ifndef BANNERD_PNG_ROWS_H
#define BANNERD_PNG_ROWS_H

#include <png.h>
#include <stddef.h>

typedef struct bannerd_png_rows bannerd_png_rows;

/// A reader over `count` bytes at `bytes` (not copied: they must outlive the reader); NULL when out of memory.
bannerd_png_rows *bannerd_png_rows_create(const unsigned char *bytes, size_t count);
/// A reader over the file `fd` from its current offset, `buffer_size` bytes per read(2) (not closed by the reader);
/// NULL when out of memory. A failed read(2) is an error whose message is strerror's text.
bannerd_png_rows *bannerd_png_rows_create_fd(int fd, size_t buffer_size);
/// Frees the reader and libpng's structures.
void bannerd_png_rows_destroy(bannerd_png_rows *reader);
/// The libpng structures, for png_get_* and png_set_* calls (which do not fail when used before update_info).
png_structp bannerd_png_rows_png(bannerd_png_rows *reader);
png_infop bannerd_png_rows_info(bannerd_png_rows *reader);

/// png_read_info: the chunks before the image data.
int bannerd_png_rows_read_info(bannerd_png_rows *reader);
/// png_read_update_info: applies the transforms set since read_info.
int bannerd_png_rows_update_info(bannerd_png_rows *reader);
/// png_read_row: the next row (of the current Adam7 pass when the image is interlaced) into `row`.
int bannerd_png_rows_read_row(bannerd_png_rows *reader, png_bytep row);
/// png_read_end: the chunks after the image data, up to IEND.
int bannerd_png_rows_read_end(bannerd_png_rows *reader);
/// The message of the last error, empty when none.
const char *bannerd_png_rows_message(const bannerd_png_rows *reader);

#endif
