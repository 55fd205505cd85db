/* The site's search scorer (conf.py: html_search_scorer): names and rule words list their page first, and the
   pages for developers come after the reader's.

   - A source's names (its page's main index entries, from {source-record}: "foster", "rummy.ch", "rommé" and
     "romme") list that source's page first.
   - Each ruling page names its rule words as main index entries ({ruling} :keywords:, e.g. "forcing, Zugzwang"),
     which Sphinx scores like the glossary's terms; a result on a ruling page is raised above them.
   - The developers' pages (the API, the how-tos, their landing page) are lowered below every reader page.
   Duplicate results (one page reached by several anchors) are removed by conquian.js. */
var Scorer = {
  score: (result) => {
    const [docname, , , , score, , kind] = result;
    if (docname === "api" || docname === "developers" || docname.startsWith("howto/")) return score - 400;
    if (docname.startsWith("sources/") && docname !== "sources/index" && kind === "index") return score + 200;
    if (docname.startsWith("rulings/") && docname !== "rulings/index") {
      return score + (kind === "index" ? 100 : 20);
    }
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
