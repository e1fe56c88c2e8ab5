// SwiftPM builds a C target from its sources; the functions themselves are the sanitizer runtime's.
#include "leak_sanitizer.h"
