#include <linux/fb.h>
