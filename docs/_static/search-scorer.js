/* The site's search scorer (conf.py: html_search_scorer): a rule word lists its ruling page first.

   Each ruling page names its rule words as main index entries ({ruling} :keywords:, e.g. "forcing, Zugzwang"),
   which Sphinx scores like the glossary's terms; a result on a ruling page is raised above them, and the API
   reference is lowered below the glossary, so that "forcing", "Zugzwang", "tableau" or "pone" finds the ruling
   first, then the glossary term (which links to the ruling), then the API. */
var Scorer = {
  score: (result) => {
    const [docname, , , , score, , kind] = result;
    if (docname.startsWith("rulings/") && docname !== "rulings/index") {
      return score + (kind === "index" ? 100 : 20);
    }
    if (docname === "api") return score - 30;
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
