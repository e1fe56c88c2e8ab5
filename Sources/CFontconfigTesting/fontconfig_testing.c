#include "fontconfig_testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Written once, by the constructor, before any thread exists; only read after.
static char file[4096];

const char *bannerd_fontconfig_testing_file(void) { return file; }

// Runs before main, so before Swift Testing starts its parallel suites and before any of them can make fontconfig
// load its process-wide configuration, which it does once. A caller's own FONTCONFIG_FILE is kept (setenv's 0).
__attribute__((constructor)) static void use_the_tests_fonts(void) {
    // SwiftPM compiles sources by absolute path, so __FILE__ names this file inside the checkout.
    const char *source = __FILE__;
    const char *slash = strrchr(source, '/');
    if (slash == NULL) return;  // left unset: the tests' check of FONTCONFIG_FILE fails and says so
    int written = snprintf(file, sizeof file, "%.*s/fonts.conf", (int)(slash - source), source);
    if (written < 0 || (size_t)written >= sizeof file) {
        file[0] = '\0';
        return;
    }
    setenv("FONTCONFIG_FILE", file, 0);
}
