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
#define HASH 1024    /* open-addressing table of melds (a pack of forty cards has a few hundred) */

/* The parts, in order (one translation unit: every function static, each part uses those before it). */
#include "random.h"
#include "rules.h"
#include "arrangements.h"
#include "deal.h"
#include "players.h"

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
    }
    int ranks = 0;
    for (int i = 0; i < MAXCARDS; i++) if (r->place[i] >= ranks) ranks = r->place[i] + 1;
    if (ranks > 16) { PyErr_SetString(PyExc_ValueError, "kernel rules: more than 16 ranks in a suit"); return -1; }
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
