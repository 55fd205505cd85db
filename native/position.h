/* native/position.h: A deal from a position the caller gives, played out between greedy players (the strong player's
   playouts, conquian/montecarlo.py).  Part of the one translation unit native/kernel.c (included there, in order).

   Nothing from the caller is trusted: every tuple is sized, every count bounded, every mask a set of the pack's
   cards, every card in one place only, every meld one the table holds, every code in range. */

/* a mask of the pack's cards, read from a Python int */
static int card_mask(PyObject *o, const char *what, Py_ssize_t at, uint64_t deck, int single, uint64_t *out) {
    long long v;
    if (read_long(o, conquian_error, what, at, "", 0, (long long)(deck ? deck : 1), &v) < 0) return -1;
    uint64_t m = (uint64_t)v;
    if (m & ~deck) {
        PyErr_Format(conquian_error, "%s %zd: a card not in the pack", what, at);
        return -1;
    }
    if (single && (!m || (m & (m - 1)))) {
        PyErr_Format(conquian_error, "%s %zd: one card", what, at);
        return -1;
    }
    *out = m;
    return 0;
}

static PyObject *sized(PyObject *t, Py_ssize_t least, Py_ssize_t most, const char *what) {
    if (!PyTuple_Check(t)) {
        PyErr_Format(PyExc_TypeError, "kernel position: %s must be a tuple, not %.50s", what, Py_TYPE(t)->tp_name);
        return NULL;
    }
    if (PyTuple_GET_SIZE(t) < least || PyTuple_GET_SIZE(t) > most) {
        PyErr_Format(conquian_error, "kernel position: %s holds %zd, not %zd..%zd", what, PyTuple_GET_SIZE(t), least,
                     most);
        return NULL;
    }
    return t;
}

/* position_from: (hands, melds, stock top first, out, phase, actor, offer, origin, forced), as kernel.py writes it */
static int position_from(const Rules *r, PyObject *p, State *g) {
    uint64_t deck = 0, seen = 0;
    for (int i = 0; i < r->size; i++) deck |= 1ULL << r->deck[i];
    memset(g, 0, sizeof *g);
    if (!sized(p, 9, 9, "the position")) return -1;
    PyObject *hands = sized(PyTuple_GET_ITEM(p, 0), 2, 2, "the hands");
    PyObject *melds = hands ? sized(PyTuple_GET_ITEM(p, 1), 2, 2, "the melds") : NULL;
    PyObject *stock = melds ? sized(PyTuple_GET_ITEM(p, 2), 0, MAXCARDS, "the stock") : NULL;
    PyObject *out = stock ? sized(PyTuple_GET_ITEM(p, 3), 0, MAXCARDS, "the cards out") : NULL;
    if (!out) return -1;
    int count = 0;
    for (int role = 0; role < 2; role++) {
        if (card_mask(PyTuple_GET_ITEM(hands, role), "kernel position: hand", role, deck, 0, &g->hands[role]) < 0)
            return -1;
        PyObject *mine = sized(PyTuple_GET_ITEM(melds, role), 0, MAXM, "a player's melds");
        if (!mine) return -1;
        g->nmelds[role] = (int)PyTuple_GET_SIZE(mine);
        for (int i = 0; i < g->nmelds[role]; i++) {
            uint64_t m;
            if (card_mask(PyTuple_GET_ITEM(mine, i), "kernel position: meld", i, deck, 0, &m) < 0) return -1;
            if (!is_meld(r, m) || (i && g->melds[role][i - 1] >= m) || (g->down[role] & m)) {
                PyErr_Format(conquian_error, "kernel position: meld %d of seat %d is no meld of these rules, or "
                             "the melds are not sorted and apart", i, role);
                return -1;
            }
            g->melds[role][i] = m;
            g->down[role] |= m;
        }
        uint64_t held = g->hands[role] | g->down[role];
        if (held & seen || g->hands[role] & g->down[role]) goto twice;
        seen |= held;
        count += popc(held);
    }
    g->nstock = (int)PyTuple_GET_SIZE(stock);
    for (int i = 0; i < g->nstock; i++) {  /* the top card first in the tuple, last in the array */
        uint64_t b;
        if (card_mask(PyTuple_GET_ITEM(stock, i), "kernel position: stock card", i, deck, 1, &b) < 0) return -1;
        if (b & seen) goto twice;
        seen |= b;
        g->stock[g->nstock - 1 - i] = low_code(b);
    }
    g->nout = (int)PyTuple_GET_SIZE(out);
    for (int i = 0; i < g->nout; i++) {
        uint64_t b;
        if (card_mask(PyTuple_GET_ITEM(out, i), "kernel position: card out", i, deck, 1, &b) < 0) return -1;
        if (b & seen) goto twice;
        seen |= b;
        g->out[i] = low_code(b);
    }
    long long phase, actor, origin, forced;
    if (read_long(PyTuple_GET_ITEM(p, 4), conquian_error, "kernel position: field", 4, "(phase)", PH_OFFER, PH_REFUSED,
                  &phase) < 0
        || read_long(PyTuple_GET_ITEM(p, 5), conquian_error, "kernel position: field", 5, "(actor)", 0, 1, &actor) < 0
        || card_mask(PyTuple_GET_ITEM(p, 6), "kernel position: field", 6, deck, 0, &g->offer) < 0
        || read_long(PyTuple_GET_ITEM(p, 7), conquian_error, "kernel position: field", 7, "(origin)", O_TURNED_UP,
                     O_DEMANDED, &origin) < 0
        || read_long(PyTuple_GET_ITEM(p, 8), conquian_error, "kernel position: field", 8, "(forced)", 0, 1, &forced) < 0)
        return -1;
    if (g->offer & seen || (g->offer & (g->offer - 1)) || (phase == PH_DISCARD) == (g->offer != 0)) {
        PyErr_SetString(conquian_error, "kernel position: one card on offer in phases offer and refused, none while "
                        "a player discards, and never a card that is elsewhere");
        return -1;
    }
    seen |= g->offer;
    count += popc(g->offer) + g->nstock + g->nout;
    if (seen != deck || count != r->size) {
        PyErr_Format(conquian_error, "kernel position: %d cards placed, the pack holds %d", count, r->size);
        return -1;
    }
    g->phase = (int)phase; g->actor = (int)actor; g->origin = (int)origin; g->forced = (int)forced;
    g->termination = T_NONE; g->winner = -1;
    return 0;
twice:
    PyErr_SetString(conquian_error, "kernel position: a card in two places");
    return -1;
}

/* -- the same position with the cards renamed (the strong player's inference) ------------------------------------ */
/* A mapping is bytes, MAXCARDS long: at each card's code, the code of the card put in its place; on the pack's
   cards it must be one to one onto the pack (the other bytes are not read). */
static const uint8_t *mapping_from(const Rules *r, PyObject *m, Py_ssize_t at) {
    if (!PyBytes_Check(m) || PyBytes_GET_SIZE(m) != MAXCARDS) {
        PyErr_Format(conquian_error, "kernel misfits: mapping %zd must be bytes, %d long", at, MAXCARDS);
        return NULL;
    }
    const uint8_t *map = (const uint8_t *)PyBytes_AS_STRING(m);
    uint64_t deck = 0, images = 0;
    for (int i = 0; i < r->size; i++) deck |= 1ULL << r->deck[i];
    for (int i = 0; i < r->size; i++) {
        int c = map[r->deck[i]];
        if (c >= MAXCARDS || !(deck >> c & 1) || (images >> c & 1)) {
            PyErr_Format(conquian_error, "kernel misfits: mapping %zd is not one to one on the pack (card code %d)", at,
                         r->deck[i]);
            return NULL;
        }
        images |= 1ULL << c;
    }
    return map;
}

static uint64_t renamed(uint64_t m, const uint8_t *map) {
    uint64_t out = 0;
    for (; m; m &= m - 1) out |= 1ULL << map[low_code(m)];
    return out;
}

/* g with every card renamed by map (checked by mapping_from): each player's melds sorted again, as position_from
   wants them.  -1 if a meld, renamed, is no meld (the caller renamed a card everyone sees). */
static int relabelled(const Rules *r, const State *g, const uint8_t *map, State *out) {
    *out = *g;
    for (int role = 0; role < 2; role++) {
        out->down[role] = 0;
        out->hands[role] = renamed(g->hands[role], map);
        for (int i = 0; i < g->nmelds[role]; i++) {
            uint64_t m = renamed(g->melds[role][i], map);
            if (!is_meld(r, m)) return -1;
            int j = i;
            for (; j > 0 && out->melds[role][j - 1] > m; j--) out->melds[role][j] = out->melds[role][j - 1];
            out->melds[role][j] = m;
            out->down[role] |= m;
        }
    }
    out->offer = renamed(g->offer, map);
    for (int i = 0; i < g->nstock; i++) out->stock[i] = map[g->stock[i]];
    for (int i = 0; i < g->nout; i++) out->out[i] = map[g->out[i]];
    return 0;
}
