// LeakSanitizer's switch for allocations it must not check (compiler-rt's lsan_interface.h): the fuzz targets
// are always linked with AddressSanitizer, whose runtime provides these.
#pragma once
#include <sanitizer/lsan_interface.h>
