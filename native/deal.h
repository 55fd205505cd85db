/* native/deal.h: The deal: its state, the legal actions in the Python engine's order, their effect.
   Part of the one translation unit native/kernel.c (included there, in order). */
/* -- the deal ------------------------------------------------------------------------------------------------ */
enum { PH_OFFER, PH_DISCARD, PH_REFUSED, PH_OVER };
enum { O_TURNED_UP, O_DRAWN, O_PASSED, O_DISCARD, O_DEMANDED };
enum { K_PASS, K_USE, K_DISCARD, K_FORCE, K_DEMAND, K_WAIVE, K_TAKE, K_LAY, K_KINDS };
enum { T_NONE = -1, T_WIN = 0, T_TABLEAU = 1 };

typedef struct {
    uint64_t hands[2], down[2], offer;
    uint64_t melds[2][MAXM]; int nmelds[2];
    int stock[MAXCARDS]; int nstock;   /* top of the stock last */
    int out[MAXCARDS]; int nout;
    int origin, actor, phase, forced, termination, winner, pips, decisions;
} State;

/* An action that lays melds points at its arrangement (in the Arrs it was listed from, valid until the next listing)
   rather than copying it: most actions listed are never played. */
typedef struct { int kind; const Arr *arr; uint64_t card, onto; } Act;
typedef struct { Act *a; int n, cap; int overflow; } Acts;  /* overflow: why the listing stopped short (L_...) */
#define MAX_ACTS (4 * MAX_ARRS)  /* the uses and the layings out listed, and the discards: within four lists */

static Act *acts_add(Acts *l, int kind) {
    if (l->n == l->cap) {
        if (l->cap >= MAX_ACTS) { l->overflow = L_WAYS; return NULL; }
        int cap = l->cap ? 2 * l->cap : 64;
        Act *a = realloc(l->a, (size_t)cap * sizeof(Act));
        if (!a) { l->overflow = L_MEMORY; return NULL; }
        l->a = a; l->cap = cap;
    }
    Act *x = &l->a[l->n++];
    x->kind = kind; x->arr = NULL; x->card = 0; x->onto = 0;
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
        x->arr = &s->a[i];
    }
}

/* lay_out_options: arrangements from the hand alone that lay at least one card down.  A player who passes what he
   draws asks the same question at his next draw: the last answer is kept per player (as Python's lay_memo), and the
   actions listed point into it. */
typedef struct { int valid, with_the_card, n; uint64_t hand, m[MAXM]; Arrs arrs; } LayCache;

static const Arrs *lay_outs(const Rules *r, const State *g, int me, int with_the_card, LayCache *cache) {
    LayCache *k = &cache[me];
    if (k->valid && k->with_the_card == with_the_card && k->hand == g->hands[me] && k->n == g->nmelds[me]
        && !memcmp(k->m, g->melds[me], (size_t)k->n * sizeof(uint64_t)))
        return &k->arrs;
    Arrs *s = &k->arrs;
    s->overflow = 0;
    arrangements(r, r->rearranging, r->lay_off_own, with_the_card, r->two_hand_cards, g->melds[me], g->nmelds[me],
                 g->hands[me], 0, s);
    int have = popc(g->down[me]), kept = 0;
    for (int i = 0; i < s->n; i++) {
        int total = 0;
        for (int j = 0; j < s->a[i].n; j++) total += popc(s->a[i].m[j]);
        if (total != have) s->a[kept++] = s->a[i];
    }
    s->n = kept;
    k->valid = !s->overflow;
    k->with_the_card = with_the_card; k->hand = g->hands[me]; k->n = g->nmelds[me];
    memcpy(k->m, g->melds[me], (size_t)k->n * sizeof(uint64_t));
    return s;
}

/* The forcing moves that regroup the opponent's melds (force_regrouping): listed in rg (tmp is scratch), and the
   actions added once every regrouping is listed, since a growing rg may move. */
static void add_regroupings(const Rules *r, const State *g, Acts *l, int kind, uint64_t cards, Arrs *rg, Arrs *tmp) {
    int opp = 1 - g->actor, start[MAXCARDS + 1], n = 0;
    uint64_t card[MAXCARDS];
    rg->n = 0; rg->overflow = 0;
    for (uint64_t b = cards; b && n < MAXCARDS; b &= b - 1) {
        start[n] = rg->n; card[n++] = b & -b;
        regroupings(r, g->melds[opp], g->nmelds[opp], b & -b, tmp, rg);
        if (rg->overflow) { l->overflow = rg->overflow; return; }
    }
    start[n] = rg->n;
    for (int k = 0; k < n; k++)
        for (int i = start[k]; i < start[k + 1]; i++) {
            Act *x = acts_add(l, kind);
            if (!x) return;
            x->arr = &rg->a[i];
            if (kind == K_DISCARD) x->card = card[k];
        }
}

static void legal(const Rules *r, const State *g, Acts *l, Arrs *s, LayCache *cache, Arrs *rg, Arrs *tmp) {
    int me = g->actor;
    l->n = 0;
    if (g->phase == PH_OFFER) {
        uint64_t c = g->offer, hand = g->hands[me];
        if (could_meld(r, c, g->down[me] | hand)) {
            arrangements(r, r->rearranging, r->lay_off_own, only_with_the_card(r), r->two_hand_cards, g->melds[me],
                         g->nmelds[me], hand, c, s);
            if (s->overflow) l->overflow = s->overflow;
            if (g->origin == O_DEMANDED) {
                for (int i = 0; i < s->n; i++) {
                    if (r->demanded_use == DEMANDED_USE_LAY_OFF && !laid_off(&s->a[i], g->melds[me], g->nmelds[me], c)) continue;
                    Act *x = acts_add(l, K_USE);
                    if (!x) return;
                    x->arr = &s->a[i];
                }
                return;
            }
            add_arrs(l, K_USE, s, 0);
        }
        if (r->drawn_to_hand) acts_add(l, K_TAKE);
        if (r->meld_without_use && first_say(g->origin)) {
            const Arrs *lays = lay_outs(r, g, me, only_with_the_card(r), cache);
            if (lays->overflow) l->overflow = lays->overflow;
            add_arrs(l, K_LAY, lays, 0);
        }
        acts_add(l, K_PASS);
        if (forcing_active(r) && (g->origin != O_DISCARD || r->force_back)) {
            for (int i = 0; i < g->nmelds[1 - me]; i++)
                if (extenders(r, g->melds[1 - me][i]) & c) {
                    Act *x = acts_add(l, K_FORCE);
                    if (x) x->onto = g->melds[1 - me][i];
                }
            if (r->force_regrouping) add_regroupings(r, g, l, K_FORCE, c, rg, tmp);
        }
        /* both kinds at once (forcing both): a passed card that fits the passer's meld may be forced or demanded */
        if (forcing_reactive(r) && g->origin == O_PASSED && fits_own(r, g, 1 - me, c)) acts_add(l, K_DEMAND);
    } else if (g->phase == PH_DISCARD) {
        uint64_t hand = g->hands[me];
        for (uint64_t b = hand; b; b &= b - 1) {
            Act *x = acts_add(l, K_DISCARD);
            if (x) x->card = b & -b;
        }
        if (g->forced && r->forced_lay_out) {
            const Arrs *lays = lay_outs(r, g, me, 0, cache);  /* "lay out what he holds": not only with the forced card */
            if (lays->overflow) l->overflow = lays->overflow;
            add_arrs(l, K_LAY, lays, r->cards_to_win);
        }
        int last_wins = r->last_discard_counts && popc(hand) == 1;
        if (forcing_active(r) && r->force_discard && !last_wins)
            for (int i = 0; i < g->nmelds[1 - me]; i++) {
                uint64_t onto = g->melds[1 - me][i];
                for (uint64_t b = hand & extenders(r, onto); b; b &= b - 1) {
                    Act *x = acts_add(l, K_DISCARD);
                    if (x) { x->card = b & -b; x->onto = onto; }
                }
            }
        if (forcing_active(r) && r->force_discard && !last_wins && r->force_regrouping)
            add_regroupings(r, g, l, K_DISCARD, hand, rg, tmp);
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

/* a card forced by regrouping the opponent's melds as a (force_regrouping): as put_on */
static void regroup(const Rules *r, State *g, int role, const Arr *a) {
    set_melds(g, role, a->m, a->n);  /* the card forced is among them */
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
        if (first && unused_offered(r)) { g->origin = O_PASSED; g->actor = 1 - me; }
        else if (forcing_reactive(r) && fits_own(r, g, me, c)) { g->phase = PH_REFUSED; g->actor = 1 - me; }
        else { g->out[g->nout++] = bit_code(c); g->offer = 0; draw(g, first ? 1 - me : me); }
        break;
    }
    case K_USE: {
        uint64_t before = g->down[me] | g->offer;
        set_melds(g, me, a->arr->m, a->arr->n);
        g->hands[me] &= ~(g->down[me] & ~before);
        g->offer = 0;
        after_gain(r, g, me);
        break;
    }
    case K_DISCARD:
        g->hands[me] &= ~a->card;
        if (r->last_discard_counts && !g->hands[me]) { g->out[g->nout++] = bit_code(a->card); win(g, me); }
        else if (a->onto) put_on(r, g, 1 - me, a->onto, a->card);
        else if (a->arr) regroup(r, g, 1 - me, a->arr);
        else { g->offer = a->card; g->origin = O_DISCARD; g->actor = 1 - me; g->phase = PH_OFFER; }
        break;
    case K_FORCE: {
        uint64_t c = g->offer;
        g->offer = 0;
        if (a->arr) regroup(r, g, 1 - me, a->arr);
        else put_on(r, g, 1 - me, a->onto, c);
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
        set_melds(g, me, a->arr->m, a->arr->n);
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
    memcpy(cut, order + c, (size_t)(n - c) * sizeof(int));  /* cut[i] = order[(i + c) % n], without dividing */
    memcpy(cut + (n - c), order, (size_t)c * sizeof(int));
    memset(g, 0, sizeof *g);
    int i = 0;
    for (int p = 0; p < r->hand_size / r->deal_packet; p++)
        for (int role = 1; role >= 0; role--)  /* the dealer deals to his opponent (the pone, 1) first */
            for (int k = 0; k < r->deal_packet; k++) g->hands[role] |= 1ULL << cut[i++];
    g->actor = r->first_say == FIRST_SAY_PONE ? 1 : 0;
    g->offer = 1ULL << cut[i];
    g->origin = r->turn_up ? O_TURNED_UP : O_DRAWN;
    g->phase = PH_OFFER;
    g->nstock = 0;
    for (int k = n - 1; k > i; k--) g->stock[g->nstock++] = cut[k];
    g->termination = T_NONE;
    g->winner = -1;
}
