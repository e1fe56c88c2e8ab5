#include <linux/memfd.h>
#include <sys/mman.h>
/* A GNU extension (glibc >= 2.27) that sys/mman.h declares only under _GNU_SOURCE. */
int memfd_create(const char *name, unsigned int flags);
