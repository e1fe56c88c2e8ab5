#include <linux/kd.h>
#include <sys/ioctl.h>
