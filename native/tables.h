/* native/tables.h: The rules from Python: every flag and table the caller hands over, read and checked before a
   deal is played.  Part of the one translation unit native/kernel.c (included there, in order). */
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
