/* fuzz_run.h — one fuzz input through a game's parser and (small) solver. */
#ifndef WR_FUZZ_RUN_H
#define WR_FUZZ_RUN_H

#include <stddef.h>
#include <stdint.h>

/* Runs game on the bytes, as text and as JSON, under a small memory budget;
 * aborts (so libFuzzer reports it) if a result breaks the error contract. */
void fuzz_run(const char *game, const uint8_t *data, size_t size);

#endif
