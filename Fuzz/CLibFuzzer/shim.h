// libFuzzer's driver, for a target whose `main` is its own (SwiftPM names every
// executable's entry point, so libFuzzer's `main` cannot be used). Linked only by
// `-sanitize=fuzzer`; referenced only when TRADETERM_LIBFUZZER is defined.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
