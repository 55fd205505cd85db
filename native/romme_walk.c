/* Rommé's first-meld walk, compiled: which melds of a hand can be part of a first meld, all at once.
 *
 * The same walk as conquian/games/romme/walk.py (its Python twin, which the engine uses where this module is not built,
 * as in the browser), on the same sub-hands in the same order, with the same answers: a differential test
 * (tests/test_romme_walk_native.py) holds the two to identical results.  conquian/games/romme/walk.py is its only caller.
 *
 * A bag is a hand or a meld's cards: four bits a card code (0-51 the natural cards, 52 the jokers), as in
 * conquian/games/romme/bags.py, here in four 64-bit words.  A way to a first meld is measured in what it falls short of
 * the hand's bound (every card at its highest): its loss.  Where the Python walk keeps, for each sub-hand, a bit
 * set over (jokers left, card still to keep, loss), this one keeps the two numbers those sets amount to in each
 * lane (2j + k: j jokers left, a card still to keep if k): the most loss still open to a way that comes to the
 * sub-hand (the first set holds the losses 0 to that), and the least loss of a way on from it to the end (the
 * second holds every loss from that up).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CODES 52
#define JOKER 52
#define BAG_BYTES 27                  /* 53 counts of four bits */
/* What a deal can hold (conquian/games/romme/rules.py: the axes' largest values; tests/test_native_hostile.py holds the
 * two to the same): a bag beyond them is refused, never walked (a hand of seven copies of twelve cards was walked
 * for ever, its memory growing). */
#define MAX_JOKERS 6                  /* six jokers at most: axis jokers, three a pack */
#define MAX_COPIES 2                  /* a natural card twice at most: axis packs */
#define MAX_HAND 20                   /* the dealer's hand, a card more than hand_size's 19: the largest hand */
#define MAX_BYTES ((size_t)512 << 20) /* the walk's arrays (a valid hand needs a few MiB): also keeps indices in int32 */
#define MAX_LANES (2 * (MAX_JOKERS + 1))
#define NONE (1 << 29)                /* no way: a loss above any slack */
#define GUARD 0x8888888888888888ULL   /* a count less what is taken clears its guard bit when it goes below 0 */
#define NAT3 0xFFFFULL                /* the fourth word's natural counts (codes 48-51); the jokers above */

typedef struct { uint64_t w[4]; } Bag;

static uint64_t bag_hash(const Bag *b) {
    uint64_t h = b->w[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (b->w[1] + (h << 6) + (h >> 2)) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (b->w[2] + (h << 6) + (h >> 2)) * 0x165667B19E3779F9ULL;
    h ^= (b->w[3] + (h << 6) + (h >> 2)) * 0x27D4EB2F165667C5ULL;
    return h ^ (h >> 29);
}

static int bag_eq(const Bag *a, const Bag *b) {
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

static int bag_cmp(const Bag *a, const Bag *b) {  /* as the Python ints compare */
    for (int i = 3; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static int bag_top(const Bag *b) {  /* the highest natural card (the bag's naturals must not be empty) */
    uint64_t w3 = b->w[3] & NAT3;
    if (w3) return 48 + (63 - __builtin_clzll(w3)) / 4;
    for (int i = 2; i >= 0; i--)
        if (b->w[i]) return i * 16 + (63 - __builtin_clzll(b->w[i])) / 4;
    return -1;
}

static int bag_low(const Bag *b) {
    for (int i = 0; i < 4; i++) {
        uint64_t w = i == 3 ? b->w[3] & NAT3 : b->w[i];
        if (w) return i * 16 + __builtin_ctzll(w) / 4;
    }
    return -1;
}

static int count_of(const Bag *b, int code) { return (int)((b->w[code / 16] >> (4 * (code % 16))) & 15); }

static void take_card(Bag *b, int code) { b->w[code / 16] -= 1ULL << (4 * (code % 16)); }

static int fits(const Bag *hand, const Bag *part) {  /* part within hand (counts of 7 at most: two packs) */
    for (int i = 0; i < 4; i++)
        if ((((hand->w[i] + GUARD) - part->w[i]) & GUARD) != GUARD) return 0;
    return 1;
}

static void take(Bag *out, const Bag *hand, const Bag *part) {
    for (int i = 0; i < 4; i++) out->w[i] = hand->w[i] - part->w[i];
}

static int naturals_empty(const Bag *b) { return !(b->w[0] | b->w[1] | b->w[2] | (b->w[3] & NAT3)); }


/* -- an open-addressing table from bags to the indices of an array whose items begin with their bag --------------- */
typedef struct {
    int32_t *slot;
    size_t mask, n;
    void **base;   /* the array (read through this pointer: it moves when it grows) */
    size_t stride; /* the size of its items */
} Table;

static const Bag *key_at(const Table *t, int32_t i) {
    return (const Bag *)((const char *)*t->base + (size_t)i * t->stride);
}

static int table_init(Table *t, void **base, size_t stride, size_t want) {
    size_t cap = 64;
    while (cap < 2 * want) cap <<= 1;
    t->slot = malloc(cap * sizeof(int32_t));
    if (!t->slot) return -1;
    memset(t->slot, 0xFF, cap * sizeof(int32_t));
    t->mask = cap - 1, t->n = 0, t->base = base, t->stride = stride;
    return 0;
}

/* The index of `key`, or -1 with *at where it would go. */
static int32_t table_find(const Table *t, const Bag *key, size_t *at) {
    size_t i = bag_hash(key) & t->mask;
    while (t->slot[i] >= 0) {
        if (bag_eq(key_at(t, t->slot[i]), key)) return t->slot[i];
        i = (i + 1) & t->mask;
    }
    *at = i;
    return -1;
}

/* Put `index` (whose item is in the array already) where table_find said; the table grows at half full. */
static int table_add(Table *t, size_t at, int32_t index) {
    t->slot[at] = index;
    if (++t->n * 2 <= t->mask) return 0;
    size_t old_cap = t->mask + 1, cap = old_cap * 2;
    int32_t *old = t->slot;
    t->slot = malloc(cap * sizeof(int32_t));
    if (!t->slot) { t->slot = old; return -1; }
    memset(t->slot, 0xFF, cap * sizeof(int32_t));
    t->mask = cap - 1;
    for (size_t j = 0; j < old_cap; j++)
        if (old[j] >= 0) {
            size_t i = bag_hash(key_at(t, old[j])) & t->mask;
            while (t->slot[i] >= 0) i = (i + 1) & t->mask;
            t->slot[i] = old[j];
        }
    free(old);
    return 0;
}

/* An array of the walk grown to hold `need` items, within the walk's MAX_BYTES.  -1: an error is set. */
static int grow(size_t *bytes, void **a, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 256;
    while (c < need) c *= 2;
    if (*bytes - *cap * size + c * size > MAX_BYTES) {
        PyErr_Format(PyExc_MemoryError, "the walk would need more than %zu MiB", MAX_BYTES >> 20);
        return -1;
    }
    void *p = realloc(*a, c * size);
    if (!p) { PyErr_NoMemory(); return -1; }
    *bytes += (c - *cap) * size;
    *a = p, *cap = c;
    return 0;
}

/* -- the melds, one entry a bag, in trees by highest natural card ------------------------------------------------ */
typedef struct {
    Bag bag;
    int32_t first;            /* the first meld of this bag in the caller's list: the answer's key */
    int32_t jokers, bound;    /* the bound: every card at its highest, a joker as an ace */
    int32_t loss_at, losses;  /* its melds' losses (bound less their points), distinct and rising, in the pool */
    int32_t found;            /* the most loss one of its melds may have and be part of a first meld; -1: none */
} Entry;

typedef struct {
    Bag part;                  /* the natural cards */
    int32_t parent, child, sibling;
    int32_t kid_at, kids;      /* its children in the kids array */
    int32_t entry_at, entries; /* its bags (by rising least loss) in the order array */
    int32_t least[MAX_JOKERS + 1]; /* the least loss of a meld of its branch with j jokers at most (NONE: none): a
                                    * walk with j jokers left and less room passes the branch by */
} Node;

typedef struct {
    Bag nat;
    int32_t ahead[MAX_LANES];  /* per lane, the most loss still open to a way to here; -1: no way */
    int32_t on[MAX_LANES];     /* per lane, the least loss of a way on from here to the end; NONE: none */
    int32_t room;              /* the most of ahead */
    int32_t taken_at, taken;   /* the steps the first pass took from here, in the taken array */
} State;

typedef struct { int32_t entry, points; } Pair;

typedef struct { int32_t loss, jokers, entry; } Slot;  /* a node's bag, as the walk reads it: its least loss */

typedef struct { int32_t node, state; } Step;  /* a step of the first pass: its node, and the state it leads to */

/* A node's branch as its parent's walk reads it, next to its siblings' (a walk reads the children of a node one
 * after the other: side by side, they come in one or two cache lines each). */
typedef struct {
    int32_t least[MAX_JOKERS + 1];
    int32_t node;
    Bag part;
} Kid;

typedef struct {
    Entry *e; size_t ne, ce;
    int32_t *pool; size_t np, cp;
    Node *n; size_t nn, cn;
    Kid *kid; size_t ck;
    Slot *order; size_t co;
    State *s; size_t ns, cs;
    Step *taken; size_t nt, ct;
    int32_t *done; size_t nd, cd;  /* the states in the order the first pass left them: the largest sub-hand first */
    int32_t *heap; size_t nh, ch;
    int32_t *stack; size_t cst;
    Table entries, nodes, states;
    int32_t root[CODES];
    int value[CODES + 1];
    int lanes, slack;
    int cover;  /* laying out the whole hand (Hand-Rommé): no loss, and no card left out but the one kept */
    size_t bytes;     /* what the arrays hold (see grow) */
    unsigned ticks;   /* steps of the passes, to look for Ctrl-C every so many */
} Walk;

/* Ctrl-C, looked at every 256 sub-hands of the passes (well under a millisecond).  -1: an error is set. */
static int interrupted(Walk *w) {
    return !(++w->ticks & 255) && PyErr_CheckSignals() < 0 ? -1 : 0;
}

static void walk_free(Walk *w) {
    free(w->e); free(w->pool); free(w->n); free(w->kid); free(w->order); free(w->s); free(w->taken); free(w->done);
    free(w->heap); free(w->stack); free(w->entries.slot); free(w->nodes.slot); free(w->states.slot);
}

static int bound_of(const Walk *w, const Bag *b) {
    int total = 0;
    for (int i = 0; i < 4; i++)
        for (uint64_t v = b->w[i]; v; v &= v - 1) {  /* each bit set: a count's 1, 2 or 4 */
            int bit = __builtin_ctzll(v);
            total += w->value[i * 16 + bit / 4] << (bit % 4);
        }
    return total;
}

/* The node of the natural cards `part`, made (with the nodes on the way to it) if there is none: its parent holds
 * the same cards but the lowest, and a node of one card is the root of that card's tree.  -2: out of memory. */
static int32_t node_of(Walk *w, const Bag *part) {
    size_t at;
    int32_t i = table_find(&w->nodes, part, &at), parent = -1;
    if (i >= 0) return i;
    Bag up = *part;
    take_card(&up, bag_low(part));
    if (!naturals_empty(&up)) {
        parent = node_of(w, &up);
        if (parent < 0) return -2;
        table_find(&w->nodes, part, &at);  /* (the table may have grown meanwhile) */
    }
    if (grow(&w->bytes, (void **)&w->n, &w->cn, w->nn + 1, sizeof(Node)) < 0) return -2;
    i = (int32_t)w->nn++;
    Node *n = &w->n[i];
    n->part = *part, n->parent = parent, n->child = -1, n->sibling = -1;
    n->entry_at = 0, n->entries = 0;
    for (int j = 0; j <= MAX_JOKERS; j++) n->least[j] = NONE;
    if (parent >= 0) n->sibling = w->n[parent].child, w->n[parent].child = i;
    else w->root[bag_top(part)] = i;
    return table_add(&w->nodes, at, i) < 0 ? -2 : i;
}

/* -- the two passes --------------------------------------------------------------------------------------------- */
static int push(Walk *w, int32_t si) {  /* onto the heap of states, the largest sub-hand on top */
    if (grow(&w->bytes, (void **)&w->heap, &w->ch, w->nh + 1, sizeof(int32_t)) < 0) return -1;
    size_t i = w->nh++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (bag_cmp(&w->s[w->heap[up]].nat, &w->s[si].nat) >= 0) break;
        w->heap[i] = w->heap[up], i = up;
    }
    w->heap[i] = si;
    return 0;
}

static int32_t pop(Walk *w) {
    int32_t top = w->heap[0], last = w->heap[--w->nh];
    size_t i = 0, n = w->nh;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && bag_cmp(&w->s[w->heap[c + 1]].nat, &w->s[w->heap[c]].nat) > 0) c++;
        if (bag_cmp(&w->s[w->heap[c]].nat, &w->s[last].nat) <= 0) break;
        w->heap[i] = w->heap[c], i = c;
    }
    if (n) w->heap[i] = last;
    return top;
}

/* The state of the sub-hand `nat`, made (and put on the heap, unless it has no natural card) if there is none. */
static int32_t state_of(Walk *w, const Bag *nat) {
    size_t at;
    int32_t i = table_find(&w->states, nat, &at);
    if (i >= 0) return i;
    if (grow(&w->bytes, (void **)&w->s, &w->cs, w->ns + 1, sizeof(State)) < 0) return -2;
    i = (int32_t)w->ns++;
    State *s = &w->s[i];
    s->nat = *nat, s->room = -1, s->taken_at = 0, s->taken = 0;
    for (int l = 0; l < MAX_LANES; l++) s->ahead[l] = -1, s->on[l] = NONE;
    if (table_add(&w->states, at, i) < 0) return -2;
    if (!naturals_empty(nat) && push(w, i) < 0) return -2;
    return i;
}

/* A step of the first pass to the sub-hand `nat`: `open` the most loss still open in each lane.  Its state, or
 * -1: out of memory. */
static int32_t reach(Walk *w, const Bag *nat, const int32_t *open) {
    int32_t i = state_of(w, nat);
    if (i < 0) return -1;
    int32_t *ahead = w->s[i].ahead;
    for (int l = 0; l < w->lanes; l++)
        if (open[l] > ahead[l]) ahead[l] = open[l];
    return i;
}

static int most_jokers(const Walk *w, const int32_t *ahead) {  /* the most jokers left on a way to here */
    for (int l = w->lanes - 1; l >= 0; l--)
        if (ahead[l] >= 0) return l / 2;
    return -1;
}

static int first_pass(Walk *w) {
    while (w->nh) {
        if (interrupted(w) < 0) return -1;
        int32_t si = pop(w);
        Bag nat = w->s[si].nat;
        int32_t ahead[MAX_LANES], room = -1, open[MAX_LANES];
        memcpy(ahead, w->s[si].ahead, sizeof ahead);
        for (int l = 0; l < w->lanes; l++) if (ahead[l] > room) room = ahead[l];
        int most_j = most_jokers(w, ahead), top = bag_top(&nat);
        size_t taken_at = w->nt, depth = 0;
        int32_t root = w->root[top];
        if (root >= 0 && most_j >= 0 && w->n[root].least[most_j] <= room) w->stack[depth++] = root;
        while (depth) {  /* the tree's branches within nat and the room, depth first */
            int32_t ni = w->stack[--depth];
            const Node *node = &w->n[ni];
            for (const Kid *k = &w->kid[node->kid_at], *end = k + node->kids; k < end; k++)
                if (k->least[most_j] <= room && fits(&nat, &k->part)) w->stack[depth++] = k->node;
            int any = 0;
            for (int l = 0; l < w->lanes; l++) open[l] = -1;
            for (const Slot *o = &w->order[node->entry_at], *end = o + node->entries; o < end; o++) {
                int32_t x = o->loss, k2 = 2 * o->jokers;
                if (x > room) break;
                if (o->jokers > most_j) continue;
                for (int l = k2; l < w->lanes; l++)
                    if (ahead[l] >= x && ahead[l] - x > open[l - k2]) open[l - k2] = ahead[l] - x, any = 1;
            }
            if (any) {
                if (grow(&w->bytes, (void **)&w->taken, &w->ct, w->nt + 1, sizeof(Step)) < 0) return -1;
                Bag after;
                take(&after, &nat, &node->part);
                int32_t to = reach(w, &after, open);
                if (to < 0) return -1;
                w->taken[w->nt].node = ni, w->taken[w->nt++].state = to;
            }
        }
        int v = w->cover ? 0 : w->value[top], any = 0;
        if (v <= room) {  /* the highest card left out (the card kept, where one must be; the only one, laying out) */
            for (int l = 0; l < w->lanes; l++) open[l] = -1;
            for (int j = 0; 2 * j < w->lanes; j++) {
                int32_t a = ahead[2 * j + 1];
                if (!w->cover && ahead[2 * j] > a) a = ahead[2 * j];
                if (a >= v) open[2 * j] = a - v, any = 1;
            }
            if (any) {
                Bag after = nat;
                take_card(&after, top);
                if (reach(w, &after, open) < 0) return -1;
            }
        }
        State *s = &w->s[si];
        s->room = room, s->taken_at = (int32_t)taken_at, s->taken = (int32_t)(w->nt - taken_at);
        if (grow(&w->bytes, (void **)&w->done, &w->cd, w->nd + 1, sizeof(int32_t)) < 0) return -1;
        w->done[w->nd++] = si;
    }
    return 0;
}

static int second_pass(Walk *w, int32_t empty) {
    int jv = w->value[JOKER];
    for (int l = 0; l < w->lanes; l++) {  /* no natural card left: the jokers left lose their bound */
        int j = l / 2, keep = l % 2;
        if (w->cover)  /* laid out: every joker used, or the one kept */
            w->s[empty].on[l] = j == keep ? 0 : NONE;
        else
            w->s[empty].on[l] = (j || !keep) && jv * j <= w->slack ? jv * j : NONE;
    }
    for (size_t o = w->nd; o-- > 0;) {  /* every step leads to a smaller sub-hand: the smallest first */
        if (interrupted(w) < 0) return -1;
        int32_t si = w->done[o];
        const State *s = &w->s[si];
        int32_t on[MAX_LANES], room = s->room;
        const int32_t *ahead = s->ahead;
        int most_j = most_jokers(w, ahead);
        for (int l = 0; l < MAX_LANES; l++) on[l] = NONE;
        for (int32_t t = s->taken_at; t < s->taken_at + s->taken; t++) {
            const Node *node = &w->n[w->taken[t].node];
            const int32_t *later = w->s[w->taken[t].state].on;
            for (const Slot *o = &w->order[node->entry_at], *end = o + node->entries; o < end; o++) {
                int32_t x = o->loss, k2 = 2 * o->jokers, meet = -1;
                if (x > room) break;
                if (o->jokers > most_j) continue;
                for (int l = k2; l < w->lanes; l++) {
                    if (ahead[l] < 0 || later[l - k2] >= NONE) continue;
                    int32_t total = later[l - k2] + x, d = ahead[l] - later[l - k2];
                    if (total <= w->slack && total < on[l]) on[l] = total;
                    if (d > meet) meet = d;
                }
                if (meet >= x) {  /* its best meld is part of a way: its others, by rising loss, while they are */
                    Entry *e = &w->e[o->entry];
                    const int32_t *loss = &w->pool[e->loss_at];
                    for (int32_t j = 0; j < e->losses; j++) {
                        if (loss[j] > meet || loss[j] > w->slack) break;
                        if (loss[j] > e->found) e->found = loss[j];
                    }
                }
            }
        }
        int top = bag_top(&s->nat), v = w->cover ? 0 : w->value[top];
        if (v <= room) {
            Bag after = s->nat;
            size_t at;
            take_card(&after, top);
            int32_t ci = table_find(&w->states, &after, &at);
            if (ci >= 0) {
                const int32_t *later = w->s[ci].on;
                for (int j = 0; 2 * j < w->lanes; j++) {
                    if (later[2 * j] >= NONE || later[2 * j] + v > w->slack) continue;
                    for (int keep = w->cover; keep < 2; keep++)
                        if (ahead[2 * j + keep] >= 0 && later[2 * j] + v < on[2 * j + keep])
                            on[2 * j + keep] = later[2 * j] + v;
                }
            }
        }
        memcpy(w->s[si].on, on, sizeof on);
    }
    return 0;
}

/* What the last call met: its bags, tree nodes, sub-hands and steps (for benchmarks and tests). */
static size_t last_entries, last_nodes, last_states, last_taken;

static void remember(const Walk *w) {
    last_entries = w->ne, last_nodes = w->nn, last_states = w->ns, last_taken = w->nt;
}

static PyObject *romme_last(PyObject *self, PyObject *args) {
    (void)self, (void)args;
    return Py_BuildValue("{snsnsnsn}", "bags", (Py_ssize_t)last_entries, "nodes", (Py_ssize_t)last_nodes,
                         "sub_hands", (Py_ssize_t)last_states, "steps", (Py_ssize_t)last_taken);
}

/* -- from Python -------------------------------------------------------------------------------------------------- */
static PyObject *card_error, *position_error, *conquian_error;  /* conquian.errors' classes, found at import: bad
                                                                 * input is refused with them (TypeError: a wrong type) */

/* A bag read from an int: `what` and `at` (-1: none) say where, in the message.  A bag no deal can hold (a card more
 * often than the packs have it, more jokers than they bring, more cards than the largest hand) is refused. */
static int read_bag(PyObject *o, Bag *b, const char *what, Py_ssize_t at) {
    unsigned char buf[32] = {0};
    char place[64];  /* where, in a message (written only for one) */
#define WHERE (at < 0 ? what : (PyOS_snprintf(place, sizeof place, "%s %zd", what, at), place))
    if (!PyLong_CheckExact(o)) {  /* (not a subclass: no code of the caller's runs while it is read or hashed) */
        PyErr_Format(PyExc_TypeError, "%s: a bag is an int, not %.50s", WHERE, Py_TYPE(o)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t n = PyLong_AsNativeBytes(o, buf, BAG_BYTES,
                                        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                        Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (n < 0) return -1;
    if (n > BAG_BYTES) {
        PyErr_Format(card_error, "%s: not a bag (more than %d bytes)", WHERE, BAG_BYTES);
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)o, buf, BAG_BYTES, 1, 0) < 0) {
        PyErr_Clear();
        PyErr_Format(card_error, "%s: not a bag (negative, or more than %d bytes)", WHERE, BAG_BYTES);
        return -1;
    }
#endif
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int k = 7; k >= 0; k--) v = (v << 8) | buf[8 * i + k];
        b->w[i] = v;
    }
    if (b->w[3] >> 20) {  /* a count past the jokers' */
        PyErr_Format(card_error, "%s: not a bag (a count past the jokers')", WHERE);
        return -1;
    }
    /* A count of 3 or more has bit 2 or 3 set, or bits 0 and 1 (in every four bits at once; the slow loop only to
     * name the card); the counts added in bytes (30 at most each), then the bytes by a multiplication. */
    int cards = 0, many = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t v = b->w[i], nat = i == 3 ? NAT3 : ~0ULL;
        many |= (((v >> 2) | (v >> 3) | ((v >> 1) & v)) & 0x1111111111111111ULL & nat) != 0;
        uint64_t bytes = (v & 0x0F0F0F0F0F0F0F0FULL) + ((v >> 4) & 0x0F0F0F0F0F0F0F0FULL);
        cards += (int)((bytes * 0x0101010101010101ULL) >> 56);
    }
    for (int c = 0; many && c < JOKER; c++)
        if (count_of(b, c) > MAX_COPIES) {
            PyErr_Format(card_error, "%s: %d copies of card code %d (at most %d: one a pack)", WHERE, count_of(b, c), c,
                         MAX_COPIES);
            return -1;
        }
    if (count_of(b, JOKER) > MAX_JOKERS) {
        PyErr_Format(card_error, "%s: %d jokers (at most %d: three a pack)", WHERE, count_of(b, JOKER), MAX_JOKERS);
        return -1;
    }
    if (cards > MAX_HAND) {
        PyErr_Format(position_error, "%s: %d cards (a hand holds at most %d)", WHERE, cards, MAX_HAND);
        return -1;
    }
    return 0;
#undef WHERE
}

static int read_int(PyObject *o, int *out, const char *what, Py_ssize_t at, long most) {
    if (!PyLong_Check(o)) {  /* (no __index__: nothing of the caller's runs while the lists are read) */
        PyErr_Format(PyExc_TypeError, "%s %zd: an int, not %.50s", what, at, Py_TYPE(o)->tp_name);
        return -1;
    }
    int over = 0;
    long v = PyLong_AsLongAndOverflow(o, &over);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (over) {
        PyErr_Format(conquian_error, "%s %zd is out of range (0 to %ld)", what, at, most);
        return -1;
    }
    if (v < 0 || v > most) {
        PyErr_Format(conquian_error, "%s %zd: %ld is out of range (0 to %ld)", what, at, v, most);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Entries (one a bag, its melds' distinct losses) and the trees of those that lose the slack at most.  `bags` and
 * `points` are tuples: copies of the caller's lists, which a signal handler run at a check for Ctrl-C cannot change. */
static int build(Walk *w, PyObject *bags, PyObject *points) {
    Py_ssize_t m = PyTuple_GET_SIZE(bags);
    Pair *pairs = malloc((m ? m : 1) * sizeof(Pair));
    if (!pairs) { PyErr_NoMemory(); return -1; }
    if (table_init(&w->entries, (void **)&w->e, sizeof(Entry), (size_t)m / 2 + 16) < 0) goto memory;
    for (Py_ssize_t i = 0; i < m; i++) {
        Bag b;
        int p = 0;
        size_t at;
        if (!(i & 4095) && PyErr_CheckSignals() < 0) goto fail;  /* (a list of millions of melds: Ctrl-C) */
        if (read_bag(PyTuple_GET_ITEM(bags, i), &b, "meld", i) < 0 ||
            (points && read_int(PyTuple_GET_ITEM(points, i), &p, "points of meld", i, 100000) < 0)) goto fail;
        if (naturals_empty(&b)) {
            PyErr_Format(card_error, "meld %zd: a meld holds a natural card", i);
            goto fail;
        }
        int32_t e = table_find(&w->entries, &b, &at);
        if (e < 0) {
            if (grow(&w->bytes, (void **)&w->e, &w->ce, w->ne + 1, sizeof(Entry)) < 0) goto memory;
            e = (int32_t)w->ne++;
            Entry *x = &w->e[e];
            x->bag = b, x->first = (int32_t)i, x->jokers = count_of(&b, JOKER);
            x->bound = points ? bound_of(w, &b) : 0;  /* (laying out: no points, every meld loses nothing) */
            x->loss_at = 0, x->losses = 0, x->found = -1;
            if (table_add(&w->entries, at, e) < 0) goto memory;
        }
        pairs[i].entry = e, pairs[i].points = p;
    }
    /* Each bag's losses, distinct and rising: its melds' points bucketed by bag (counting), each bucket sorted. */
    int32_t *start = calloc(w->ne + 1, sizeof(int32_t)), *sorted = malloc((m ? m : 1) * sizeof(int32_t));
    if (!start || !sorted) { free(start); free(sorted); goto memory; }
    for (Py_ssize_t i = 0; i < m; i++) start[pairs[i].entry + 1]++;
    for (size_t e = 0; e < w->ne; e++) start[e + 1] += start[e];
    for (Py_ssize_t i = 0; i < m; i++) sorted[start[pairs[i].entry]++] = pairs[i].points;  /* (start moves on) */
    if (grow(&w->bytes, (void **)&w->pool, &w->cp, (size_t)m + 1, sizeof(int32_t)) < 0) { free(start); free(sorted); goto memory; }
    for (size_t e = 0, from = 0; e < w->ne; from = start[e], e++) {
        Entry *x = &w->e[e];
        int32_t *pts = &sorted[from], n = start[e] - (int32_t)from;
        for (int32_t i = 1; i < n; i++) {  /* falling points (a bag has a handful of melds, seldom more) */
            int32_t v = pts[i], k = i;
            while (k > 0 && pts[k - 1] < v) pts[k] = pts[k - 1], k--;
            pts[k] = v;
        }
        x->loss_at = (int32_t)w->np;
        for (int32_t i = 0; i < n; i++)
            if (!i || pts[i] != pts[i - 1]) w->pool[w->np++] = x->bound - pts[i], x->losses++;
        if (n && points && pts[0] > x->bound) {
            PyErr_Format(conquian_error, "meld %d: %d points, more than its cards can count (%d)", x->first,
                         pts[0], x->bound);
            free(start);
            free(sorted);
            goto fail;
        }
    }
    free(start);
    free(sorted);
    free(pairs);
    pairs = NULL;
    if (table_init(&w->nodes, (void **)&w->n, sizeof(Node), w->ne + 16) < 0) goto memory;
    for (int c = 0; c < CODES; c++) w->root[c] = -1;
    int32_t *node_of_entry = malloc((w->ne ? w->ne : 1) * sizeof(int32_t));
    if (!node_of_entry) goto memory;
    for (size_t e = 0; e < w->ne; e++) {  /* a meld that loses more than the slack is part of no first meld */
        Entry *x = &w->e[e];
        node_of_entry[e] = -1;
        if (w->pool[x->loss_at] > w->slack) continue;
        Bag part = x->bag;
        part.w[3] &= NAT3;
        int32_t ni = node_of(w, &part);
        if (ni < 0) { free(node_of_entry); goto memory; }
        node_of_entry[e] = ni;
        w->n[ni].entries++;
    }
    int32_t at = 0;
    for (size_t i = 0; i < w->nn; i++) w->n[i].entry_at = at, at += w->n[i].entries, w->n[i].entries = 0;
    if (grow(&w->bytes, (void **)&w->order, &w->co, (size_t)at + 1, sizeof(Slot)) < 0) { free(node_of_entry); goto memory; }
    for (size_t e = 0; e < w->ne; e++) {  /* each node's bags, by rising least loss (insertion: a handful) */
        if (node_of_entry[e] < 0) continue;
        Node *n = &w->n[node_of_entry[e]];
        Slot *list = &w->order[n->entry_at];
        int32_t k = n->entries++, loss = w->pool[w->e[e].loss_at];
        while (k > 0 && list[k - 1].loss > loss) list[k] = list[k - 1], k--;
        list[k].loss = loss, list[k].jokers = w->e[e].jokers, list[k].entry = (int32_t)e;
        for (int j = w->e[e].jokers; j <= MAX_JOKERS; j++)  /* (a meld of more jokers than the pack's is in no hand) */
            if (loss < n->least[j]) n->least[j] = loss;
    }
    free(node_of_entry);
    for (size_t i = w->nn; i-- > 0;) {  /* a branch's least losses: a node is made after its parent */
        Node *n = &w->n[i];
        if (n->parent >= 0)
            for (int j = 0; j <= MAX_JOKERS; j++)
                if (n->least[j] < w->n[n->parent].least[j]) w->n[n->parent].least[j] = n->least[j];
    }
    if (grow(&w->bytes, (void **)&w->kid, &w->ck, w->nn + 1, sizeof(Kid)) < 0) goto memory;
    int32_t placed = 0;
    for (size_t i = 0; i < w->nn; i++) {  /* each node's children side by side */
        Node *n = &w->n[i];
        n->kid_at = placed, n->kids = 0;
        for (int32_t c = n->child; c >= 0; c = w->n[c].sibling, n->kids++, placed++) {
            Kid *k = &w->kid[placed];
            memcpy(k->least, w->n[c].least, sizeof k->least);
            k->node = c, k->part = w->n[c].part;
        }
    }
    if (grow(&w->bytes, (void **)&w->stack, &w->cst, w->nn + 1, sizeof(int32_t)) < 0) goto memory;
    return 0;
memory:
    if (!PyErr_Occurred()) PyErr_NoMemory();  /* (grow sets its own) */
fail:
    free(pairs);
    return -1;
}

/* The hand read into `start` (its natural cards) and its jokers checked: the lanes set.  -1: an error is set. */
static int read_hand(Walk *w, PyObject *hand_o, Bag *start) {
    if (read_bag(hand_o, start, "hand", -1) < 0) return -1;
    int jokers = count_of(start, JOKER);  /* (MAX_JOKERS at most: read_bag saw to it) */
    w->lanes = 2 * (jokers + 1);
    start->w[3] &= NAT3;
    return 0;
}

/* Both passes, from the whole hand's natural cards with `open` the loss still open in each lane (-1: none); the
 * bags' `found` set.  The hand must hold a natural card.  -1: out of memory (not set). */
static int run(Walk *w, const Bag *start, const int32_t *open) {
    if (table_init(&w->states, (void **)&w->s, sizeof(State), 1024) < 0) return -1;
    Bag none = {{0, 0, 0, 0}};
    int32_t empty = state_of(w, &none), first = state_of(w, start);
    if (empty < 0 || first < 0) return -1;
    memcpy(w->s[first].ahead, open, sizeof(int32_t) * (size_t)w->lanes);
    if (first_pass(w) < 0 || second_pass(w, empty) < 0) return -1;
    remember(w);
    return 0;
}

/* The walk freed, and `out` returned, or NULL where `status` says an error is set (-1) or the walk stopped (-2:
 * memory ran out, or what stopped it set an error). */
static PyObject *finish(Walk *w, PyObject *out, int status, PyObject *bags, PyObject *points) {
    walk_free(w);
    Py_XDECREF(bags);
    Py_XDECREF(points);
    if (!status) return out;
    if (status == -2 && !PyErr_Occurred()) PyErr_NoMemory();  /* (what failed may have said why: see grow) */
    Py_DECREF(out);
    return NULL;
}

static PyObject *romme_fewest(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *bags, *points, *hand_o, *values, *need_o, *out = NULL;
    int keep;
    if (!PyArg_ParseTuple(args, "O!O!OO!pO!", &PyList_Type, &bags, &PyList_Type, &points, &hand_o, &PyLong_Type,
                          &need_o, &keep, &PyList_Type, &values))
        return NULL;
    int over = 0;  /* a need beyond a machine int: one no hand reaches, or (below) none at all, as in Python */
    long long need = PyLong_AsLongLongAndOverflow(need_o, &over);
    if (need == -1 && PyErr_Occurred()) return NULL;
    if (over) need = over > 0 ? LLONG_MAX : 0;
    if (PyList_GET_SIZE(points) != PyList_GET_SIZE(bags)) {
        PyErr_Format(conquian_error, "%zd melds but %zd points", PyList_GET_SIZE(bags), PyList_GET_SIZE(points));
        return NULL;
    }
    if (PyList_GET_SIZE(values) != CODES + 1) {
        PyErr_Format(conquian_error, "values: %d card codes and the joker, not %zd", CODES,
                     PyList_GET_SIZE(values) - 1);
        return NULL;
    }
    Walk w;
    memset(&w, 0, sizeof w);
    Bag start;
    for (int c = 0; c <= JOKER; c++)
        if (read_int(PyList_GET_ITEM(values, c), &w.value[c], "value of card code", c, 1000) < 0) return NULL;
    if (read_hand(&w, hand_o, &start) < 0) return NULL;
    long long slack = bound_of(&w, &start) + w.value[JOKER] * (w.lanes / 2 - 1) - (need > 0 ? need : 0);
    w.slack = slack < 0 ? -1 : (int)slack;
    PyObject *bags_t = PyList_AsTuple(bags), *points_t = PyList_AsTuple(points);  /* (see build) */
    if (!bags_t || !points_t || !(out = PyDict_New())) {
        Py_XDECREF(bags_t);
        Py_XDECREF(points_t);
        return NULL;
    }
    int status = build(&w, bags_t, points_t);  /* (every meld read, even where no first meld is in reach) */
    if (!status && w.slack >= 0 && !naturals_empty(&start)) {
        int32_t open[MAX_LANES];
        for (int l = 0; l < MAX_LANES; l++) open[l] = -1;
        open[w.lanes - 2 + (keep ? 1 : 0)] = w.slack;  /* every joker left, a card to keep or not */
        status = run(&w, &start, open) < 0 ? -2 : 0;
    }
    for (size_t e = 0; !status && e < w.ne; e++) {
        if (w.e[e].found < 0) continue;
        PyObject *v = PyLong_FromLong(w.e[e].bound - w.e[e].found);
        if (!v || PyDict_SetItem(out, PyTuple_GET_ITEM(bags_t, w.e[e].first), v) < 0) status = -1;
        Py_XDECREF(v);
    }
    return finish(&w, out, status, bags_t, points_t);
}

/* Which melds (as bags) some laying out of the whole hand uses, with no card left (if `none`) or one (if `one`). */
static PyObject *romme_laid_out(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *bags, *hand_o, *out = NULL;
    int none, one;
    if (!PyArg_ParseTuple(args, "O!Opp", &PyList_Type, &bags, &hand_o, &none, &one)) return NULL;
    Walk w;
    memset(&w, 0, sizeof w);
    w.cover = 1;  /* (and the slack 0: no meld loses anything) */
    Bag start;
    if (read_hand(&w, hand_o, &start) < 0) return NULL;
    PyObject *bags_t = PyList_AsTuple(bags);  /* (see build) */
    if (!bags_t || !(out = PySet_New(NULL))) {
        Py_XDECREF(bags_t);
        return NULL;
    }
    int status = build(&w, bags_t, NULL);
    if (!status && (none || one) && !naturals_empty(&start)) {
        int32_t open[MAX_LANES];
        for (int l = 0; l < MAX_LANES; l++) open[l] = -1;
        open[w.lanes - 2] = none ? 0 : -1;
        open[w.lanes - 1] = one ? 0 : -1;
        status = run(&w, &start, open) < 0 ? -2 : 0;
    }
    for (size_t e = 0; !status && e < w.ne; e++)
        if (w.e[e].found >= 0 && PySet_Add(out, PyTuple_GET_ITEM(bags_t, w.e[e].first)) < 0) status = -1;
    return finish(&w, out, status, bags_t, NULL);
}

static PyMethodDef methods[] = {
    {"last", romme_last, METH_NOARGS, "last() -> what the last call met: bags, nodes, sub_hands, steps"},
    {"laid_out", romme_laid_out, METH_VARARGS,
     "laid_out(bags, hand, none, one) -> {bag}: conquian.games.romme.layouts.Layouts.used, compiled"},
    {"fewest", romme_fewest, METH_VARARGS,
     "fewest(bags, points, hand, need, keep, values) -> {bag: fewest points}: conquian.games.romme.walk.fewest, compiled"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "conquian.games.romme._walk",
                                    "Rommé's first-meld walk, compiled (see conquian/games/romme/walk.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__walk(void) {
    PyObject *errors = PyImport_ImportModule("conquian.errors");  /* the package's errors, for bags no deal holds */
    if (!errors) return NULL;
    card_error = PyObject_GetAttrString(errors, "CardError");
    position_error = PyObject_GetAttrString(errors, "PositionError");
    conquian_error = PyObject_GetAttrString(errors, "ConquianError");
    Py_DECREF(errors);
    if (!card_error || !position_error || !conquian_error) return NULL;
    return PyModule_Create(&module);
}
