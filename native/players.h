/* native/players.h: The players: random, greedy (players.GreedyPlayer), and the invariants of the checked mode.
   Part of the one translation unit native/kernel.c (included there, in order). */
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
        if (!(first && unused_offered(r)) && !(forcing_reactive(r) && fits_own(r, g, me, g->offer)) && !g->nstock)
            return 0.0;  /* the next draw finds the stock empty: a tableau */
        break;
    }
    case K_USE: case K_LAY: {
        uint64_t before = a->kind == K_USE ? down | g->offer : down, after = 0;
        for (int i = 0; i < a->arr->n; i++) after |= a->arr->m[i];
        hand &= ~(after & ~before);
        down = after;
        if (popc(after) >= r->cards_to_win) return WIN;
        break;
    }
    case K_DISCARD:
        hand &= ~a->card;
        if (r->last_discard_counts && !hand) return WIN;
        if ((a->onto || a->arr) && popc(g->down[opp] | a->card) >= r->cards_to_win) return -WIN;
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
