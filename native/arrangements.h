/* native/arrangements.h: Every way a player's melds can stand after he uses a card (melds.arrangements).
   Part of the one translation unit native/kernel.c (included there, in order). */
/* -- arrangements: sorted tuples of melds, kept in a growing array -------------------------------------------- */
typedef struct { int n; uint64_t m[MAXM]; } Arr;
/* Why a listing stopped short (the deal cannot go on): none, more melds than an arrangement or the candidates hold,
   more arrangements than MAX_ARRS (the bound on memory: 176 MiB a list), memory refused, or Ctrl-C (the error set). */
enum { L_OK, L_MELDS, L_WAYS, L_MEMORY, L_INTERRUPTED };
#define MAX_ARRS (1 << 20)
/* A card's candidates in search(): its sets (MAXSETS at most: rules_from refuses a table with more; distinct sets
   of one rank hold at most 16, from the five codes of a rank) and the windows of a run of at most 16 places round it
   (l + k + 1 <= 16 cards: 136 windows at most). */
#define MAXSETS 16
#define MAXCAND (MAXSETS + 136)
typedef struct { Arr *a; int n, cap; int overflow; int countdown; } Arrs;

static int arrs_push(Arrs *s, const uint64_t *m, int n) {
    if (n > MAXM) { s->overflow = L_MELDS; return -1; }
    if (s->n == s->cap) {
        if (s->cap >= MAX_ARRS) { s->overflow = L_WAYS; return -1; }
        int cap = s->cap ? 2 * s->cap : 64;
        Arr *a = realloc(s->a, (size_t)cap * sizeof(Arr));
        if (!a) { s->overflow = L_MEMORY; return -1; }
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

/* Whether the search must stop, asked at every step and answered in full every 16,384 steps (a few milliseconds;
   one decrement the rest of the time): something went wrong (then every time after), or Ctrl-C. */
static int stopped(Arrs *out) {
    if (--out->countdown > 0) return 0;
    out->countdown = 0;
    if (out->overflow) return 1;
    if (PyErr_CheckSignals() < 0) { out->overflow = L_INTERRUPTED; return 1; }
    out->countdown = 1 << 14;
    return 0;
}

static int in_old(const Search *s, uint64_t m) {
    for (int i = 0; i < s->nold; i++) if (s->old[i] == m) return 1;
    return 0;
}

/* hand_meld_sets: every set of disjoint melds within rest, each appended to what is chosen */
static void hand_sets(Search *s, uint64_t rest) {
    if (stopped(s->out)) return;
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
            if (s->nchosen >= MAXM) { s->out->overflow = L_MELDS; return; }
            s->chosen[s->nchosen++] = m;
            hand_sets(s, above & ~m);
            s->nchosen--;
        }
    }
}

static void search(Search *s, uint64_t must, uint64_t avail) {
    if (stopped(s->out)) return;
    if (!must) {
        if (s->extra) hand_sets(s, avail & s->hand);
        else arrs_push(s->out, s->chosen, s->nchosen);
        return;
    }
    if (s->nchosen >= MAXM) { s->out->overflow = L_MELDS; return; }
    int c = low_code(must);
    const Rules *r = s->r;
    /* A set that holds the card needs min_set - 1 more of its rank, a sequence one of its neighbours: most lists are
       skipped whole.  The order of the candidates does not matter: arrangements are sorted and made unique. */
    uint64_t cand[MAXCAND];
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
            int code = r->ring[su][16 + p + k];  /* code_at[su][(p + k) % nr], without dividing */
            if (code < 0 || !(avail >> code & 1)) break;
            right[R + 1] = right[R] | 1ULL << code; R++;
        }
        for (int k = 1; k < nr; k++) {
            int code = r->ring[su][16 + p - k];
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

/* from_hand_ok(): the meld that takes the card holds a whole old meld, or two cards of the hand */
static int from_hand_ok(const Arr *a, const uint64_t *old, int nold, uint64_t hand, uint64_t card) {
    uint64_t m = 0;
    for (int k = 0; k < a->n; k++) if (a->m[k] & card) { m = a->m[k]; break; }
    for (int o = 0; o < nold; o++) if (!(old[o] & ~m)) return 1;
    return popc(m & hand) >= 2;
}

/* arrangements(): every way the player's melds can stand after using card (0: laying out from the hand) */
static void arrangements(const Rules *r, int rearranging, int lay_off, int with_the_card, int two_hand,
                         const uint64_t *old, int nold, uint64_t hand, uint64_t card, Arrs *out) {
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
    s.old = old; s.nold = nold; s.rearrange = rearranging != REARRANGING_NONE; s.lay_off = lay_off;
    s.extra = !with_the_card;
    s.nchosen = 0; s.out = out;
    search(&s, must, avail);
    arrs_sort_unique(out);
    int new_meld = rearranging == REARRANGING_WITH_NEW_MELD;
    if (rearranging == REARRANGING_BORROW || new_meld) {
        int k = 0;
        for (int i = 0; i < out->n; i++)
            if (borrowing_ok(r, &out->a[i], old, nold, new_meld)) out->a[k++] = out->a[i];
        out->n = k;
    }
    if (two_hand && card) {  /* melds.from_hand_ok: laid off, or a new meld with two hand cards */
        int k = 0;
        for (int i = 0; i < out->n; i++)
            if (from_hand_ok(&out->a[i], old, nold, hand, card)) out->a[k++] = out->a[i];
        out->n = k;
    }
}

/* regroupings(): every way a forcer may regroup the opponent's melds old so that card joins them (melds.regroupings),
   appended to out in sorted order, the plain additions (the card on one meld as it stands) left out; tmp is scratch. */
static void regroupings(const Rules *r, const uint64_t *old, int nold, uint64_t card, Arrs *tmp, Arrs *out) {
    uint64_t down = 0;
    for (int i = 0; i < nold; i++) down |= old[i];
    if (!nold || !could_meld(r, card, down)) return;
    tmp->overflow = 0;
    arrangements(r, REARRANGING_FREE, 1, 1, 0, old, nold, 0, card, tmp);
    if (tmp->overflow) { out->overflow = tmp->overflow; return; }
    for (int i = 0; i < tmp->n; i++) {
        const Arr *a = &tmp->a[i];
        int plain = 0;
        for (int o = 0; o < nold && !plain; o++) {
            if (a->n != nold) break;
            /* the card on old[o] as it stands, the others untouched: every meld of a is an old one, or old[o] | card */
            int same = 1;
            for (int k = 0; k < a->n && same; k++) {
                uint64_t m = a->m[k];
                if (m == (old[o] | card)) continue;
                int found = 0;
                for (int q = 0; q < nold; q++) if (q != o && old[q] == m) { found = 1; break; }
                same = found;
            }
            plain = same;
        }
        if (!plain && arrs_push(out, a->m, a->n) < 0) return;
    }
}
