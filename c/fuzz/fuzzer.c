/* fuzzer.c — the libFuzzer entry point; the Makefile builds one binary per
 * game with -DFUZZ_GAME="<game>" (make fuzz). */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_run(FUZZ_GAME, data, size);
    return 0;
}
