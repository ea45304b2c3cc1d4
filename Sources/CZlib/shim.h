// zlib from the system (Debian: zlib1g-dev), for reading and writing .gz recordings.
#include <zlib.h>
