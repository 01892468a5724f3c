/* bits.h — bit tricks every solver uses, once. Without -mpopcnt, gcc turns
 * __builtin_popcount into a libgcc call, and the SWAR form is as fast there;
 * WASM, aarch64 and popcnt-enabled x86 get the instruction. */
#ifndef WR_BITS_H
#define WR_BITS_H

#include <stdint.h>

#if defined(__POPCNT__) || defined(__wasm__) || defined(__aarch64__)
#define WR_HAVE_POPCNT 1
#else
#define WR_HAVE_POPCNT 0
#endif

static inline int wr_popcount32(uint32_t x)
{
#if WR_HAVE_POPCNT
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

static inline int wr_popcount64(uint64_t x)
{
#if WR_HAVE_POPCNT
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

#endif
