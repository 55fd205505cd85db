/* The site's search scorer (conf.py: html_search_scorer; Sphinx serves it in language_data.js, after
   searchtools.js): the search finds what a player types (issue 32).

   - A rule word ("forcing", "Zugzwang", "tableau", "pone") lists its ruling page first: each ruling page names its
     rule words as main index entries ({ruling} :keywords:); the rules pages that use the word come next, above the
     glossary and the other pages.
   - A source's name ("Foster", "rummy.ch", "Rommé") lists its source page first (its main index entries, from
     {source-record}) and that source's rules page right after it.
   - A few words a player types that no page names as a keyword ("how to play", "rules", "meld", "play") list the
     pages that answer them first (PLAYER_WORDS below).
   - The developers' pages (the API, the how-tos, their landing page) come after every reader's page.
   - Each page is listed once (its best result), so that the count above the list is the list's length; the
     snippet under a result keeps the spaces between the words of a list or a table. */
var Scorer = {
  score: (result) => {
    const [docname, , , , score, , kind] = result;
    if (docname === "api" || docname === "developers" || docname.startsWith("howto/")) return score - 400;
    if (docname.startsWith("rulings/") && docname !== "rulings/index") {
      return score + (kind === "index" || kind === "title" ? 300 : 20);
    }
    if (kind === "title") return score + 100;  // the words typed are half a title or more (below the rules pages)
    if (docname.startsWith("sources/") && docname !== "sources/index" && kind === "index") return score + 200;
    if (docname === "tutorial/learn-to-play" && kind === "index") return score + 250;
    if (docname.startsWith("rules/")) return score + 150;  // a source's whole game: the word in its rules
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};

(function () {
  if (typeof Search === "undefined") return;  // not the search page

  const RULES = ["rules/foster-1913", "rules/rummy-ch", "rules/dutch", "rules/french"];
  const LEARN = ["tutorial/learn-to-play", ...RULES];
  const PLAY = ["play", "tutorial/learn-to-play"];
  const MELD = ["rulings/min-set", "rulings/min-sequence", ...RULES];
  /* What a player types (lower case, single spaces) and the pages that answer it, in order. */
  const PLAYER_WORDS = {
    "how to play": LEARN, "how to play conquian": LEARN, "how do you play": LEARN, "how do i play": LEARN,
    "learn": LEARN, "learn to play": LEARN, "tutorial": LEARN, "beginner": LEARN, "beginners": LEARN,
    "basics": LEARN, "getting started": LEARN, "start": LEARN,
    "rules": LEARN, "the rules": LEARN, "conquian rules": LEARN, "rules of conquian": LEARN,
    "play": PLAY, "play a deal": PLAY, "play online": PLAY, "computer": PLAY, "play against the computer": PLAY,
    "meld": MELD, "melds": MELD, "melding": MELD,
    "compare": ["matrix"], "comparison": ["matrix"], "matrix": ["matrix"], "differences": ["matrix", "glance"],
    "rulings": ["rulings/index"], "ruling": ["rulings/index"],
  };

  const page = (r) => r[0];

  function resultFor(docname) {
    const i = Search._index.docnames.indexOf(docname);
    if (i < 0) return null;
    return [docname, Search._index.titles[i], "", null, 0, Search._index.filenames[i], "title"];
  }

  /* Put ``wanted`` pages, in that order, at the top of ``shown`` (the order the reader sees), adding any missing. */
  function first(shown, wanted) {
    const top = [];
    for (const docname of wanted) {
      const found = shown.find((r) => page(r) === docname) || resultFor(docname);
      if (found && !top.includes(found)) top.push(found);
    }
    return [...top, ...shown.filter((r) => !top.includes(r))];
  }

  const performSearch = Search._performSearch;
  Search._performSearch = (query, ...rest) => {
    // Sphinx returns the results lowest first (it pops them off the end to show them)
    let shown = performSearch(query, ...rest).slice().reverse();
    const seen = new Set();
    shown = shown.filter((r) => !seen.has(page(r)) && seen.add(page(r)));
    // a source's page found by its name brings that source's rules page right after it
    const named = shown.filter((r) => r[6] === "index" && /^sources\/(?!index$)/.test(page(r))).map(page);
    if (named.length) shown = first(shown, named.flatMap((s) => [s, s.replace(/^sources\//, "rules/")]));
    const words = query.toLowerCase().replace(/\s+/g, " ").trim();
    if (PLAYER_WORDS[words]) shown = first(shown, PLAYER_WORDS[words]);
    return shown.reverse();
  };

  // textContent runs the words of neighbouring blocks together ("Foster 1913rummy.ch"): a space after each block
  const BLOCK = /<\/(p|li|dt|dd|td|th|tr|div|h[1-6]|figcaption|caption|blockquote|pre|summary|section|ul|ol|dl)>|<br\s*\/?>/gi;
  const htmlToText = Search.htmlToText;
  Search.htmlToText = (html, anchor) => htmlToText(html.replace(BLOCK, "$& "), anchor).replace(/\s+/g, " ");
})();
