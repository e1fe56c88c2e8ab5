#include <pthread.h>
/* A GNU extension (glibc >= 2.12) that pthread.h declares only under _GNU_SOURCE. */
int pthread_setname_np(pthread_t thread, const char *name);
