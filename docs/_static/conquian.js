/* The Conquian site's few behaviours, none of which the content depends on:
   - the matrix's "only the rows where the sources differ" switch, its state kept in the URL (?only=differ);
   - a code block that scrolls sideways can be reached, and scrolled, by keyboard (tabindex="0");
   - ?source=ID opens that source's tab on a ruling page (sphinx-design reads the same parameter; this also
     selects the tab when the page is opened with a stored choice for another source);
   - "Try it" on a position and "Deal" on the play page load the interactive table (cq-play.js, cq-play.css) and,
     through it, the engine: only when pressed, so that a page pays nothing for them until then. */
"use strict";

(function () {
  const params = () => new URLSearchParams(window.location.search);

  function setupFilter() {
    const box = document.getElementById("cq-only-differ");
    const table = document.querySelector("table.cq-matrix");
    if (!box || !table) return;
    const count = document.querySelector(".cq-filter-count");
    const apply = () => {
      const only = box.checked;
      table.classList.toggle("cq-only-differ", only);
      let groupRow = null, visibleInGroup = 0, shown = 0, total = 0;
      const closeGroup = () => { if (groupRow) groupRow.hidden = only && visibleInGroup === 0; };
      for (const row of table.tBodies[0].rows) {
        if (row.classList.contains("cq-group-row")) {
          closeGroup();
          groupRow = row;
          visibleInGroup = 0;
          continue;
        }
        total += 1;
        const hide = only && !row.classList.contains("cq-differs");
        row.hidden = hide;
        if (!hide) { visibleInGroup += 1; shown += 1; }
      }
      closeGroup();
      if (count) count.textContent = only ? `${shown} of ${total} rules shown` : "";
    };
    box.checked = params().get("only") === "differ";
    apply();
    box.addEventListener("change", () => {
      const url = new URL(window.location.href);
      if (box.checked) url.searchParams.set("only", "differ");
      else url.searchParams.delete("only");
      window.history.replaceState(null, "", url);
      apply();
    });
  }

  function focusableCode() {
    for (const pre of document.querySelectorAll("div.highlight pre")) {
      if (pre.scrollWidth > pre.clientWidth + 1) {
        pre.tabIndex = 0;
        if (!pre.hasAttribute("aria-label")) pre.setAttribute("aria-label", "Code (scrolls sideways)");
      }
    }
  }

  function sourceFromUrl() {
    const source = params().get("source");
    if (!source) return;
    for (const label of document.querySelectorAll('label.sd-tab-label[data-sync-group="source"]')) {
      if (label.getAttribute("data-sync-id") !== source) continue;
      const input = document.getElementById(label.getAttribute("for"));
      if (input && !input.checked) input.checked = true;
    }
  }

  const here = document.currentScript ? document.currentScript.src : "";
  let playLoading = null;

  function loadPlay() {
    if (!playLoading) {
      playLoading = new Promise((resolve, reject) => {
        const css = document.createElement("link");
        css.rel = "stylesheet";
        css.href = new URL("cq-play.css", here).href;
        document.head.append(css);
        const script = document.createElement("script");
        script.src = new URL("cq-play.js", here).href;
        script.onload = () => resolve(window.cqPlay);
        script.onerror = () => { playLoading = null; reject(new Error("cq-play.js could not be loaded")); };
        document.head.append(script);
      });
    }
    return playLoading;
  }

  function setupPlay() {
    document.addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("button.cq-try");
      if (button) loadPlay().then((play) => play.tryIt(button));
    });
    for (const form of document.querySelectorAll("form.cq-play-setup")) {
      const rules = form.elements.rules, players = form.elements.players;
      const sync = () => {  // the counts the chosen rules seat, and none other
        const o = rules.selectedOptions[0], least = Number(o.dataset.least), most = Number(o.dataset.most);
        for (const p of players.options) p.disabled = Number(p.value) < least || Number(p.value) > most;
        if (players.selectedOptions[0].disabled) players.value = String(Math.min(Math.max(Number(players.value), least), most));
        players.disabled = least === most;
      };
      const asked = params().get("rules");  // a source's page links here with ?rules=ID
      if (asked && [...rules.options].some((o) => o.value === asked)) rules.value = asked;
      rules.addEventListener("change", sync);
      sync();
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        loadPlay().then((play) => play.deal(form));
      });
      // A link to a deal (#rules=…&players=…&seed=…) deals it again, on opening and when followed from the page.
      const fromLink = () => {
        const want = new URLSearchParams(window.location.hash.slice(1));
        if (!want.get("rules") || ![...rules.options].some((o) => o.value === want.get("rules"))) return false;
        rules.value = want.get("rules");
        sync();
        if (!players.disabled && want.get("players")) players.value = want.get("players");
        form.elements.seed.value = want.get("seed") || "";
        if (["0", "1"].includes(want.get("seat"))) form.elements.seat.value = want.get("seat");
        if ([...form.elements.level.options].some((o) => o.value === want.get("level"))) form.elements.level.value = want.get("level");
        loadPlay().then((play) => play.deal(form));
        return true;
      };
      window.addEventListener("hashchange", fromLink);
      if (!fromLink()) loadPlay().then((play) => play.preload(form));  // the engine loads as the page opens
    }
  }

  function ready() {
    // furo's sidebar captions are headings without a level: give them one (axe: aria-required-attr)
    for (const caption of document.querySelectorAll('.caption[role="heading"]:not([aria-level])')) {
      caption.setAttribute("aria-level", "2");
    }
    setupFilter();
    setupPlay();
    sourceFromUrl();
    focusableCode();
    window.addEventListener("resize", focusableCode);
    for (const details of document.querySelectorAll("details")) details.addEventListener("toggle", focusableCode);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
