// Heap allocation counting for benchmarks: this target defines malloc, calloc,
// realloc, posix_memalign, aligned_alloc and memalign, forwarding to glibc's own
// implementations and counting each allocation. Linked into an executable that exports
// its symbols (--export-dynamic), it sees every allocation in the process, the Swift
// runtime's included.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>

/// Allocations made by any thread since the process started.
uint64_t malloc_counter_allocations(void);

/// 1 if the counter is wired in (an allocation was seen), else 0.
int malloc_counter_active(void);
#endif
