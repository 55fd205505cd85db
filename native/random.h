/* native/random.h: CPython's Mersenne Twister, as random.Random draws: the generator both engines share.
   Part of the one translation unit native/kernel.c (included there, in order). */
/* -- CPython's Mersenne Twister (Modules/_randommodule.c), so that choices match random.Random ---------------- */
/* mt: the state as CPython keeps it (handed back to Python); out: the same words tempered, made at each twist in
   one loop the compiler vectorises, so that drawing a number is a load. */
typedef struct { uint32_t mt[624]; uint32_t out[624]; int index; } MT;

static inline uint32_t mt_temper(uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static void mt_temper_all(MT *g) {
    for (int i = 0; i < 624; i++) g->out[i] = mt_temper(g->mt[i]);
}

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
    mt_temper_all(g);
}

static inline uint32_t mt_next(MT *g) {  /* genrand_uint32: the twist apart, so that this inlines */
    if (g->index >= 624) mt_twist(g);
    return g->out[g->index++];
}

static uint32_t mt_below(MT *g, uint32_t n) {  /* _randbelow_with_getrandbits(n), n >= 1 */
    int k = 32 - __builtin_clz(n);
    uint32_t r;
    do { r = mt_next(g) >> (32 - k); } while (r >= n);
    return r;
}
