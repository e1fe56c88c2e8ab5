// fontconfig (Debian's libfontconfig-dev): the installed fonts, sorted for a request, to fall back on by coverage.
#include <fontconfig/fontconfig.h>
