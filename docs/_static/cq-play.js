/* The interactive table: "Try it" on a position diagram, and a deal against the computer on the play page.
   Loaded by conquian.js only when the reader asks; the engine runs in the worker cq-worker.js (Pyodide).

   The contract the tests rely on: the play area is an element with class "cq-play"; each legal move is a
   <button> inside it whose text is the move in words; when the deal ends the element gets data-over="true" and
   shows the result in words.  On the play page, the match's score is in an element with class "cq-score", and
   buttons "Deal again", "Take back" and "Hint" keep the game going.  Everything else (refused moves explained, another source, the record) is in the
   tools beside it.  window.cqPlay.stats holds the cold start and each move's response time, in milliseconds, and
   counts the views drawn (a test waits for the next one after asking for a deal). */
"use strict";

window.cqPlay = (function () {
  const here = new URL(".", document.currentScript.src);
  const root = new URL("..", here);  // the site's root: ruling pages are rulings/<axis>.html under it
  // ready: the engine's start, from the moment it was asked for (on play.html, as the page opens)
  const stats = { coldStart: null, ready: null, steps: null, snapshot: null, moves: [], views: 0 };
  const listeners = new Set();
  const pending = new Map();
  let worker = null, ready = null, nextId = 1, nextTable = 1;

  const FILE_MESSAGE = "The engine runs in your browser, which does not allow it for a page opened from a file. " +
    "Serve the site over HTTP: in the folder of the built site, run “python -m http.server” and open " +
    "http://localhost:8000/ (any static web server will do).";

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "html") node.innerHTML = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    node.append(...children);
    return node;
  }

  function engine(status) {
    if (status) listeners.add(status);
    if (ready) return ready;
    if (window.location.protocol === "file:") return Promise.reject(new Error(FILE_MESSAGE));
    const t0 = performance.now();
    ready = new Promise((resolve, reject) => {
      worker = new Worker(new URL("cq-worker.js", here), { type: "module" });
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.progress) for (const f of listeners) f(m.progress);
        else if (m.ready) { stats.ready = performance.now() - t0; stats.steps = m.steps; stats.snapshot = m.snapshot; resolve(); }
        else if (m.failed) reject(new Error(`The engine could not start: ${m.failed}`));
        else if (pending.has(m.id)) { pending.get(m.id)(JSON.parse(m.answer)); pending.delete(m.id); }
      };
      worker.onerror = (event) => reject(new Error(`The engine could not start: ${event.message || "the worker failed"}`));
    });
    ready.catch(() => { ready = null; });
    return ready;
  }

  function ask(request) {
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }

  /* One table: its play area, the tools beside it, the status line above it. */
  class Table {
    constructor(box, mode) {
      this.box = box;
      this.id = String(nextTable++);
      this.mode = mode;
      this.status = box.querySelector(".cq-play-status");
      this.area = box.querySelector(".cq-play");
      this.tools = box.querySelector(".cq-play-tools") || box.appendChild(el("div", { class: "cq-play-tools" }));
      this.why = el("div", { class: "cq-why", role: "status", "aria-live": "polite" });
      // What changed after a move, for screen readers: the play area itself is redrawn whole, so it is not live.
      this.announce = el("p", { class: "cq-sr-only", "aria-live": "polite" });
      this.area.before(this.announce);
    }

    say(text) { this.status.textContent = text; }

    // Each table has its own deal in the engine: a move pressed here is never played in another table's deal.
    ask(request) { return ask({ ...request, table: this.id }); }

    async open(request) {
      this.fresh = true;  // a new deal: its table is brought into view once drawn
      const cold = !ready;
      const t0 = performance.now();
      const area = this.area;
      area.removeAttribute("data-over");
      this.area.setAttribute("aria-busy", "true");
      try {
        await engine((text) => this.say(text));
      } catch (err) {
        this.say(err.message);
        this.area.removeAttribute("aria-busy");
        return;
      }
      const view = await this.ask(request);
      if (cold && stats.coldStart === null) stats.coldStart = performance.now() - t0;
      this.area.removeAttribute("aria-busy");
      if (view.error) {
        area.replaceChildren(el("p", { class: "cq-play-error", text: `This cannot be played: ${view.error}` }));
        return;
      }
      // a next deal of the match is kept as the deal it is: its link reopens those cards, with the reader's seat
      this.request = request.op === "again" ? { ...this.request, op: "deal", seed: request.seed, seat: String(view.reader) }
        : request;
      this.say("");
      this.render(view);
    }

    async play(index) {
      for (const b of this.area.querySelectorAll("button")) b.disabled = true;
      const t0 = performance.now();
      const view = await this.ask({ op: "play", move: index });
      stats.moves.push(performance.now() - t0);
      if (view.error) { this.say(view.error); return; }
      this.render(view);
    }

    // "Take back": the reader's last move and the computer's reply undone.
    async takeBack() {
      const view = await this.ask({ op: "back" });
      if (view.error) { this.say(view.error); return; }
      this.render(view);
    }

    // "Hint": what the strong player would play here, in words; its move button is marked.
    async hint(box) {
      box.textContent = "Thinking…";
      const h = await this.ask({ op: "hint" });
      if (h.error) { box.textContent = h.error; return; }
      box.textContent = `Hint: ${h.words}`;
      const button = this.area.querySelectorAll("button.cq-move")[h.move];
      if (button) button.classList.add("cq-hinted");
    }

    render(view) {
      stats.views += 1;
      const area = this.area;
      // where the table stood on the screen: after a move it is drawn again at the same height (no jump), the
      // computer's moves in words under it, then the reader's moves
      const before = area.querySelector(".cq-play-table");
      const anchor = before && !this.fresh ? before.getBoundingClientRect().top : null;
      area.replaceChildren();
      area.append(el("p", { class: "cq-play-rules", text: `Rules: ${view.label}` }));
      if (view.score) area.append(el("p", { class: "cq-score", role: "status", text: view.score }));
      // the table says where the deal stands (who has the say to which card), in its middle
      area.append(el("div", { html: view.table }));
      if (view.log.length) {
        const log = el("ul", { class: "cq-play-log", "aria-label": "The last moves" });
        for (const line of view.log_html) log.append(el("li", { html: line }));
        area.append(log);
      }
      if (view.over) {
        area.dataset.over = "true";
        area.append(el("p", { class: "cq-play-result", role: "status", text: view.result }));
      } else {
        const moves = el("div", { class: "cq-moves", role: "group", "aria-label": "Your legal moves" });
        view.moves.forEach((m, i) => {
          const b = el("button", { type: "button", class: "cq-move", html: m.html, title: m.text });
          b.addEventListener("click", () => this.play(i));
          moves.append(b);
        });
        area.append(el("p", { class: "cq-moves-head", text: "Your move:" }), moves);
        if (this.mode === "deal") area.append(this.helpers(view));
      }
      this.renderTools(view);
      this.announce.textContent = [...view.log, view.over ? view.result : view.state].join(" ");
      const first = area.querySelector("button.cq-move");
      // the focus moves to the first move without scrolling: the table stays where the reader was looking
      if (first && this.box.contains(document.activeElement)) first.focus({ preventScroll: true });
      this.keepInView(anchor);
    }

    // A new deal: its score and table brought to the top of the screen (under the site's header) unless they and
    // the reader's first move are on it already.  A move: the table put back where it was on the screen, whatever the lines above it did.
    keepInView(anchor) {
      const table = this.area.querySelector(".cq-play-table");
      if (!table) return;
      if (this.fresh) {
        this.fresh = false;
        if (this.mode !== "deal") return;
        const top = this.area.getBoundingClientRect().top;
        const header = parseFloat(getComputedStyle(this.area).scrollMarginTop) || 0;
        const first = this.area.querySelector("button.cq-move") || table;  // the table and the reader's first move
        if (top < header || first.getBoundingClientRect().bottom > window.innerHeight) {
          this.area.scrollIntoView({ block: "start" });
        }
      } else if (anchor !== null) {
        window.scrollBy(0, table.getBoundingClientRect().top - anchor);
      }
    }

    renderTools(view) {
      const tools = this.tools;
      tools.replaceChildren();
      this.why.replaceChildren();
      if (this.mode === "deal" && this.request) tools.append(this.dealLine());
      if (view.others.length) {
        const list = el("ul", { class: "cq-others" });
        for (const o of view.others) {
          const b = el("button", { type: "button", class: "cq-other", html: o.html });
          b.addEventListener("click", () => this.explain(o.text));
          // a long list of sources and readings is cut to three and a count, so that a phone line stays short
          const by = o.allowed_by.length > 3
            ? `${o.allowed_by.slice(0, 3).join("; ")} and ${o.allowed_by.length - 3} more`
            : o.allowed_by.join("; ");
          list.append(el("li", {}, b, el("span", { class: "cq-allowed-by", text: ` (allowed by ${by})` })));
        }
        tools.append(el("p", { class: "cq-tools-head", text: "Moves other rules allow here, refused under these: press one to see why." }), list);
      }
      if (!view.over) {
        const input = el("input", { type: "text", name: "move", "aria-label": "A move, typed in short",
                                     placeholder: view.game === "romme" ? "e.g. discard 7♥" : "e.g. take" });
        const form = el("form", { class: "cq-try-move" },
                        el("label", { text: "Type any move to ask about it: " }), input,
                        el("button", { type: "submit", text: "Why not?" }));
        form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) this.explain(input.value.trim()); });
        tools.append(form);
      }
      tools.append(this.why);
      if (this.mode === "position") this.renderSwitch(view);
      const record = el("button", { type: "button", class: "cq-record", text: "Download the record" });
      record.addEventListener("click", () => this.download(view));
      tools.append(el("p", {}, record));
    }

    // Beside the reader's moves: take back the last one, or ask for a hint.
    helpers(view) {
      const back = el("button", { type: "button", class: "cq-take-back", text: "Take back" });
      back.disabled = !view.can_take_back;
      back.addEventListener("click", () => this.takeBack());
      const said = el("p", { class: "cq-hint", role: "status", "aria-live": "polite" });
      const hint = el("button", { type: "button", class: "cq-hint-button", text: "Hint" });
      hint.addEventListener("click", () => this.hint(said));
      return el("div", { class: "cq-helpers" }, el("p", {}, back, " ", hint), said);
    }

    // The play page: the seed of this deal, a link that reopens it, and a new deal under the same rules.
    dealLine() {
      const { rules, players, seed, seat, level } = this.request;
      // the next deal of the match once this one is over; before that, a fresh match
      const again = el("button", { type: "button", class: "cq-deal-again", text: "Deal again" });
      again.addEventListener("click", () => this.area.dataset.over === "true"
        ? this.open({ op: "again", seed: randomSeed() }) : this.open({ ...this.request, seed: randomSeed() }));
      const link = el("a", { class: "cq-deal-link", text: "a link to this deal",
                             href: `#${new URLSearchParams({ rules, players: String(players), seed, seat, level })}` });
      return el("p", { class: "cq-deal-line" }, again, ` Deal number ${seed}: `, link, " (the same cards again).");
    }

    async renderSwitch(view) {
      const answer = await this.ask({ op: "choices" });
      const select = el("select", { "aria-label": "Replay this position under other rules" });
      for (const c of answer.choices.filter((c) => c.game === view.game)) {
        const o = el("option", { value: c.rules, text: c.label });
        if (c.rules === view.rules) o.selected = true;
        select.append(o);
      }
      select.addEventListener("change", () => this.open({ op: "position", text: this.position, play: this.moves,
                                                           rules: select.value }));
      if (this.request && this.request.rules) select.value = this.request.rules;
      this.tools.append(el("p", { class: "cq-switch" }, el("label", { text: "Replay this position under " }), select));
    }

    async explain(move) {
      const w = await this.ask({ op: "why", move });
      const box = this.why;
      box.replaceChildren();
      box.classList.toggle("cq-why-legal", Boolean(w.legal));  // a legal move is not drawn as a refusal
      if (w.error) { box.append(el("p", { text: `That is not a move the engine can read: ${w.error}` })); return; }
      if (w.legal) { box.append(el("p", { text: `${w.words}: that move is legal here.` })); return; }
      box.append(el("p", { html: w.html }));
      if (w.rule) {
        const rule = el("p", { class: "cq-why-rule", text: `Rule: ${w.rule}` });
        if (w.ruling) rule.append(" (", el("a", { href: new URL(w.ruling, root).href, text: "the ruling page" }), ")");
        box.append(rule);
      }
      if (w.passage) {
        const cite = el("a", { href: new URL(w.source_page, root).href, text: `${w.source}, ${w.locator}` });
        box.append(el("blockquote", { class: "cq-why-passage" }, el("p", { text: w.passage }),
                      w.english !== w.passage ? el("p", { class: "cq-why-english", text: `In English: ${w.english}` }) : "",
                      el("p", {}, "— ", cite, ` (${w.status})`)));
      }
    }

    async download(view) {
      const answer = await this.ask({ op: "record" });
      if (answer.error) { this.say(answer.error); return; }
      const url = URL.createObjectURL(new Blob([answer.record + "\n"], { type: "text/plain;charset=utf-8" }));
      const a = el("a", { href: url, download: `${view.game}-deal.txt` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }
  }

  /* "Try it": the table opens in place of the diagram, at its position, the reader playing the seat to act. */
  function tryIt(button) {
    const row = button.closest(".cq-try-row") || button;
    let box = row.nextElementSibling;
    if (!box || !box.classList.contains("cq-tryit")) {
      box = el("div", { class: "cq-tryit" }, el("p", { class: "cq-play-status", role: "status", "aria-live": "polite" }),
               el("div", { class: "cq-play" }), el("div", { class: "cq-play-tools" }));
      row.after(box);
      // the table in play replaces the drawing of the same position: no second copy of it on the page
      const drawn = row.previousElementSibling;
      if (drawn && drawn.matches("figure.cq-position")) drawn.hidden = true;
      const table = new Table(box, "position");
      table.position = button.dataset.position;
      table.moves = button.dataset.play || "";
      box.cqTable = table;
      button.setAttribute("aria-expanded", "true");
      table.open({ op: "position", text: table.position, play: table.moves });
    }
    box.scrollIntoView({ block: "nearest" });
  }

  /* A fresh seed for a new deal: the seed box empty means a different deal each time. */
  function randomSeed() {
    return String(crypto.getRandomValues(new Uint32Array(1))[0]);
  }

  /* The play page: a new deal from the form's rules, players and seed (a random one where the box is empty). */
  function deal(form) {
    const box = form.closest(".cq-playroom");
    const table = box.cqTable || (box.cqTable = new Table(box, "deal"));
    const rules = form.elements.rules.value;
    const players = form.elements.players.disabled ? 2 : Number(form.elements.players.value);
    const seed = form.elements.seed.value.trim() || randomSeed();
    const seat = form.elements.seat.value;
    const level = form.elements.level.value;
    table.open({ op: "deal", rules, players, seed, seat, level });
  }

  /* The play page opened: the engine starts loading at once, so that it is ready by the time the reader presses Deal
     (a page opened from a file cannot run it: Deal then says why). */
  function preload(form) {
    const status = form.closest(".cq-playroom").querySelector(".cq-play-status");
    engine((text) => { status.textContent = text; }).then(() => { status.textContent = ""; }, () => {});
  }

  return { tryIt, deal, preload, stats, FILE_MESSAGE };
})();
