/* Conquian's native kernel: whole deals between computer players, for simulations.
 *
 * It plays exactly the deals the Python engine plays (conquian/game.py, moves.py, melds.py, players.py): the same
 * generator (CPython's Mersenne Twister, its state handed over and handed back), the same shuffle and cut, the
 * same legal actions in the same order, the same random and greedy players.  Every rule axis that changes the play
 * of a deal is a field of Rules; the meld table comes from Python.  conquian/kernel.py is its only caller, and a
 * differential test (tests/test_kernel.py) holds the two engines to identical deals.
 *
 * Cards are bits of a 64-bit mask (bit = the card's code), as in the Python engine.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXM 20      /* melds of one player: forty cards in melds of two at most */
#define MAXCARDS 64
#define HASH 1024
#define MAX_DECISIONS 100000  /* far beyond any deal seen; a deal that long is reported, not played for ever */    /* open-addressing table of melds (a pack of forty cards has a few hundred) */

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

/* -- the rules, as a deal's play needs them --------------------------------------------------------------- */
enum { F_NONE = 0, F_ACTIVE = 1, F_REACTIVE = 2 };
enum { R_NONE = 0, R_BORROW = 1, R_NEW = 2, R_FREE = 3 };

typedef struct {
    int size, hand_size, deal_packet, turn_up, min_cut, first_pone;
    int drawn_to_hand, unused_offered, with_the_card, meld_without_use, lay_off_own;
    int forcing, force_back, forced_lay_out, demanded_lay_off, rearranging, cards_to_win, last_discard_counts;
    int deck[MAXCARDS];      /* the pack in deck order (codes) */
    int place[MAXCARDS];     /* code -> place in its suit's sequence order, -1 if not in the pack */
    uint64_t hash[HASH];     /* the melds, open addressing, 0 = empty */
    uint64_t ext[HASH];      /* beside each meld: the cards that extend it to another meld */
    uint64_t *melds; int nmelds;
    uint64_t *minimal; int nminimal;
    uint64_t *containing[MAXCARDS]; int ncontaining[MAXCARDS];
    uint64_t *minimal_with[MAXCARDS]; int nminimal_with[MAXCARDS];
    uint64_t *lowest[MAXCARDS]; int nlowest[MAXCARDS];
    uint64_t *sets[MAXCARDS]; int nsets[MAXCARDS];  /* containing, split: the sets, then the sequences */
    uint64_t *seqs[MAXCARDS]; int nseqs[MAXCARDS];
    uint64_t same_rank[MAXCARDS];  /* the other cards of a card's rank */
    uint64_t neighbours[MAXCARDS];  /* the cards next to it in its suit (round the corner too): a sequence holds one */
    int min_set, nranks;
    int code_at[4][16];  /* suit, place in sequence order -> card code (-1: none) */
    uint64_t partners[MAXCARDS];           /* the cards a card makes a pair with, for the greedy player's potential */
    unsigned char pair[MAXCARDS][MAXCARDS];  /* that pair's weight in half points (players.potential) */
} Rules;

static inline unsigned hslot(uint64_t m) { return (unsigned)((m * 0x9E3779B97F4A7C15ULL) >> 54) & (HASH - 1); }

static int is_meld(const Rules *r, uint64_t m) {
    unsigned i = hslot(m);
    while (r->hash[i]) {
        if (r->hash[i] == m) return 1;
        i = (i + 1) & (HASH - 1);
    }
    return 0;
}

/* Counted by hand: without -mpopcnt (CPython's flags) the builtin is a library call, slower than this. */
/* The cards that extend a meld of the table to another meld (0 for a group that is no meld). */
static uint64_t extenders(const Rules *r, uint64_t m) {
    unsigned i = hslot(m);
    while (r->hash[i]) {
        if (r->hash[i] == m) return r->ext[i];
        i = (i + 1) & (HASH - 1);
    }
    return 0;
}

static inline int popc(uint64_t m) {
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
}
static inline int low_code(uint64_t m) { return __builtin_ctzll(m); }

static int same_rank(uint64_t m) {  /* all cards of one rank: a set (codes are suit * 13 + rank - 1) */
    int rank = -1;
    while (m) {
        int c = low_code(m);
        m &= m - 1;
        if (rank < 0) rank = c % 13;
        else if (c % 13 != rank) return 0;
    }
    return 1;
}

/* Whether the card is in some meld made of cards in avail: every meld holding it holds a smallest one. */
static int could_meld(const Rules *r, uint64_t card, uint64_t avail) {
    avail |= card;
    int c = low_code(card);
    if (popc(avail & r->same_rank[c]) < r->min_set - 1 && !(avail & r->neighbours[c])) return 0;
    for (int i = 0; i < r->nminimal_with[c]; i++) if (!(r->minimal_with[c][i] & ~avail)) return 1;
    return 0;
}

/* -- arrangements: sorted tuples of melds, kept in a growing array -------------------------------------------- */
typedef struct { int n; uint64_t m[MAXM]; } Arr;
typedef struct { Arr *a; int n, cap; int overflow; } Arrs;

static int arrs_push(Arrs *s, const uint64_t *m, int n) {
    if (n > MAXM) { s->overflow = 1; return -1; }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        Arr *a = realloc(s->a, (size_t)cap * sizeof(Arr));
        if (!a) { s->overflow = 1; return -1; }
        s->a = a; s->cap = cap;
    }
    Arr *x = &s->a[s->n++];
    x->n = n;
    for (int i = 0; i < n; i++) x->m[i] = m[i];
    for (int i = 1; i < n; i++) {  /* insertion sort: a handful of melds */
        uint64_t v = x->m[i]; int j = i - 1;
        while (j >= 0 && x->m[j] > v) { x->m[j + 1] = x->m[j]; j--; }
        x->m[j + 1] = v;
    }
    return 0;
}

static int arr_cmp(const void *pa, const void *pb) {  /* Python's order of tuples of ints */
    const Arr *a = pa, *b = pb;
    int n = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < n; i++)
        if (a->m[i] != b->m[i]) return a->m[i] < b->m[i] ? -1 : 1;
    return (a->n > b->n) - (a->n < b->n);
}

static void arrs_sort_unique(Arrs *s) {
    if (s->n < 2) return;
    qsort(s->a, (size_t)s->n, sizeof(Arr), arr_cmp);
    int k = 1;
    for (int i = 1; i < s->n; i++)
        if (arr_cmp(&s->a[i], &s->a[k - 1]) != 0) s->a[k++] = s->a[i];
    s->n = k;
}

typedef struct {
    const Rules *r;
    uint64_t start, down, hand, with_card;
    const uint64_t *old; int nold;
    int rearrange, lay_off, extra;
    uint64_t chosen[MAXM]; int nchosen;
    Arrs *out;
} Search;

static int in_old(const Search *s, uint64_t m) {
    for (int i = 0; i < s->nold; i++) if (s->old[i] == m) return 1;
    return 0;
}

/* hand_meld_sets: every set of disjoint melds within rest, each appended to what is chosen */
static void hand_sets(Search *s, uint64_t rest) {
    arrs_push(s->out, s->chosen, s->nchosen);
    const Rules *r = s->r;
    for (uint64_t bs = rest; bs; bs &= bs - 1) {
        uint64_t b = bs & -bs;
        uint64_t above = rest & ~((b << 1) - 1);
        int c = low_code(b);
        /* a meld whose lowest card is c needs more of its rank or a neighbour within rest */
        if (popc(rest & r->same_rank[c]) < r->min_set - 1 && !(rest & r->neighbours[c])) continue;
        for (int i = 0; i < s->r->nlowest[c]; i++) {
            uint64_t m = s->r->lowest[c][i];
            if (m & ~rest) continue;
            if (s->nchosen >= MAXM) { s->out->overflow = 1; return; }
            s->chosen[s->nchosen++] = m;
            hand_sets(s, above & ~m);
            s->nchosen--;
        }
    }
}

static void search(Search *s, uint64_t must, uint64_t avail) {
    if (!must) {
        if (s->extra) hand_sets(s, avail & s->hand);
        else arrs_push(s->out, s->chosen, s->nchosen);
        return;
    }
    if (s->nchosen >= MAXM) { s->out->overflow = 1; return; }
    int c = low_code(must);
    const Rules *r = s->r;
    /* A set that holds the card needs min_set - 1 more of its rank, a sequence one of its neighbours: most lists are
       skipped whole.  The order of the candidates does not matter: arrangements are sorted and made unique. */
    uint64_t cand[MAXCARDS * 2];
    int n = 0;
    if (popc(avail & r->same_rank[c]) >= r->min_set - 1)
        for (int i = 0; i < r->nsets[c]; i++) if (!(r->sets[c][i] & ~avail)) cand[n++] = r->sets[c][i];
    if (avail & r->neighbours[c]) {
        /* The sequences that hold the card within avail are windows of the run of available cards around it in its
           suit (round the corner too): grow the run each way, then ask the table which windows are melds. */
        int su = c / 13, p = r->place[c], nr = r->nranks, L = 0, R = 0;
        uint64_t left[16], right[16];
        left[0] = right[0] = 1ULL << c;
        for (int k = 1; k < nr; k++) {
            int code = r->code_at[su][(p + k) % nr];
            if (code < 0 || !(avail >> code & 1)) break;
            right[R + 1] = right[R] | 1ULL << code; R++;
        }
        for (int k = 1; k < nr; k++) {
            int code = r->code_at[su][(p - k + nr) % nr];
            if (code < 0 || !(avail >> code & 1)) break;
            left[L + 1] = left[L] | 1ULL << code; L++;
        }
        for (int l = 0; l <= L; l++)
            for (int k = 0; k <= R && l + k + 1 <= nr; k++) {
                if (l + k == 0 || (l + k + 1 == nr && l)) continue;  /* the whole suit once */
                uint64_t m = left[l] | right[k];
                if (is_meld(r, m)) cand[n++] = m;
            }
    }
    for (int i = 0; i < n; i++) {
        uint64_t m = cand[i];
        uint64_t inter = m & s->down;
        if (inter) {
            int old = in_old(s, inter);
            if (!s->rearrange && !old) continue;
            if (!s->lay_off && inter != m && (old || !s->rearrange)) continue;
        }
        if (s->with_card && !(m & s->with_card) && (m & s->hand)) continue;
        s->chosen[s->nchosen++] = m;
        search(s, must & ~m, avail & ~m);
        s->nchosen--;
    }
}

static int into_new_fits(const Arr *a, const uint64_t *old, int nold, int i, uint64_t *chosen) {
    if (i == nold) {
        for (int o = 0; o < nold; o++)
            for (int k = 0; k < a->n; k++) {
                uint64_t n = a->m[k];
                if (n == chosen[o] || !(n & old[o])) continue;
                for (int q = 0; q < nold; q++) if (chosen[q] == n) return 0;
            }
        return 1;
    }
    int kind = same_rank(old[i]);
    for (int k = 0; k < a->n; k++) {
        uint64_t n = a->m[k];
        if (!(n & old[i]) || same_rank(n) != kind) continue;
        int taken = 0;
        for (int q = 0; q < i; q++) if (chosen[q] == n) { taken = 1; break; }
        if (taken) continue;
        chosen[i] = n;
        if (into_new_fits(a, old, nold, i + 1, chosen)) return 1;
    }
    return 0;
}

static int borrowing_ok(const Rules *r, const Arr *a, const uint64_t *old, int nold, int into_new_only) {
    if (into_new_only) {
        uint64_t chosen[MAXM];
        return into_new_fits(a, old, nold, 0, chosen);
    }
    uint64_t keeper[MAXM];
    for (int k = 0; k < a->n; k++) keeper[k] = 0;
    for (int o = 0; o < nold; o++) {
        uint64_t kept = 0;
        for (int k = 0; k < a->n; k++) {
            uint64_t part = a->m[k] & old[o];
            if (part && is_meld(r, part)) {
                if (keeper[k] == 0) keeper[k] = old[o];
                else if (keeper[k] != old[o]) return 0;
                kept |= part;
            }
        }
        if (!kept) return 0;
    }
    return 1;
}

/* arrangements(): every way the player's melds can stand after using card (0: laying out from the hand) */
static void arrangements(const Rules *r, int rearranging, int lay_off, int with_the_card, const uint64_t *old, int nold,
                         uint64_t hand, uint64_t card, Arrs *out) {
    uint64_t down = 0;
    for (int i = 0; i < nold; i++) down |= old[i];
    uint64_t must = down | card, avail = must | hand;
    out->n = 0;
    if (!card) {  /* any_meld_takes: is a hand card in some meld within what is available? */
        int any = 0;
        for (uint64_t h = hand; h && !any; h &= h - 1) any = could_meld(r, h & -h, avail);
        if (!any) return;
    }
    Search s;  /* field by field: chosen[] needs no clearing */
    s.r = r; s.start = avail; s.down = down; s.hand = hand; s.with_card = with_the_card ? card : 0;
    s.old = old; s.nold = nold; s.rearrange = rearranging != R_NONE; s.lay_off = lay_off; s.extra = !with_the_card;
    s.nchosen = 0; s.out = out;
    search(&s, must, avail);
    arrs_sort_unique(out);
    if (rearranging == R_BORROW || rearranging == R_NEW) {
        int k = 0;
        for (int i = 0; i < out->n; i++)
            if (borrowing_ok(r, &out->a[i], old, nold, rearranging == R_NEW)) out->a[k++] = out->a[i];
        out->n = k;
    }
}

/* -- the deal ------------------------------------------------------------------------------------------------ */
enum { PH_OFFER, PH_DISCARD, PH_REFUSED, PH_OVER };
enum { O_TURNED_UP, O_DRAWN, O_PASSED, O_DISCARD, O_DEMANDED };
enum { K_PASS, K_USE, K_DISCARD, K_FORCE, K_DEMAND, K_WAIVE, K_TAKE, K_LAY };
enum { T_NONE = -1, T_WIN = 0, T_TABLEAU = 1 };

typedef struct {
    uint64_t hands[2], down[2], offer;
    uint64_t melds[2][MAXM]; int nmelds[2];
    int stock[MAXCARDS]; int nstock;   /* top of the stock last */
    int out[MAXCARDS]; int nout;
    int origin, actor, phase, forced, termination, winner, pips, decisions;
} State;

typedef struct { int kind; int n; uint64_t m[MAXM]; uint64_t card, onto; } Act;
typedef struct { Act *a; int n, cap; int overflow; } Acts;

static Act *acts_add(Acts *l, int kind) {
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        Act *a = realloc(l->a, (size_t)cap * sizeof(Act));
        if (!a) { l->overflow = 1; return NULL; }
        l->a = a; l->cap = cap;
    }
    Act *x = &l->a[l->n++];
    x->kind = kind; x->n = 0; x->card = 0; x->onto = 0;
    return x;
}

static int first_say(int origin) { return origin == O_DRAWN || origin == O_TURNED_UP; }

static int fits_own(const Rules *r, const State *g, int role, uint64_t card) {
    for (int i = 0; i < g->nmelds[role]; i++) if (extenders(r, g->melds[role][i]) & card) return 1;
    return 0;
}

static int laid_off(const Arr *a, const uint64_t *old, int nold, uint64_t card) {
    for (int k = 0; k < a->n; k++)
        if (a->m[k] & card) {
            for (int o = 0; o < nold; o++) if (!(old[o] & ~a->m[k])) return 1;
            return 0;
        }
    return 0;
}

static void add_arrs(Acts *l, int kind, const Arrs *s, int need) {
    for (int i = 0; i < s->n; i++) {
        if (need) {
            int total = 0;
            for (int k = 0; k < s->a[i].n; k++) total += popc(s->a[i].m[k]);
            if (total < need) continue;
        }
        Act *x = acts_add(l, kind);
        if (!x) return;
        x->n = s->a[i].n;
        memcpy(x->m, s->a[i].m, (size_t)x->n * sizeof(uint64_t));
    }
}

/* lay_out_options: arrangements from the hand alone that lay at least one card down.  A player who passes what he
   draws asks the same question at his next draw: the last answer is kept per player (as Python's lay_memo). */
typedef struct { int valid, with_the_card, n; uint64_t hand, m[MAXM]; Arrs arrs; } LayCache;

static void lay_outs(const Rules *r, const State *g, int me, int with_the_card, Arrs *s, LayCache *cache) {
    LayCache *k = &cache[me];
    if (k->valid && k->with_the_card == with_the_card && k->hand == g->hands[me] && k->n == g->nmelds[me]
        && !memcmp(k->m, g->melds[me], (size_t)k->n * sizeof(uint64_t))) {
        if (s->cap < k->arrs.n) {
            Arr *a = realloc(s->a, (size_t)k->arrs.n * sizeof(Arr));
            if (!a) { s->overflow = 1; return; }
            s->a = a; s->cap = k->arrs.n;
        }
        if (k->arrs.n) memcpy(s->a, k->arrs.a, (size_t)k->arrs.n * sizeof(Arr));
        s->n = k->arrs.n;
        return;
    }
    arrangements(r, r->rearranging, r->lay_off_own, with_the_card, g->melds[me], g->nmelds[me], g->hands[me], 0, s);
    int have = popc(g->down[me]), kept = 0;
    for (int i = 0; i < s->n; i++) {
        int total = 0;
        for (int j = 0; j < s->a[i].n; j++) total += popc(s->a[i].m[j]);
        if (total != have) s->a[kept++] = s->a[i];
    }
    s->n = kept;
    if (s->overflow) return;
    if (k->arrs.cap < s->n) {
        Arr *a = realloc(k->arrs.a, (size_t)(s->n ? s->n : 1) * sizeof(Arr));
        if (!a) { k->valid = 0; return; }
        k->arrs.a = a; k->arrs.cap = s->n ? s->n : 1;
    }
    if (s->n) memcpy(k->arrs.a, s->a, (size_t)s->n * sizeof(Arr));
    k->arrs.n = s->n;
    k->valid = 1; k->with_the_card = with_the_card; k->hand = g->hands[me]; k->n = g->nmelds[me];
    memcpy(k->m, g->melds[me], (size_t)k->n * sizeof(uint64_t));
}

static void legal(const Rules *r, const State *g, Acts *l, Arrs *s, LayCache *cache) {
    int me = g->actor;
    l->n = 0;
    if (g->phase == PH_OFFER) {
        uint64_t c = g->offer, hand = g->hands[me];
        if (could_meld(r, c, g->down[me] | hand)) {
            arrangements(r, r->rearranging, r->lay_off_own, r->with_the_card, g->melds[me], g->nmelds[me], hand, c, s);
            if (s->overflow) l->overflow = 1;
            if (g->origin == O_DEMANDED) {
                for (int i = 0; i < s->n; i++) {
                    if (r->demanded_lay_off && !laid_off(&s->a[i], g->melds[me], g->nmelds[me], c)) continue;
                    Act *x = acts_add(l, K_USE);
                    if (!x) return;
                    x->n = s->a[i].n;
                    memcpy(x->m, s->a[i].m, (size_t)x->n * sizeof(uint64_t));
                }
                return;
            }
            add_arrs(l, K_USE, s, 0);
        }
        if (r->drawn_to_hand) acts_add(l, K_TAKE);
        if (r->meld_without_use && first_say(g->origin)) {
            lay_outs(r, g, me, r->with_the_card, s, cache);
            add_arrs(l, K_LAY, s, 0);
        }
        acts_add(l, K_PASS);
        if (r->forcing == F_ACTIVE && (g->origin != O_DISCARD || r->force_back)) {
            for (int i = 0; i < g->nmelds[1 - me]; i++)
                if (extenders(r, g->melds[1 - me][i]) & c) {
                    Act *x = acts_add(l, K_FORCE);
                    if (x) x->onto = g->melds[1 - me][i];
                }
        } else if (r->forcing == F_REACTIVE && g->origin == O_PASSED && fits_own(r, g, 1 - me, c)) {
            acts_add(l, K_DEMAND);
        }
    } else if (g->phase == PH_DISCARD) {
        uint64_t hand = g->hands[me];
        for (uint64_t b = hand; b; b &= b - 1) {
            Act *x = acts_add(l, K_DISCARD);
            if (x) x->card = b & -b;
        }
        if (g->forced && r->forced_lay_out) {
            lay_outs(r, g, me, 0, s, cache);  /* "lay out what he holds": hand cards need not join the forced card */
            add_arrs(l, K_LAY, s, r->cards_to_win);
        }
        int last_wins = r->last_discard_counts && popc(hand) == 1;
        if (r->forcing == F_ACTIVE && !last_wins)
            for (int i = 0; i < g->nmelds[1 - me]; i++) {
                uint64_t onto = g->melds[1 - me][i];
                for (uint64_t b = hand & extenders(r, onto); b; b &= b - 1) {
                    Act *x = acts_add(l, K_DISCARD);
                    if (x) { x->card = b & -b; x->onto = onto; }
                }
            }
    } else if (g->phase == PH_REFUSED) {
        acts_add(l, K_DEMAND);
        acts_add(l, K_WAIVE);
    }
}

static int pips_of(uint64_t hand) {
    int total = 0;
    for (; hand; hand &= hand - 1) {
        int rank = low_code(hand) % 13 + 1;
        total += rank < 10 ? rank : 10;
    }
    return total;
}

static void win(State *g, int role) {
    g->phase = PH_OVER;
    g->termination = T_WIN;
    g->winner = role;
    g->pips = pips_of(g->hands[1 - role]);
}

static void draw(State *g, int role) {
    if (!g->nstock) {
        g->phase = PH_OVER; g->offer = 0; g->termination = T_TABLEAU;
        return;
    }
    g->offer = 1ULL << g->stock[--g->nstock];
    g->origin = O_DRAWN; g->actor = role; g->phase = PH_OFFER;
}

static void after_gain(const Rules *r, State *g, int role) {
    if (popc(g->down[role]) >= r->cards_to_win) win(g, role);
    else { g->phase = PH_DISCARD; g->actor = role; }
}

static void set_melds(State *g, int role, const uint64_t *m, int n) {
    memcpy(g->melds[role], m, (size_t)n * sizeof(uint64_t));
    g->nmelds[role] = n;
    uint64_t all = 0;
    for (int i = 0; i < n; i++) all |= m[i];
    g->down[role] = all;
}

static void put_on(const Rules *r, State *g, int role, uint64_t onto, uint64_t c) {
    uint64_t *m = g->melds[role];
    int n = g->nmelds[role];
    for (int i = 0; i < n; i++) if (m[i] == onto) m[i] = onto | c;
    for (int i = 1; i < n; i++) {  /* sorted again, as the Python engine keeps them */
        uint64_t v = m[i]; int j = i - 1;
        while (j >= 0 && m[j] > v) { m[j + 1] = m[j]; j--; }
        m[j + 1] = v;
    }
    g->down[role] |= c;
    g->actor = role;
    after_gain(r, g, role);
    g->forced = g->phase == PH_DISCARD;
}

static inline int bit_code(uint64_t b) { return low_code(b); }

static void apply(const Rules *r, State *g, const Act *a) {
    int me = g->actor;
    g->forced = 0;
    g->decisions++;
    switch (a->kind) {
    case K_PASS: {
        uint64_t c = g->offer;
        int first = first_say(g->origin);
        if (first && r->unused_offered) { g->origin = O_PASSED; g->actor = 1 - me; }
        else if (r->forcing == F_REACTIVE && fits_own(r, g, me, c)) { g->phase = PH_REFUSED; g->actor = 1 - me; }
        else { g->out[g->nout++] = bit_code(c); g->offer = 0; draw(g, first ? 1 - me : me); }
        break;
    }
    case K_USE: {
        uint64_t before = g->down[me] | g->offer;
        set_melds(g, me, a->m, a->n);
        g->hands[me] &= ~(g->down[me] & ~before);
        g->offer = 0;
        after_gain(r, g, me);
        break;
    }
    case K_DISCARD:
        g->hands[me] &= ~a->card;
        if (r->last_discard_counts && !g->hands[me]) { g->out[g->nout++] = bit_code(a->card); win(g, me); }
        else if (a->onto) put_on(r, g, 1 - me, a->onto, a->card);
        else { g->offer = a->card; g->origin = O_DISCARD; g->actor = 1 - me; g->phase = PH_OFFER; }
        break;
    case K_FORCE: {
        uint64_t c = g->offer;
        g->offer = 0;
        put_on(r, g, 1 - me, a->onto, c);
        break;
    }
    case K_DEMAND:
        g->phase = PH_OFFER; g->origin = O_DEMANDED; g->actor = 1 - me;
        break;
    case K_WAIVE: {
        int refuser = 1 - me;
        g->out[g->nout++] = bit_code(g->offer);
        g->offer = 0;
        draw(g, first_say(g->origin) ? me : refuser);
        break;
    }
    case K_TAKE:
        g->hands[me] |= g->offer; g->offer = 0; g->phase = PH_DISCARD;
        break;
    case K_LAY: {
        uint64_t before = g->down[me];
        set_melds(g, me, a->m, a->n);
        g->hands[me] &= ~(g->down[me] & ~before);
        if (popc(g->down[me]) >= r->cards_to_win) {
            if (g->offer) { g->out[g->nout++] = bit_code(g->offer); g->offer = 0; }
            win(g, me);
        }
        break;
    }
    }
}

/* Game(rules, seed=rng): random.shuffle, then randint(low, size - low) for the cut, from the simulation's generator */
static void new_deal(const Rules *r, State *g, MT *rng) {
    int order[MAXCARDS], cut[MAXCARDS];
    int n = r->size;
    memcpy(order, r->deck, (size_t)n * sizeof(int));
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mt_below(rng, (uint32_t)(i + 1));
        int t = order[i]; order[i] = order[j]; order[j] = t;
    }
    int c = r->min_cut + (int)mt_below(rng, (uint32_t)(n - 2 * r->min_cut + 1));
    for (int i = 0; i < n; i++) cut[i] = order[(i + c) % n];
    memset(g, 0, sizeof *g);
    int i = 0;
    for (int p = 0; p < r->hand_size / r->deal_packet; p++)
        for (int role = 1; role >= 0; role--)  /* the dealer deals to his opponent (the pone, 1) first */
            for (int k = 0; k < r->deal_packet; k++) g->hands[role] |= 1ULL << cut[i++];
    g->actor = r->first_pone ? 1 : 0;
    g->offer = 1ULL << cut[i];
    g->origin = r->turn_up ? O_TURNED_UP : O_DRAWN;
    g->phase = PH_OFFER;
    g->nstock = 0;
    for (int k = n - 1; k > i; k--) g->stock[g->nstock++] = cut[k];
    g->termination = T_NONE;
    g->winner = -1;
}

/* -- the players ----------------------------------------------------------------------------------------------- */
#define WIN 1000000.0

static double potential(const Rules *r, uint64_t hand) {
    int total = 0;  /* half points: every weight is a multiple of one half, so the sum is exact */
    while (hand) {
        int a = low_code(hand);
        hand &= hand - 1;
        for (uint64_t rest = hand & r->partners[a]; rest; rest &= rest - 1) total += r->pair[a][low_code(rest)];
    }
    return total / 2.0;
}

static double value(const Rules *r, const State *g, int me) {
    if (g->phase == PH_OVER) return g->termination != T_WIN ? 0.0 : g->winner == me ? WIN : -WIN;
    return 20.0 * popc(g->down[me]) + potential(r, g->hands[me]);
}

/* The greedy player's value of the state an action leads to, computed without playing it: the same cases as
   apply(), each reduced to what value() reads (the deal's end, the player's cards down and his hand). */
static double value_after(const Rules *r, const State *g, const Act *a) {
    int me = g->actor, opp = 1 - me;
    uint64_t hand = g->hands[me], down = g->down[me];
    switch (a->kind) {
    case K_PASS: {
        int first = first_say(g->origin);
        if (!(first && r->unused_offered) && !(r->forcing == F_REACTIVE && fits_own(r, g, me, g->offer)) && !g->nstock)
            return 0.0;  /* the next draw finds the stock empty: a tableau */
        break;
    }
    case K_USE: case K_LAY: {
        uint64_t before = a->kind == K_USE ? down | g->offer : down, after = 0;
        for (int i = 0; i < a->n; i++) after |= a->m[i];
        hand &= ~(after & ~before);
        down = after;
        if (popc(after) >= r->cards_to_win) return WIN;
        break;
    }
    case K_DISCARD:
        hand &= ~a->card;
        if (r->last_discard_counts && !hand) return WIN;
        if (a->onto && popc(g->down[opp] | a->card) >= r->cards_to_win) return -WIN;
        break;
    case K_FORCE:
        if (popc(g->down[opp] | g->offer) >= r->cards_to_win) return -WIN;
        break;
    case K_WAIVE:
        if (!g->nstock) return 0.0;
        break;
    case K_TAKE:
        hand |= g->offer;
        break;
    }
    return 20.0 * popc(down) + potential(r, hand);
}

/* Invariants every state keeps (the soak's check): each card of the pack in exactly one place, melds valid,
   each player's cards down the union of his melds.  Returns 0 or the number of the broken invariant. */
static int broken(const Rules *r, const State *g) {
    uint64_t seen = 0, deck = 0;
    int count = 0;
    for (int i = 0; i < r->size; i++) deck |= 1ULL << r->deck[i];
    uint64_t parts[4] = {g->hands[0], g->hands[1], g->down[0], g->down[1]};
    for (int k = 0; k < 4; k++) { if (seen & parts[k]) return 1; seen |= parts[k]; count += popc(parts[k]); }
    if (g->offer) { if (seen & g->offer) return 1; seen |= g->offer; count++; }
    for (int k = 0; k < g->nstock; k++) { uint64_t b = 1ULL << g->stock[k]; if (seen & b) return 1; seen |= b; count++; }
    for (int k = 0; k < g->nout; k++) { uint64_t b = 1ULL << g->out[k]; if (seen & b) return 1; seen |= b; count++; }
    if (seen != deck || count != r->size) return 2;
    for (int role = 0; role < 2; role++) {
        uint64_t all = 0;
        for (int k = 0; k < g->nmelds[role]; k++) {
            if (!is_meld(r, g->melds[role][k])) return 3;
            if (all & g->melds[role][k]) return 4;
            all |= g->melds[role][k];
            if (k && g->melds[role][k - 1] >= g->melds[role][k]) return 5;
        }
        if (all != g->down[role]) return 4;
    }
    if (g->phase != PH_OVER && (g->actor < 0 || g->actor > 1)) return 6;
    if (g->phase == PH_OFFER && !g->offer) return 7;
    if (g->phase == PH_OVER && g->termination == T_WIN && popc(g->down[g->winner]) < r->cards_to_win
        && !(r->last_discard_counts && !g->hands[g->winner])) return 8;
    return 0;
}

/* -- from Python ------------------------------------------------------------------------------------------------ */
static void rules_free(Rules *r) {
    free(r->melds); free(r->minimal);
    for (int c = 0; c < MAXCARDS; c++) {
        free(r->containing[c]); free(r->minimal_with[c]); free(r->lowest[c]); free(r->sets[c]); free(r->seqs[c]);
    }
}

static int get_int(PyObject *tuple, Py_ssize_t i, int lo, int hi, int *out) {
    long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) { PyErr_Format(PyExc_ValueError, "kernel rules: field %zd is %ld, not %d..%d", i, v, lo, hi); return -1; }
    *out = (int)v;
    return 0;
}

static uint64_t *alloc_list(int n) { return calloc((size_t)(n ? n : 1), sizeof(uint64_t)); }

/* rules: (flags..., deck, place, melds, minimal); flags in the order of conquian/kernel.py's FLAGS */
#define NFLAGS 18
static int rules_from(PyObject *t, Rules *r) {
    memset(r, 0, sizeof *r);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != NFLAGS + 4) {
        PyErr_SetString(PyExc_TypeError, "kernel rules: a tuple of the flags, the deck, the places and the melds");
        return -1;
    }
    int *f[NFLAGS] = {&r->size, &r->hand_size, &r->deal_packet, &r->turn_up, &r->min_cut, &r->first_pone,
                      &r->drawn_to_hand, &r->unused_offered, &r->with_the_card, &r->meld_without_use, &r->lay_off_own,
                      &r->forcing, &r->force_back, &r->forced_lay_out, &r->demanded_lay_off, &r->rearranging,
                      &r->cards_to_win, &r->last_discard_counts};
    for (int i = 0; i < NFLAGS; i++) if (get_int(t, i, 0, MAXCARDS, f[i]) < 0) return -1;
    if (r->size < 2 || r->deal_packet < 1 || r->hand_size % r->deal_packet || 2 * r->hand_size + 1 > r->size
        || 2 * r->min_cut > r->size || r->min_cut < 0) {
        PyErr_SetString(PyExc_ValueError, "kernel rules: the pack, the deal and the cut do not fit together");
        return -1;
    }
    PyObject *deck = PyTuple_GET_ITEM(t, NFLAGS), *place = PyTuple_GET_ITEM(t, NFLAGS + 1);
    PyObject *melds = PyTuple_GET_ITEM(t, NFLAGS + 2), *minimal = PyTuple_GET_ITEM(t, NFLAGS + 3);
    if (!PyTuple_Check(deck) || PyTuple_GET_SIZE(deck) != r->size || !PyTuple_Check(place)
        || PyTuple_GET_SIZE(place) != MAXCARDS || !PyTuple_Check(melds) || !PyTuple_Check(minimal)) {
        PyErr_SetString(PyExc_ValueError, "kernel rules: deck, places, melds or minimal melds malformed");
        return -1;
    }
    for (int i = 0; i < r->size; i++) if (get_int(deck, i, 0, MAXCARDS - 1, &r->deck[i]) < 0) return -1;
    for (int i = 0; i < MAXCARDS; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(place, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < -1 || v > 15 || (v >= 0 && i >= 52)) {
            PyErr_Format(PyExc_ValueError, "kernel rules: place %ld for card %d", v, i);
            return -1;
        }
        r->place[i] = (int)v;
    }
    r->nmelds = (int)PyTuple_GET_SIZE(melds);
    r->nminimal = (int)PyTuple_GET_SIZE(minimal);
    if (r->nmelds >= HASH / 2) { PyErr_SetString(PyExc_ValueError, "kernel rules: too many melds"); return -1; }
    r->melds = alloc_list(r->nmelds);
    r->minimal = alloc_list(r->nminimal);
    if (!r->melds || !r->minimal) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < r->nmelds + r->nminimal; i++) {
        PyObject *o = i < r->nmelds ? PyTuple_GET_ITEM(melds, i) : PyTuple_GET_ITEM(minimal, i - r->nmelds);
        uint64_t m = PyLong_AsUnsignedLongLong(o);
        if (PyErr_Occurred()) return -1;
        if (!m) { PyErr_SetString(PyExc_ValueError, "kernel rules: an empty meld"); return -1; }
        if (i < r->nmelds) r->melds[i] = m; else r->minimal[i - r->nmelds] = m;
    }
    uint64_t deck_mask = 0;
    for (int i = 0; i < r->size; i++) deck_mask |= 1ULL << r->deck[i];
    for (int i = 0; i < r->nmelds; i++) {
        uint64_t m = r->melds[i];
        unsigned s = hslot(m);
        while (r->hash[s] && r->hash[s] != m) s = (s + 1) & (HASH - 1);
        r->hash[s] = m;
    }
    for (unsigned s = 0; s < HASH; s++) {
        if (!r->hash[s]) continue;
        for (uint64_t b = deck_mask & ~r->hash[s]; b; b &= b - 1)
            if (is_meld(r, r->hash[s] | (b & -b))) r->ext[s] |= b & -b;
    }
    for (int a = 0; a < MAXCARDS; a++)  /* players.potential: same rank 1; same suit one apart 1, two apart 1/2 */
        for (int b = 0; b < MAXCARDS; b++) {
            int w = 0;
            if (a == b || r->place[a] < 0 || r->place[b] < 0) w = 0;
            else if (b % 13 == a % 13) w = 2;
            else if (b / 13 == a / 13) {
                int gap = abs(r->place[b] - r->place[a]);
                w = gap == 1 ? 2 : gap == 2 ? 1 : 0;
            }
            r->pair[a][b] = (unsigned char)w;
            if (w) r->partners[a] |= 1ULL << b;
        }
    for (int c = 0; c < MAXCARDS; c++) {  /* count, then fill */
        uint64_t b = 1ULL << c;
        int nc = 0, nw = 0, nl = 0;
        for (int i = 0; i < r->nmelds; i++) { if (r->melds[i] & b) nc++; if ((r->melds[i] & -r->melds[i]) == b) nl++; }
        for (int i = 0; i < r->nminimal; i++) if (r->minimal[i] & b) nw++;
        r->containing[c] = alloc_list(nc); r->minimal_with[c] = alloc_list(nw); r->lowest[c] = alloc_list(nl);
        if (!r->containing[c] || !r->minimal_with[c] || !r->lowest[c]) { PyErr_NoMemory(); return -1; }
        for (int i = 0; i < r->nmelds; i++) {
            if (r->melds[i] & b) r->containing[c][r->ncontaining[c]++] = r->melds[i];
            if ((r->melds[i] & -r->melds[i]) == b) r->lowest[c][r->nlowest[c]++] = r->melds[i];
        }
        for (int i = 0; i < r->nminimal; i++) if (r->minimal[i] & b) r->minimal_with[c][r->nminimal_with[c]++] = r->minimal[i];
        r->sets[c] = alloc_list(nc); r->seqs[c] = alloc_list(nc);
        if (!r->sets[c] || !r->seqs[c]) { PyErr_NoMemory(); return -1; }
        for (int i = 0; i < r->ncontaining[c]; i++) {
            uint64_t m = r->containing[c][i];
            if (same_rank(m)) r->sets[c][r->nsets[c]++] = m; else r->seqs[c][r->nseqs[c]++] = m;
        }
    }
    int ranks = 0;
    for (int i = 0; i < MAXCARDS; i++) if (r->place[i] >= ranks) ranks = r->place[i] + 1;
    if (ranks > 16) { PyErr_SetString(PyExc_ValueError, "kernel rules: more than 16 ranks in a suit"); return -1; }
    r->nranks = ranks;
    for (int su = 0; su < 4; su++) for (int q = 0; q < 16; q++) r->code_at[su][q] = -1;
    for (int i = 0; i < MAXCARDS; i++) if (r->place[i] >= 0) r->code_at[i / 13][r->place[i]] = i;
    r->min_set = MAXCARDS;
    for (int i = 0; i < r->nmelds; i++) if (same_rank(r->melds[i]) && popc(r->melds[i]) < r->min_set) r->min_set = popc(r->melds[i]);
    for (int a = 0; a < MAXCARDS; a++)
        for (int b = 0; b < MAXCARDS; b++) {
            if (a == b || r->place[a] < 0 || r->place[b] < 0) continue;
            if (a % 13 == b % 13) r->same_rank[a] |= 1ULL << b;
            int gap = abs(r->place[a] - r->place[b]);
            if (a / 13 == b / 13 && (gap == 1 || gap == ranks - 1)) r->neighbours[a] |= 1ULL << b;
        }
    return 0;
}

static int state_from(PyObject *st, MT *g) {
    if (!PyTuple_Check(st) || PyTuple_GET_SIZE(st) != 625) {
        PyErr_SetString(PyExc_ValueError, "kernel: the generator state is random.Random().getstate()[1]");
        return -1;
    }
    for (int i = 0; i < 624; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(st, i));
        if (PyErr_Occurred()) return -1;
        g->mt[i] = (uint32_t)v;
    }
    long index = PyLong_AsLong(PyTuple_GET_ITEM(st, 624));
    if (PyErr_Occurred()) return -1;
    if (index < 0 || index > 624) { PyErr_SetString(PyExc_ValueError, "kernel: generator index out of range"); return -1; }
    g->index = (int)index;
    return 0;
}

static PyObject *state_to(const MT *g) {
    PyObject *t = PyTuple_New(625);
    if (!t) return NULL;
    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLong(g->mt[i]));
    PyTuple_SET_ITEM(t, 624, PyLong_FromLong(g->index));
    return t;
}

static PyObject *masks(const uint64_t *m, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLongLong(m[i]));
    return t;
}

static PyObject *codes(const int *c, int n, int reverse) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLongLong(1ULL << c[reverse ? n - 1 - i : i]));
    return t;
}

static PyObject *final_of(const State *g) {
    return Py_BuildValue("(KK)(NN)NNiiKiii", (unsigned long long)g->hands[0], (unsigned long long)g->hands[1],
                         masks(g->melds[0], g->nmelds[0]), masks(g->melds[1], g->nmelds[1]),
                         codes(g->stock, g->nstock, 1), codes(g->out, g->nout, 0), g->phase, g->actor,
                         (unsigned long long)g->offer, g->origin, g->forced, g->pips);
}

static PyObject *endings[2], *unfinished, *zero_seat, *one_seat, *no_flags;  /* made once, at import */

/* play(rules, state, deals, strategies, final, check, limit[, summary]) -> (results, state).  With summary, results
   is only (deals, decisions, dealer's wins, pone's wins, ties, deals stopped).  A deal still going after limit
   decisions is stopped (termination -1), as conquian/simulation.py stops it.
   strategies: (dealer's, pone's), 0 random, 1 greedy.  Each result: the fields of conquian.simulation.DealResult
   (ending, winner, first, decisions, stock left, flags, final state as plain values or None). */
static PyObject *kernel_play(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rules_t, *state_t;
    int deals, s0, s1, want_final, check, limit, summary = 0;
    if (!PyArg_ParseTuple(args, "OOi(ii)ppi|p", &rules_t, &state_t, &deals, &s0, &s1, &want_final, &check, &limit,
                          &summary))
        return NULL;
    if (deals < 0 || s0 < 0 || s0 > 1 || s1 < 0 || s1 > 1 || limit < 1) {
        PyErr_SetString(PyExc_ValueError, "kernel: deals >= 0, strategies 0 (random) or 1 (greedy), limit >= 1");
        return NULL;
    }
    Rules *r = calloc(1, sizeof(Rules));
    if (!r) return PyErr_NoMemory();
    MT rng;
    PyObject *results = NULL;
    Acts acts = {0};
    Arrs arrs = {0};
    LayCache cache[2] = {{0}};
    if (rules_from(rules_t, r) < 0 || state_from(state_t, &rng) < 0) goto done;
    long long decisions = 0, wins[2] = {0, 0}, ties = 0, stopped = 0;  /* the summary's counts */
    results = summary ? NULL : PyList_New(deals);
    if (!summary && !results) goto done;
    int strategy[2] = {s0, s1};
    for (int d = 0; d < deals; d++) {
        State g;
        new_deal(r, &g, &rng);
        cache[0].valid = cache[1].valid = 0;
        int first = g.actor, bad = 0;
        while (g.phase != PH_OVER) {
            if (g.decisions >= limit) break;  /* stopped unfinished, as the simulation stops a deal in Python */
            legal(r, &g, &acts, &arrs, cache);
            if (acts.overflow || arrs.overflow || acts.n == 0) { bad = 100; break; }  /* cannot list the moves */
            int pick = 0;
            if (strategy[g.actor] == 0) pick = (int)mt_below(&rng, (uint32_t)acts.n);
            else if (acts.n > 1) {
                double best = 0.0;
                for (int i = 0; i < acts.n; i++) {
                    double v = value_after(r, &g, &acts.a[i]);
                    if (check) {  /* the soak's mode: the shortcut must agree with playing the action */
                        State h = g;
                        apply(r, &h, &acts.a[i]);
                        if (value(r, &h, g.actor) != v) { bad = 9; break; }
                    }
                    if (i == 0 || v > best) { best = v; pick = i; }
                }
                if (bad) break;
            }
            apply(r, &g, &acts.a[pick]);
            if (check && (bad = broken(r, &g))) break;
        }
        if (bad) {
            PyErr_Format(PyExc_RuntimeError, "kernel: deal %d broke invariant %d after %d decisions", d, bad, g.decisions);
            Py_CLEAR(results);
            summary = 0;
            goto done;
        }
        if (summary) {  /* only what a tally needs: no object per deal */
            decisions += g.decisions;
            if (g.termination == T_NONE) stopped++;
            else if (g.winner < 0) ties++;
            else wins[g.winner]++;
            continue;
        }
        PyObject *fin = want_final ? final_of(&g) : (Py_INCREF(Py_None), Py_None);
        /* the fields of conquian.simulation.DealResult, in order; the final state as plain values */
        PyObject *ending = g.termination == T_NONE ? unfinished : endings[g.termination];
        PyObject *winner = g.winner < 0 ? Py_None : g.winner ? one_seat : zero_seat;
        PyObject *one = fin ? Py_BuildValue("OOiiiON", ending, winner, first, g.decisions, g.nstock, no_flags, fin) : NULL;
        if (!one) { Py_CLEAR(results); goto done; }
        PyList_SET_ITEM(results, d, one);
    }
    if (summary) results = Py_BuildValue("(iLLLLL)", deals, decisions, wins[0], wins[1], ties, stopped);
done:
    free(acts.a);
    free(arrs.a);
    free(cache[0].arrs.a);
    free(cache[1].arrs.a);
    rules_free(r);
    free(r);
    if (!results) return NULL;
    PyObject *st = state_to(&rng);
    if (!st) { Py_DECREF(results); return NULL; }
    return Py_BuildValue("(NN)", results, st);
}

static PyMethodDef methods[] = {
    {"play", kernel_play, METH_VARARGS,
     "play(rules, state, deals, (dealer, pone), final, check, limit) -> (results, state)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "conquian._kernel",
                                    "Conquian's native kernel (see conquian/kernel.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    endings[T_WIN] = PyUnicode_InternFromString("win");  /* Termination values, as conquian.state names them */
    endings[T_TABLEAU] = PyUnicode_InternFromString("tableau");
    unfinished = PyUnicode_InternFromString("unfinished");  /* conquian.simulation.UNFINISHED */
    zero_seat = PyLong_FromLong(0);
    one_seat = PyLong_FromLong(1);
    no_flags = PyTuple_New(0);
    if (!endings[T_WIN] || !endings[T_TABLEAU] || !unfinished || !zero_seat || !one_seat || !no_flags) return NULL;
    return PyModule_Create(&module);
}
