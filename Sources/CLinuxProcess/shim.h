#include <spawn.h>
#include <sys/pidfd.h>
/* GNU extensions (glibc >= 2.34) that spawn.h and unistd.h declare only under _GNU_SOURCE. */
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
int pipe2(int pipefd[2], int flags);
