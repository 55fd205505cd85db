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
#include "tables.h"
#include "position.h"

/* -- to and from Python: the generator, the final state, the calls ---------------------------------------------- */
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

/* The lists a deal's decisions reuse: the actions, the arrangements they point into, each player's lay-outs, the
   forcing regroupings and their scratch. */
typedef struct { Acts acts; Arrs arrs; LayCache cache[2]; Arrs rg, tmp; } Work;

static void work_free(Work *w) {
    free(w->acts.a); free(w->arrs.a); free(w->rg.a); free(w->tmp.a);
    free(w->cache[0].arrs.a); free(w->cache[1].arrs.a);
}

/* One decision of the player to act: the index of the action chosen in w->acts (random: from the generator; greedy:
   the first of the best values).  *bad is set to -1 when the actions cannot be listed (the reason in the lists'
   overflow), or in the checked mode to 9 when the greedy shortcut disagrees with playing the action. */
static int choose(const Rules *r, const State *g, int strategy, MT *rng, int check, Work *w, int *bad) {
    legal(r, g, &w->acts, &w->arrs, w->cache, &w->rg, &w->tmp);
    if (w->acts.overflow || w->arrs.overflow || w->acts.n == 0) { *bad = -1; return 0; }  /* cannot list the moves */
    int pick = 0;
    if (strategy == 0) return (int)mt_below(rng, (uint32_t)w->acts.n);
    if (w->acts.n == 1) return 0;
    double best = 0.0;
    for (int i = 0; i < w->acts.n; i++) {
        double v = value_after(r, g, &w->acts.a[i]);
        if (check) {  /* the soak's mode: the shortcut must agree with playing the action */
            State h = *g;
            apply(r, &h, &w->acts.a[i]);
            if (value(r, &h, g->actor) != v) { *bad = 9; return 0; }
        }
        if (i == 0 || v > best) { best = v; pick = i; }
    }
    return pick;
}

/* play(rules, state, deals, strategies, final, check, limit[, summary]) -> (results, state).  With summary, results
   is only (deals, decisions, dealer's wins, pone's wins, ties, deals stopped, actions played by kind: a tuple in the
   order of deal.h's K_ kinds, then the discards forced onto a meld).  A deal still going after limit
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
    Work w;
    memset(&w, 0, sizeof w);
    if (rules_from(rules_t, r) < 0 || state_from(state_t, &rng) < 0) goto done;
    long long decisions = 0, wins[2] = {0, 0}, ties = 0, stopped = 0;  /* the summary's counts */
    long long kinds[K_KINDS + 1] = {0};  /* actions played, by kind; the last, a discard forced onto a meld */
    results = summary ? NULL : PyList_New(deals);
    if (!summary && !results) goto done;
    int strategy[2] = {s0, s1};
    for (int d = 0; d < deals; d++) {
        State g;
        new_deal(r, &g, &rng);
        w.cache[0].valid = w.cache[1].valid = 0;
        int first = g.actor, bad = 0;
        while (g.phase != PH_OVER) {
            if (g.decisions >= limit) break;  /* stopped unfinished, as the simulation stops a deal in Python */
            /* Ctrl-C: looked at every deal and every 64 decisions (and in a long listing, see stopped()) */
            if (!(g.decisions & 63) && PyErr_CheckSignals() < 0) { bad = -1; break; }
            int pick = choose(r, &g, strategy[g.actor], &rng, check, &w, &bad);
            if (bad) break;
            const Act *chosen = &w.acts.a[pick];
            /* counted before it is played; a kind out of the table's range is refused, never counted out of bounds */
            if (chosen->kind < 0 || chosen->kind >= K_KINDS) { bad = 10; break; }
            kinds[chosen->kind == K_DISCARD && (chosen->onto || chosen->arr) ? K_KINDS : chosen->kind]++;
            apply(r, &g, chosen);
            if (check && (bad = broken(r, &g))) break;
        }
        if (bad) {
            int why = w.acts.overflow > w.arrs.overflow ? w.acts.overflow : w.arrs.overflow;
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
    if (summary) {
        PyObject *counted = PyTuple_New(K_KINDS + 1);
        if (!counted) goto done;
        for (int k = 0; k <= K_KINDS; k++) {
            PyObject *n = PyLong_FromLongLong(kinds[k]);
            if (!n) { Py_DECREF(counted); goto done; }
            PyTuple_SET_ITEM(counted, k, n);
        }
        results = Py_BuildValue("(iLLLLLN)", deals, decisions, wins[0], wins[1], ties, stopped, counted);
    }
done:
    work_free(&w);
    rules_free(r);
    free(r);
    if (!results) return NULL;
    PyObject *st = state_to(&rng);
    if (!st) { Py_DECREF(results); return NULL; }
    return Py_BuildValue("(NN)", results, st);
}

/* The error for a decision choose() could not make (its *bad set): why, naming the call, the position and the
   decision; nothing if an error (Ctrl-C) is already set. */
static void not_chosen(const Work *w, const char *call, Py_ssize_t k, int decision) {
    int why = w->acts.overflow > w->arrs.overflow ? w->acts.overflow : w->arrs.overflow;
    if (PyErr_Occurred())
        ;
    else if (why == L_WAYS || why == L_MEMORY)
        PyErr_Format(PyExc_MemoryError, "kernel %s: position %zd, decision %d: more ways to lay melds than the "
                     "kernel's bound on memory", call, k, decision);
    else if (why)
        PyErr_Format(PyExc_RuntimeError, "kernel %s: position %zd, decision %d: more melds at once than the kernel "
                     "holds", call, k, decision);
    else  /* no legal action: a position no deal reaches (a card demanded that cannot be used ...) */
        PyErr_Format(conquian_error, "kernel %s: position %zd has no legal action at decision %d: no deal reaches it",
                     call, k, decision);
}

/* playouts(rules, positions, limit) -> winners.  Each position (see position_from) played to its end between greedy
   players: a tuple, for each, of the winner's seat, -1 for a tableau, or -2 for a deal still going after limit
   decisions or one that ends at the limit-th (as conquian/montecarlo.py's playout scores it). */
static PyObject *kernel_playouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rules_t, *positions;
    int limit;
    if (!PyArg_ParseTuple(args, "OO!i", &rules_t, &PyTuple_Type, &positions, &limit)) return NULL;
    if (limit < 1 || PyTuple_GET_SIZE(positions) > 1000000) {
        PyErr_Format(conquian_error, "kernel playouts: limit >= 1 (not %d), at most 10^6 positions (not %zd)", limit,
                     PyTuple_GET_SIZE(positions));
        return NULL;
    }
    Rules *r = calloc(1, sizeof(Rules));
    if (!r) return PyErr_NoMemory();
    Work w;
    memset(&w, 0, sizeof w);
    MT unused;  /* greedy players draw nothing from a generator */
    memset(&unused, 0, sizeof unused);
    PyObject *out = NULL;
    if (rules_from(rules_t, r) < 0) goto done;
    Py_ssize_t n = PyTuple_GET_SIZE(positions);
    out = PyTuple_New(n);
    if (!out) goto done;
    for (Py_ssize_t k = 0; k < n; k++) {
        State g;
        if (position_from(r, PyTuple_GET_ITEM(positions, k), &g) < 0) { Py_CLEAR(out); goto done; }
        w.cache[0].valid = w.cache[1].valid = 0;
        int bad = 0;
        while (g.phase != PH_OVER && g.decisions < limit) {
            if (!(g.decisions & 63) && PyErr_CheckSignals() < 0) { Py_CLEAR(out); goto done; }
            int pick = choose(r, &g, 1, &unused, 0, &w, &bad);
            if (bad) break;
            apply(r, &g, &w.acts.a[pick]);
        }
        if (bad) {
            not_chosen(&w, "playouts", k, g.decisions + 1);
            Py_CLEAR(out);
            goto done;
        }
        int winner = g.phase != PH_OVER || g.decisions >= limit ? -2 : g.termination == T_WIN ? g.winner : -1;
        PyObject *v = PyLong_FromLong(winner);
        if (!v) { Py_CLEAR(out); goto done; }
        PyTuple_SET_ITEM(out, k, v);
    }
done:
    work_free(&w);
    rules_free(r);
    free(r);
    return out;
}

/* misfits(rules, befores, afters, mappings) -> counts.  The strong player's inference (conquian/montecarlo.py): each
   of befores is a position a greedy opponent faced (as position_from reads it), the same index of afters the
   position his move led to; each mapping (see mapping_from) renames the cards the strong player cannot see.  For each
   mapping, how many of the positions, so renamed, the greedy player would have left otherwise than he did (the
   hands, the melds, the offer and the phase compared). */
static PyObject *kernel_misfits(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rules_t, *befores, *afters, *mappings;
    if (!PyArg_ParseTuple(args, "OO!O!O!", &rules_t, &PyTuple_Type, &befores, &PyTuple_Type, &afters, &PyTuple_Type,
                          &mappings))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(befores), k = PyTuple_GET_SIZE(mappings);
    if (n != PyTuple_GET_SIZE(afters) || n > 4096 || k > 1000000 || n * k > 100000000) {
        PyErr_Format(conquian_error, "kernel misfits: as many positions after as before (%zd, %zd), at most 4096, at "
                     "most 10^6 mappings (not %zd) and 10^8 positions renamed in all", n, PyTuple_GET_SIZE(afters), k);
        return NULL;
    }
    Rules *r = calloc(1, sizeof(Rules));
    State *pos = calloc((size_t)(2 * n + 1), sizeof(State));
    PyObject *out = NULL;
    Work w;
    memset(&w, 0, sizeof w);
    MT unused;  /* greedy players draw nothing from a generator */
    memset(&unused, 0, sizeof unused);
    if (!r || !pos) { PyErr_NoMemory(); goto done; }
    if (rules_from(rules_t, r) < 0) goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        if (position_from(r, PyTuple_GET_ITEM(befores, i), &pos[2 * i]) < 0
            || position_from(r, PyTuple_GET_ITEM(afters, i), &pos[2 * i + 1]) < 0) goto done;
    out = PyTuple_New(k);
    if (!out) goto done;
    for (Py_ssize_t j = 0; j < k; j++) {
        if (!(j & 63) && PyErr_CheckSignals() < 0) { Py_CLEAR(out); goto done; }
        const uint8_t *map = mapping_from(r, PyTuple_GET_ITEM(mappings, j), j);
        if (!map) { Py_CLEAR(out); goto done; }
        long count = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            State g, a;
            if (relabelled(r, &pos[2 * i], map, &g) < 0 || relabelled(r, &pos[2 * i + 1], map, &a) < 0) {
                PyErr_Format(conquian_error, "kernel misfits: mapping %zd renames a card of a meld (position %zd)", j, i);
                Py_CLEAR(out);
                goto done;
            }
            w.cache[0].valid = w.cache[1].valid = 0;
            int bad = 0, pick = choose(r, &g, 1, &unused, 0, &w, &bad);
            if (bad) {
                not_chosen(&w, "misfits", i, 1);
                Py_CLEAR(out);
                goto done;
            }
            apply(r, &g, &w.acts.a[pick]);
            int same = g.phase == a.phase && g.offer == a.offer;
            for (int role = 0; role < 2 && same; role++) {
                same = g.hands[role] == a.hands[role] && g.nmelds[role] == a.nmelds[role];
                for (int m = 0; m < g.nmelds[role] && same; m++) same = g.melds[role][m] == a.melds[role][m];
            }
            count += !same;
        }
        PyObject *v = PyLong_FromLong(count);
        if (!v) { Py_CLEAR(out); goto done; }
        PyTuple_SET_ITEM(out, j, v);
    }
done:
    work_free(&w);
    if (r) rules_free(r);
    free(r);
    free(pos);
    return out;
}

static PyMethodDef methods[] = {
    {"play", kernel_play, METH_VARARGS,
     "play(rules, state, deals, (dealer, pone), final, check, limit) -> (results, state)"},
    {"playouts", kernel_playouts, METH_VARARGS, "playouts(rules, positions, limit) -> winners"},
    {"misfits", kernel_misfits, METH_VARARGS, "misfits(rules, befores, afters, mappings) -> counts"},
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
