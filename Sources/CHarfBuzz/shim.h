// HarfBuzz (Debian's libharfbuzz-dev): the shaper, and its FreeType glue to read an FT_Face's OpenType tables.
#include <hb.h>
#include <hb-ft.h>
