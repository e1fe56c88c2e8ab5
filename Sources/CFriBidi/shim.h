// GNU FriBidi (Debian's libfribidi-dev): the Unicode Bidirectional Algorithm's embedding levels.
#include <fribidi.h>
