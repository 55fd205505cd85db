/* native/rules.h: The rules as a deal's play needs them: flags, the meld table, card masks.
   Part of the one translation unit native/kernel.c (included there, in order). */
/* -- the rules, as a deal's play needs them --------------------------------------------------------------- */
typedef struct {
    /* the flags, a field each named as its axis (r->forcing == FORCING_ACTIVE): generated with their codes from the
       Python axes (kernel_axes.h, see kernel.c) */
#define FLAG_FIELD(name, least, most) int name;
    KERNEL_FLAGS(FLAG_FIELD)
#undef FLAG_FIELD
    int deck[MAXCARDS];      /* the pack in deck order (codes) */
    int place[MAXCARDS];     /* code -> place in its suit's sequence order, -1 if not in the pack */
    uint64_t hash[HASH];     /* the melds, open addressing, 0 = empty */
    uint64_t ext[HASH];      /* beside each meld: the cards that extend it to another meld */
    uint64_t *melds; int nmelds;
    uint64_t *minimal; int nminimal;
    uint64_t *containing[MAXCARDS]; int ncontaining[MAXCARDS];
    uint64_t *minimal_with[MAXCARDS]; int nminimal_with[MAXCARDS];  /* the sets first: nminimal_sets_with of them */
    int nminimal_sets_with[MAXCARDS];
    uint64_t *lowest[MAXCARDS]; int nlowest[MAXCARDS];
    uint64_t *sets[MAXCARDS]; int nsets[MAXCARDS];  /* containing, split: the sets, then the sequences */
    uint64_t *seqs[MAXCARDS]; int nseqs[MAXCARDS];
    uint64_t same_rank[MAXCARDS];  /* the other cards of a card's rank */
    uint64_t neighbours[MAXCARDS];  /* the cards next to it in its suit (round the corner too): a sequence holds one */
    int min_set, nranks;
    int code_at[4][16];  /* suit, place in sequence order -> card code (-1: none) */
    int ring[4][48];     /* the same round the ring: ring[suit][16 + q] = code_at[suit][q mod ranks], -16 <= q < 32 */
    uint64_t partners[MAXCARDS];           /* the cards a card makes a pair with, for the greedy player's potential */
    unsigned char pair[MAXCARDS][MAXCARDS];  /* that pair's weight in half points (players.potential) */
} Rules;

/* Hand cards go down only in the meld that takes the card used (hand_cards with-the-card). */
static inline int only_with_the_card(const Rules *r) { return r->hand_cards == HAND_CARDS_WITH_THE_CARD; }
/* A player may put the card on offer on his opponent's meld (forcing active, or both kinds). */
static inline int forcing_active(const Rules *r) { return r->forcing == FORCING_ACTIVE || r->forcing == FORCING_BOTH; }
/* A player may be made to take a card he declined that fits his meld (forcing reactive, or both kinds). */
static inline int forcing_reactive(const Rules *r) {
    return r->forcing == FORCING_REACTIVE || r->forcing == FORCING_BOTH;
}
/* A drawn card its drawer does not use is offered to the opponent (unused_draw offered). */
static inline int unused_offered(const Rules *r) { return r->unused_draw == UNUSED_DRAW_OFFERED; }

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

#ifdef __POPCNT__  /* the instruction, where the compiler may use it */
static inline int popc(uint64_t m) { return __builtin_popcountll(m); }
#else
static inline int popc(uint64_t m) {
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
}
#endif
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
    const uint64_t *m = r->minimal_with[c];
    int sets = r->nminimal_sets_with[c];
    if (popc(avail & r->same_rank[c]) >= r->min_set - 1)  /* a set needs more of the rank, a sequence a neighbour */
        for (int i = 0; i < sets; i++) if (!(m[i] & ~avail)) return 1;
    if (avail & r->neighbours[c])
        for (int i = sets; i < r->nminimal_with[c]; i++) if (!(m[i] & ~avail)) return 1;
    return 0;
}
