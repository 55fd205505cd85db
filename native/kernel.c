/* Conquian's native kernel: whole deals between computer players, for simulations.
 *
 * It plays exactly the deals the Python engine plays (conquian/games/conquian/game.py, moves.py, melds.py, players.py): the same
 * generator (CPython's Mersenne Twister, its state handed over and handed back), the same shuffle and cut, the
 * same legal actions in the same order, the same random and greedy players.  Every rule axis that changes the play
 * of a deal is a field of Rules; the meld table comes from Python.  conquian/games/conquian/kernel.py is its only caller, and a
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
#define HASH 1024    /* open-addressing table of melds (a pack of forty cards has a few hundred) */

/* The rules' flags and their values' codes, generated at build time from the Python axes (setup.py writes it with
   conquian.games.conquian.kernel.header() into the build folder): the fields of Rules, in the order they are read. */
#include "kernel_axes.h"

/* The parts, in order (one translation unit: every function static, each part uses those before it). */
#include "random.h"
#include "rules.h"
#include "arrangements.h"
#include "deal.h"
#include "players.h"

/* -- from Python ------------------------------------------------------------------------------------------------ */
/* The caller is trusted with nothing: every number is checked against its range and every table (the deck, the
   places, the melds) for distinct entries within the pack before a deal is played.  A bad one is refused with
   conquian.errors.RuleError (ConquianError for the generator's state), a value of the wrong type with TypeError. */
static PyObject *rule_error, *conquian_error;  /* conquian.errors.RuleError and ConquianError, found at import */

static void rules_free(Rules *r) {
    free(r->melds); free(r->minimal);
    for (int c = 0; c < MAXCARDS; c++) {
        free(r->containing[c]); free(r->minimal_with[c]); free(r->lowest[c]); free(r->sets[c]); free(r->seqs[c]);
    }
}

/* An int within lo..hi: what, at and name say where, in the message. */
static int read_long(PyObject *o, PyObject *error, const char *what, Py_ssize_t at, const char *name, long long lo,
                     long long hi, long long *out) {
    const char *space = *name ? " " : "";
    if (!PyLong_Check(o)) {  /* (no __index__: nothing of the caller's runs while the tables are read) */
        PyErr_Format(PyExc_TypeError, "%s %zd%s%s: an int, not %.50s", what, at, space, name, Py_TYPE(o)->tp_name);
        return -1;
    }
    int over = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &over);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (over || v < lo || v > hi) {
        if (over) PyErr_Format(error, "%s %zd%s%s is out of range (%lld..%lld)", what, at, space, name, lo, hi);
        else PyErr_Format(error, "%s %zd%s%s is %lld, not %lld..%lld", what, at, space, name, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int read_int(PyObject *tuple, Py_ssize_t i, const char *what, const char *name, int lo, int hi, int *out) {
    long long v;
    if (read_long(PyTuple_GET_ITEM(tuple, i), rule_error, what, i, name, lo, hi, &v) < 0) return -1;
    *out = (int)v;
    return 0;
}

/* A meld as a set of cards: a 64-bit mask. */
static int read_mask(PyObject *o, const char *what, Py_ssize_t at, uint64_t *out) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "kernel rules: %s %zd: an int, not %.50s", what, at, Py_TYPE(o)->tp_name);
        return -1;
    }
    uint64_t m = PyLong_AsUnsignedLongLong(o);
    if (m == (uint64_t)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        PyErr_Format(rule_error, "kernel rules: %s %zd is not a set of cards (a 64-bit mask)", what, at);
        return -1;
    }
    *out = m;
    return 0;
}

static uint64_t *alloc_list(int n) { return calloc((size_t)(n ? n : 1), sizeof(uint64_t)); }

/* rules: (flags..., deck, place, melds, minimal); the flags as conquian/games/conquian/kernel.py's compiled() gives
   them (its FLAGS: the pack's size, then each axis the kernel reads), each within its range (booleans 0 or 1, a
   named value's code, a whole number within its axis's): all from kernel_axes.h. */
#define FLAG_NAME(name, least, most) #name,
#define FLAG_LEAST(name, least, most) least,
#define FLAG_MOST(name, least, most) most,
static const char *const flag_names[NFLAGS] = {KERNEL_FLAGS(FLAG_NAME)};
static const int flag_least[NFLAGS] = {KERNEL_FLAGS(FLAG_LEAST)};
static const int flag_most[NFLAGS] = {KERNEL_FLAGS(FLAG_MOST)};
#undef FLAG_NAME
#undef FLAG_LEAST
#undef FLAG_MOST

static int rules_from(PyObject *t, Rules *r) {
    memset(r, 0, sizeof *r);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != NFLAGS + 4) {
        PyErr_SetString(PyExc_TypeError, "kernel rules: a tuple of the flags, the deck, the places and the melds");
        return -1;
    }
#define FLAG_FIELD(name, least, most) &r->name,
    int *f[NFLAGS] = {KERNEL_FLAGS(FLAG_FIELD)};
#undef FLAG_FIELD
    for (int i = 0; i < NFLAGS; i++)
        if (read_int(t, i, "kernel rules: field", flag_names[i], flag_least[i], flag_most[i], f[i]) < 0) return -1;
    if (r->hand_size % r->deal_packet || 2 * r->hand_size + 1 > r->size || 2 * r->min_cut > r->size) {
        PyErr_Format(rule_error, "kernel rules: the pack (%d cards), the deal (%d cards, %d at a time) and the cut "
                     "(%d) do not fit together", r->size, r->hand_size, r->deal_packet, r->min_cut);
        return -1;
    }
    if (r->cards_to_win > r->hand_size + 1) {
        PyErr_Format(rule_error, "kernel rules: cards_to_win %d, more than a hand of %d and a card", r->cards_to_win,
                     r->hand_size);
        return -1;
    }
    PyObject *deck = PyTuple_GET_ITEM(t, NFLAGS), *place = PyTuple_GET_ITEM(t, NFLAGS + 1);
    PyObject *melds = PyTuple_GET_ITEM(t, NFLAGS + 2), *minimal = PyTuple_GET_ITEM(t, NFLAGS + 3);
    if (!PyTuple_Check(deck) || !PyTuple_Check(place) || !PyTuple_Check(melds) || !PyTuple_Check(minimal)) {
        PyErr_SetString(PyExc_TypeError, "kernel rules: the deck, the places, the melds and the minimal melds are tuples");
        return -1;
    }
    if (PyTuple_GET_SIZE(deck) != r->size || PyTuple_GET_SIZE(place) != MAXCARDS) {
        PyErr_Format(rule_error, "kernel rules: a deck of %zd cards for a pack of %d, or %zd places for %d codes",
                     PyTuple_GET_SIZE(deck), r->size, PyTuple_GET_SIZE(place), MAXCARDS);
        return -1;
    }
    /* The places: each card of a suit (codes suit * 13 + rank - 1, below 52) at its own place, 0..15, or none (-1). */
    for (int i = 0; i < MAXCARDS; i++) {
        if (read_int(place, i, "kernel rules: place of card", "", -1, i < 52 ? 15 : -1, &r->place[i]) < 0) return -1;
        for (int k = i - i % 13; k < i && r->place[i] >= 0 && i < 52; k++)
            if (r->place[k] == r->place[i]) {
                PyErr_Format(rule_error, "kernel rules: place %d of card %d is card %d's too", r->place[i], i, k);
                return -1;
            }
    }
    /* The deck: the cards with a place, each once. */
    uint64_t deck_mask = 0;
    for (int i = 0; i < r->size; i++) {
        if (read_int(deck, i, "kernel rules: deck card", "", 0, MAXCARDS - 1, &r->deck[i]) < 0) return -1;
        uint64_t b = 1ULL << r->deck[i];
        if (deck_mask & b) {
            PyErr_Format(rule_error, "kernel rules: deck card %d is card %d twice", i, r->deck[i]);
            return -1;
        }
        if (r->place[r->deck[i]] < 0) {
            PyErr_Format(rule_error, "kernel rules: deck card %d is card %d, of no place in its suit", i, r->deck[i]);
            return -1;
        }
        deck_mask |= b;
    }
    for (int i = 0; i < MAXCARDS; i++)
        if (r->place[i] >= 0 && !(deck_mask >> i & 1)) {
            PyErr_Format(rule_error, "kernel rules: card %d has a place but is not in the deck", i);
            return -1;
        }
    /* The melds: distinct, of two cards or more, within the pack; the open-addressing table stays half empty. */
    Py_ssize_t nmelds = PyTuple_GET_SIZE(melds), nminimal = PyTuple_GET_SIZE(minimal);
    if (nmelds >= HASH / 2) {
        PyErr_Format(rule_error, "kernel rules: too many melds (%zd; at most %d)", nmelds, HASH / 2 - 1);
        return -1;
    }
    if (nminimal > nmelds) {
        PyErr_Format(rule_error, "kernel rules: %zd minimal melds among %zd melds", nminimal, nmelds);
        return -1;
    }
    r->nmelds = (int)nmelds;
    r->nminimal = (int)nminimal;
    r->melds = alloc_list(r->nmelds);
    r->minimal = alloc_list(r->nminimal);
    if (!r->melds || !r->minimal) { PyErr_NoMemory(); return -1; }
    int first[HASH];  /* the meld in each slot: the one a repeat repeats */
    for (int i = 0; i < r->nmelds; i++) {
        uint64_t m;
        if (read_mask(PyTuple_GET_ITEM(melds, i), "meld", i, &m) < 0) return -1;
        if (popc(m) < 2 || m & ~deck_mask) {
            PyErr_Format(rule_error, "kernel rules: meld %d %s", i,
                         popc(m) < 2 ? "has fewer than two cards" : "holds a card not in the pack");
            return -1;
        }
        unsigned s = hslot(m);
        while (r->hash[s] && r->hash[s] != m) s = (s + 1) & (HASH - 1);
        if (r->hash[s]) {
            PyErr_Format(rule_error, "kernel rules: meld %d repeats meld %d", i, first[s]);
            return -1;
        }
        r->hash[s] = m;
        first[s] = i;
        r->melds[i] = m;
    }
    /* The minimal melds: distinct melds of the table. */
    int seen[HASH] = {0};  /* 1 + the minimal meld in each slot, 0: none yet */
    for (int i = 0; i < r->nminimal; i++) {
        uint64_t m;
        if (read_mask(PyTuple_GET_ITEM(minimal, i), "minimal meld", i, &m) < 0) return -1;
        unsigned s = m ? hslot(m) : 0;
        while (m && r->hash[s] && r->hash[s] != m) s = (s + 1) & (HASH - 1);
        if (!m || r->hash[s] != m) {
            PyErr_Format(rule_error, "kernel rules: minimal meld %d is not a meld of the table", i);
            return -1;
        }
        if (seen[s]) {
            PyErr_Format(rule_error, "kernel rules: minimal meld %d repeats minimal meld %d", i, seen[s] - 1);
            return -1;
        }
        seen[s] = i + 1;
        r->minimal[i] = m;
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
        for (int pass = 0; pass < 2; pass++) {  /* the sets first, then the sequences (see could_meld) */
            for (int i = 0; i < r->nminimal; i++)
                if (r->minimal[i] & b && same_rank(r->minimal[i]) == !pass)
                    r->minimal_with[c][r->nminimal_with[c]++] = r->minimal[i];
            if (!pass) r->nminimal_sets_with[c] = r->nminimal_with[c];
        }
        r->sets[c] = alloc_list(nc); r->seqs[c] = alloc_list(nc);
        if (!r->sets[c] || !r->seqs[c]) { PyErr_NoMemory(); return -1; }
        for (int i = 0; i < r->ncontaining[c]; i++) {
            uint64_t m = r->containing[c][i];
            if (same_rank(m)) r->sets[c][r->nsets[c]++] = m; else r->seqs[c][r->nseqs[c]++] = m;
        }
        if (r->nsets[c] > MAXSETS) {  /* (distinct sets within the pack never are: search()'s candidates) */
            PyErr_Format(rule_error, "kernel rules: %d sets hold card %d (at most %d)", r->nsets[c], c, MAXSETS);
            return -1;
        }
    }
    int ranks = 0;  /* 16 at most: the places were read as 0..15 */
    for (int i = 0; i < MAXCARDS; i++) if (r->place[i] >= ranks) ranks = r->place[i] + 1;
    r->nranks = ranks;
    for (int su = 0; su < 4; su++) for (int q = 0; q < 16; q++) r->code_at[su][q] = -1;
    for (int i = 0; i < MAXCARDS; i++) if (r->place[i] >= 0) r->code_at[i / 13][r->place[i]] = i;
    for (int su = 0; su < 4; su++)
        for (int q = -16; q < 32; q++) r->ring[su][16 + q] = ranks ? r->code_at[su][((q % ranks) + ranks) % ranks] : -1;
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
    if (!PyTuple_Check(st)) {
        PyErr_SetString(PyExc_TypeError, "kernel: the generator state is random.Random().getstate()[1], a tuple");
        return -1;
    }
    if (PyTuple_GET_SIZE(st) != 625) {
        PyErr_Format(conquian_error, "kernel: the generator state has 625 numbers (random.Random().getstate()[1]), "
                     "not %zd", PyTuple_GET_SIZE(st));
        return -1;
    }
    long long v;
    for (int i = 0; i < 624; i++) {
        if (read_long(PyTuple_GET_ITEM(st, i), conquian_error, "kernel: generator word", i, "", 0, 0xFFFFFFFFLL, &v) < 0)
            return -1;
        g->mt[i] = (uint32_t)v;
    }
    if (read_long(PyTuple_GET_ITEM(st, 624), conquian_error, "kernel: generator word", 624, "(its index)", 0, 624, &v) < 0)
        return -1;
    g->index = (int)v;
    mt_temper_all(g);
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
        PyErr_Format(conquian_error, "kernel: deals >= 0 (not %d), strategies 0 (random) or 1 (greedy) (not %d, %d), "
                     "limit >= 1 (not %d)", deals, s0, s1, limit);
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
            /* Ctrl-C: looked at every deal and every 64 decisions (and in a long listing, see stopped()) */
            if (!(g.decisions & 63) && PyErr_CheckSignals() < 0) { bad = -1; break; }
            legal(r, &g, &acts, &arrs, cache);
            if (acts.overflow || arrs.overflow || acts.n == 0) { bad = -1; break; }  /* cannot list the moves */
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
            int why = acts.overflow > arrs.overflow ? acts.overflow : arrs.overflow;
            if (PyErr_Occurred())  /* Ctrl-C (or what a signal handler raised) */
                ;
            else if (why == L_WAYS)
                PyErr_Format(PyExc_MemoryError, "kernel: deal %d, decision %d: more than %d ways to lay melds at once "
                             "(the kernel's bound on memory)", d, g.decisions + 1, MAX_ARRS);
            else if (why == L_MEMORY)
                PyErr_NoMemory();
            else if (why == L_MELDS)
                PyErr_Format(PyExc_RuntimeError, "kernel: deal %d, decision %d: more melds at once than the kernel holds "
                             "(%d a player)", d, g.decisions + 1, MAXM);
            else if (bad < 0)
                PyErr_Format(PyExc_RuntimeError, "kernel: deal %d, decision %d: no legal action", d, g.decisions + 1);
            else
                PyErr_Format(PyExc_RuntimeError, "kernel: deal %d broke invariant %d after %d decisions", d, bad,
                             g.decisions);
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

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "conquian.games.conquian._kernel",
                                    "Conquian's native kernel (see conquian/games/conquian/kernel.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *errors = PyImport_ImportModule("conquian.errors");  /* the package's errors, for bad input */
    if (!errors) return NULL;
    rule_error = PyObject_GetAttrString(errors, "RuleError");
    conquian_error = PyObject_GetAttrString(errors, "ConquianError");
    Py_DECREF(errors);
    if (!rule_error || !conquian_error) return NULL;
    endings[T_WIN] = PyUnicode_InternFromString("win");  /* Termination values, as conquian.games.conquian.state names them */
    endings[T_TABLEAU] = PyUnicode_InternFromString("tableau");
    unfinished = PyUnicode_InternFromString("unfinished");  /* conquian.simulation.UNFINISHED */
    zero_seat = PyLong_FromLong(0);
    one_seat = PyLong_FromLong(1);
    no_flags = PyTuple_New(0);
    if (!endings[T_WIN] || !endings[T_TABLEAU] || !unfinished || !zero_seat || !one_seat || !no_flags) return NULL;
    PyObject *m = PyModule_Create(&module);
    /* what it was built from, which kernel.py compares with the axes at import (an axis added since: not used) */
    if (m && (PyModule_AddStringConstant(m, "AXES", KERNEL_AXES) < 0
              || PyModule_AddStringConstant(m, "AXES_SIGNATURE", KERNEL_AXES_SIGNATURE) < 0)) Py_CLEAR(m);
    return m;
}
