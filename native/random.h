/* native/random.h: CPython's Mersenne Twister, as random.Random draws: the generator both engines share.
   Part of the one translation unit native/kernel.c (included there, in order). */
/* -- CPython's Mersenne Twister (Modules/_randommodule.c), so that choices match random.Random ---------------- */
typedef struct { uint32_t mt[624]; int index; } MT;

static __attribute__((noinline)) void mt_twist(MT *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    int kk;
    for (kk = 0; kk < 624 - 397; kk++) {
        y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
        g->mt[kk] = g->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < 623; kk++) {
        y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
        g->mt[kk] = g->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (g->mt[623] & 0x80000000U) | (g->mt[0] & 0x7fffffffU);
    g->mt[623] = g->mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
    g->index = 0;
}

static inline uint32_t mt_next(MT *g) {  /* genrand_uint32: the twist apart, so that this inlines */
    if (g->index >= 624) mt_twist(g);
    uint32_t y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static uint32_t mt_below(MT *g, uint32_t n) {  /* _randbelow_with_getrandbits(n), n >= 1 */
    int k = 32 - __builtin_clz(n);
    uint32_t r;
    do { r = mt_next(g) >> (32 - k); } while (r >= n);
    return r;
}
