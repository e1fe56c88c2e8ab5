// HarfBuzz (Debian's libharfbuzz-dev): the shaper, its FreeType glue to read an FT_Face's OpenType tables, and
// its OpenType queries (which layout tables a face has).
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
