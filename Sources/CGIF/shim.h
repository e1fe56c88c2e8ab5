// giflib (Debian's libgif-dev): the low-level decoder, read record by record so that an animation's frames are
// decoded one at a time and never all held (DGifSlurp would).
#include <gif_lib.h>
