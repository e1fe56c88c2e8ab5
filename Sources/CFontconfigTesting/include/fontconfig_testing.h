// The test process's fontconfig configuration: fontconfig_testing.c sets FONTCONFIG_FILE to the fonts.conf beside
// it when the process starts, before any test can load fontconfig's configuration (issue 24).
#ifndef BANNERD_FONTCONFIG_TESTING_H
#define BANNERD_FONTCONFIG_TESTING_H

/// The fonts.conf this target holds (an absolute path), which FONTCONFIG_FILE names unless the caller set it;
/// empty if this source file's path (`__FILE__`) had no directory in it.
const char *bannerd_fontconfig_testing_file(void);

#endif
