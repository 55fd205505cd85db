"""The statistics pages, drawn from the data file ``make stats`` writes (``docs/_data/statistics.json``), never computed
at build time (with the strong player's check of it, ``make stats-strong``: :mod:`conquian_site.strongcheck`).

``{statistics} WHAT`` with WHAT one of ``method`` (how the figures were made: players, deals, seed, engine, command,
behind a toggle), ``sources`` (per source: how deals end, the first player's share, the length), ``effects`` (per
rule: what switching it to each other value changes, with the rules that cannot change a deal listed and why),
``players`` (by number of players), and ``sources-summary``, ``effects-summary`` and ``players-summary``, the plain
sentences that open those pages (:mod:`conquian_site.findings`).  The games are those of :data:`conquian.games.GAMES`: ``sources`` and ``effects`` draw the games whose
cells vary by axes, ``players`` those whose cells vary by players (:class:`conquian.gametype.Statistics`), in words
each game's entry gives.  Each figure has its 95 % interval (see :mod:`conquian.statistics`); every plot is inline SVG
with a title and a description, and a sentence under it says what it shows and how it was computed.
A missing, malformed or stale file stops the build with a message naming it; a source declared since the file was
made is named on the page as having no figures yet.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from conquian import DECLARATIONS
from conquian.gametype import GameType
from conquian.registry import VARIANTS, sources
from conquian.statistics import SCHEMA, counted, deals_key, mean_interval, wilson

from .data import answer_words
from .datafiles import read_data, sources_named
from .findings import Comparison, compare, opening_effects, opening_players, opening_sources, settle
from .nodes import cq_details, link, para, strong
from .plots import interval_plot
from .shared import CqDirective
from .strongcheck import (DATA, agree, checked_section, checks, load_checks, method_words, opening_checks,
                          opening_strong_sources, strong_bases)
from .tables import figures_table as table

EFFECTS_DOC = "statistics/effects"


def by(kind: str) -> list[GameType]:
    """The games whose statistics vary by ``kind`` (``axes`` or ``players``)."""
    return [g for g in counted() if g.statistics.by == kind]


def axes_by_name() -> dict:
    """Every axis a game's cells switch, by name (axes of one name in two games are the same question)."""
    return {ax.name: ax for g in by("axes") for ax in g.rules.AXES}


def missing(d: dict, g: GameType) -> list[str]:
    """The game's sources the data file has no figures for (declared since ``make stats`` last ran)."""
    return [s for s in sources(g.name) if s not in d.get(g.name, {})]


def no_figures_yet(names: list[str]) -> list[nodes.Node]:
    """A sentence for each of these sources, which the file has no figures for, in plain words."""
    return [para(f"No figures yet for {short(s)}: it was declared after these figures were made; run make stats to "
                 f"add them.", classes=["cq-stats-missing"]) for s in names]


def effect_anchor(axis: str) -> str:
    return f"effect-{axis.replace('_', '-')}"


def data_file(srcdir) -> Path:
    return Path(srcdir) / "_data" / "statistics.json"


def load(srcdir) -> dict:
    """The data file, checked: its layout version, its sources (every declared one) and its cells."""
    data, where = read_data(data_file(srcdir), "make stats", SCHEMA)
    for key in ("seed", "engine", "engines_used", "version", "made", "command", "not_in_play"):
        if key not in data:
            raise ExtensionError(f"{where}: no {key!r}")
    # A game the file has no figures for (added since) is left out of the pages, each of its sources named there.
    for g in (g for g in counted() if g.name in data):
        if deals_key(g) not in data:
            raise ExtensionError(f"{where}: no {deals_key(g)!r}")
        names = {ax.name for ax in g.rules.AXES}
        for source, block in data[g.name].items():
            if source not in VARIANTS:
                raise ExtensionError(f"{where}: source {source!r} is not declared; run 'make stats' again")
            if str(VARIANTS[source]) != block.get("rules"):
                raise ExtensionError(f"{where}: {source} was simulated as {block.get('rules')!r}, but is now declared "
                                     f"as {str(VARIANTS[source])!r}: the figures are stale; run 'make stats' again")
            for cell in block.get("cells", ()):
                if cell.get("axis") not in (None, *names) or not ("figures" in cell or "skipped" in cell):
                    raise ExtensionError(f"{where}: {source}: a malformed cell {cell!r:.80}")
    return data


#: The columns of a table by source (see :func:`source_row`).
SOURCE_COLUMNS = ["Source", "Deals", "Won", "Tableau (stock ran out)", "Other endings",
                  "First player's share of won deals", "Decisions per deal", "Cards left in the stock"]


def source_row(f: dict, name: str, rows: list, wins: list, first: list) -> None:
    """One row of the table by source, and its points on the two plots."""
    n = f["deals"]
    other = n - f["wins"] - f["endings"].get("tableau", 0)
    rows.append([strong(name), f"{n:,}", share_text(f["wins"], n), share_text(f["endings"].get("tableau", 0), n),
                 f"{other:,}", share_text(f["first_wins"], max(f["wins"], 1)), length_text(f),
                 f"{f['stock_left'] / n:.1f}"])
    lo, hi = wilson(f["wins"], n)
    wins.append((name, 100 * f["wins"] / n, 100 * lo, 100 * hi))
    lo, hi = wilson(f["first_wins"], max(f["wins"], 1))
    first.append((name, 100 * f["first_wins"] / max(f["wins"], 1), 100 * lo, 100 * hi))


# -- figures in words ----------------------------------------------------------------------------------------------
def short(source: str) -> str:
    """A source as readers name it (rummy.ch, Dutch), never its id."""
    return DECLARATIONS[source].short


def value_words(axis: str, text: str) -> str:
    """A value as the data file writes it (``only-by-forcing``), in a reader's words (``only by forcing``)."""
    ax = axes_by_name()[axis]
    return answer_words(ax, ax.coerce(text))


def skipped_words(reason: str) -> str:
    """Why a cell was not simulated, in a reader's words: the rule it conflicts with by title, not by name."""
    if not reason.startswith("cannot be set: "):
        return reason
    head, _, why = reason[len("cannot be set: "):].partition(": ")
    other = head.split(" conflicts with ")[-1].split("=")[0]
    titles = {a.name: a.title.lower() for a in axes_by_name().values()}
    named = [titles[n] for n in (head.split("=")[0], other) if n in titles]
    return f"it cannot stand with the source's other rules ({' and '.join(named)}: {why})"



def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def share_pct(k: int, n: int) -> str:
    """``k`` of ``n`` in per cent to a tenth, rounded exactly and a half to even: two shares that make up the whole
    (won 1,489 of 2,000, a tableau 511) then add up to 100.0 (74.4 and 25.6, not 74.5 and 25.6 as floats round)."""
    q, r = divmod(1000 * k, n)
    q += 2 * r > n or (2 * r == n and q % 2)
    return f"{q // 10}.{q % 10}"


def share_text(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{share_pct(k, n)} % ({pct(lo)}–{pct(hi)})"


def rare_text(k: int, n: int) -> str:
    """A tally's share of ``n`` deals; under one in a hundred, the count itself (0.0 % would hide the one there is)."""
    return share_text(k, n) if n and k >= n / 100 else f"{k:,} of {n:,}"


#: How a deal ended, in a reader's words (the data file keeps the engine's names; each game's termination values).
ENDING_WORDS = {"win": "won", "tableau": "tableau", "stock": "stock ran out",
                "idle": "void (too many turns in a row laid nothing)",
                "unfinished": "stopped unfinished"}


#: The engines, as the method names them.
ENGINE_WORDS = {"native": "native kernel", "python": "Python engine"}


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def _change_text(d: tuple, scale: float, clear: bool):
    """A change with its interval (points, or decisions), in bold where it is clear."""
    x, lo, hi = (scale * v for v in d)
    text = f"{x:+.1f} ({lo:+.1f} to {hi:+.1f})"
    return strong(text) if clear else text


def length(f: dict) -> tuple[float, float, float]:
    return mean_interval(f["decisions"], f["decisions_squared"], f["deals"])


def length_text(f: dict) -> str:
    m, lo, hi = length(f)
    return f"{m:.1f} ({lo:.1f}–{hi:.1f})"


# -- the directive -----------------------------------------------------------------------------------------------
class StatisticsDirective(CqDirective):
    """``{statistics} WHAT``: one part of the statistics pages (see the module's description)."""

    required_arguments = 1
    has_content = False

    def run(self):
        self.env.note_dependency(str(data_file(self.env.srcdir)))
        data = load(self.env.srcdir)
        what = self.arguments[0]
        parts = {"method": self.method, "sources": self.sources, "effects": self.effects, "players": self.by_players,
                 "sources-summary": lambda d: self.sources(d, True), "effects-summary": lambda d: self.effects(d, True),
                 "players-summary": self.players_summary}
        if what not in parts:
            return self.warn(f"{self.where()}: {{statistics}} {what!r}: one of {', '.join(parts)}")
        return parts[what](data)

    def method(self, d: dict) -> list[nodes.Node]:
        present = [g for g in counted() if g.name in d]
        kernels = {"native": [g.title for g in present if g.kernel is not None],
                   "python": [g.title for g in present if g.kernel is None]}
        used = d["engines_used"]
        engine = (ENGINE_WORDS.get(used[0], used[0]) if len(used) == 1 else " and the ".join(
            f"{ENGINE_WORDS.get(e, e)} ({and_list(kernels.get(e, []))})" for e in used))
        def slower(g) -> str:  # the cells of a game with a kernel that the kernel does not play
            if g.kernel is None or not d.get("python_cells"):
                return ""
            return (f" ({d['python_deals']:,} each, on the Python engine, for the {d['python_cells']} cells the "
                    f"kernel does not play: an exchange before play, or three players)")
        cells = and_list([f"{d[deals_key(g)]:,}{' deals' if i == 0 else ''} {g.statistics.cell_words}{slower(g)}"
                          for i, g in enumerate(present)])
        none = kernels["python"]
        without = f", and {and_list(none)} {'has' if len(none) == 1 else 'have'} no kernel" if none else ""
        details = cq_details(summary="How these figures were made")
        details += [para(f"Every figure comes from deals between greedy computer players, two unless a row says three or "
                     f"more (each looks one move "
                     f"ahead and sees only its own cards): {cells}, seed {d['seed']}, played by the "
                     f"{engine}; the kernel plays the very deals the Python engine would (a test holds it to that)"
                     f"{without}. A deal still going after {d['max_decisions']:,} decisions is "
                     f"stopped and counted as unfinished. Made on {d['made']} with version {d['version']} of the engine "
                     f"(how to make them again is in the project's README, under make stats)."),
                para("Shares carry Wilson's 95 % interval and means the mean ± 1.96 standard errors. A rule "
                     "switched is played from the same seed as the rules as declared, so the two are compared deal "
                     "by deal: the change is the mean of the differences ± 1.96 standard errors of those differences "
                     "(for the first player's share of the won deals, two independent shares). A change is in bold "
                     "only when it stays clear of zero after Holm's correction for every comparison on its page, at "
                     "5 %; a switch that leaves more than 5 % of its deals unfinished is greyed and never in bold. "
                     "Where a switch needs a second rule changed with it, that rule takes the allowed value nearest "
                     "the source's own, and the row says it is a joint change. These are figures about greedy "
                     "computer players, not about people: they show which way a ruling pushes the game, not how "
                     "often a good player wins."), para(method_words(self.strong_data(d)))]
        return [para("The figures come from the engine playing many deals against itself; open the note below for "
                     "how, and how sure they are."), details]

    def strong_data(self, d: dict) -> dict:
        """The strong player's check of these figures (see :mod:`conquian_site.strongcheck`)."""
        self.env.note_dependency(str(Path(self.env.srcdir) / DATA))
        return load_checks(self.env.srcdir, d)

    def sources(self, d: dict, summary: bool = False) -> list[nodes.Node]:
        """The page by source: its tables and plots, or (``summary``) only the sentences that open the page."""
        rows, wins, first, said = [], [], [], []
        for blocks in (d.get(g.name, {}) for g in by("axes")):
            for source, block in blocks.items():
                # the rule set as declared, then as played by three where it seats three
                for c in (c for c in block["cells"] if c["axis"] is None or "players" in c):
                    source_row(c["figures"], short(source) + (f", {c['players']} players" if "players" in c else ""),
                               rows, wins, first)
                if "same_as" not in block:
                    base = next(c for c in block["cells"] if c["axis"] is None)
                    said.append((sources_named(blocks, source), base["figures"], 2))
        opening = nodes.container("", *(para(x) for x in opening_sources(said) + opening_strong_sources(
            self.strong_data(d), d)), classes=["cq-stats-summary"])
        out: list[nodes.Node] = [opening, table(SOURCE_COLUMNS, rows)]
        out.append(interval_plot("cq-plot-won", "Share of deals won, by source",
                                 "; ".join(f"{s}: {v:.1f} % won" for s, v, _, _ in wins), wins, 0, 100))
        out.append(para("Share of deals that end with a winner (the rest end in a tableau when the stock runs "
                        "out), greedy players on both sides; the bar about each dot is where the true share lies, "
                        "95 times in 100.", classes=["cq-plot-caption"]))
        out.append(interval_plot("cq-plot-first", "The first player's share of won deals, by source",
                                 "; ".join(f"{s}: {v:.1f} %" for s, v, _, _ in first), first, 0, 100))
        out.append(para("Of the deals someone won, the share won by the player who had the first say (the pone "
                        "in every source); 50 % would mean no advantage (a third, with three players).",
                        classes=["cq-plot-caption"]))
        if summary:  # the sentences that open the page (sources-summary), apart from the tables
            return out[:1]
        strong, rows = self.strong_data(d), []
        for name, figures in strong_bases(strong, d):
            source_row(figures, name, rows, [], [])
        out += [para(f"The same figures between two computer players at the {strong['players']} level of the play page, "
                     f"{strong['deals']:,} deals each, for the sources whose rules the engine's compiled part "
                     f"plays (it makes so many deals affordable):"),
                table(SOURCE_COLUMNS, rows)]
        return out[1:] + no_figures_yet([s for g in by("axes") for s in missing(d, g)])

    def effects(self, d: dict, summary: bool = False) -> list[nodes.Node]:
        """Each rule switched, a section each; or (``summary``) only the sentences that open the page."""
        out: list[nodes.Node] = []
        blocks = {s: b for g in by("axes") for s, b in d.get(g.name, {}).items()}
        names = axes_by_name()
        labelled: list[tuple[str, Comparison]] = []  # every comparison on the page, for Holm's correction
        by_rules, words = {}, {}  # a switched cell's rules -> its comparison; its sources and switch in words
        sections = []
        for ax in names.values():
            if ax.name in d["not_in_play"]:
                continue
            section = nodes.section(ids=[effect_anchor(ax.name)], names=[effect_anchor(ax.name)])
            section += nodes.title(ax.title, ax.title)
            section.append(para(ax.question, " ", link(f"rulings/{ax.slug}", "", nodes.Text("The ruling, source by "
                                                                                        "source."))))
            rows = []  # each: the cells, or (source named, change, comparison) to fill in once all are settled
            for source, block in blocks.items():
                if "same_as" in block or not hasattr(VARIANTS[source], ax.name):
                    continue
                base = next(c for c in block["cells"] if c["axis"] is None)["figures"]
                for c in block["cells"]:
                    if c["axis"] != ax.name:
                        continue
                    named = sources_named(blocks, source)
                    frm = answer_words(ax, getattr(VARIANTS[source], ax.name))
                    to = value_words(ax.name, c["value"]) if c["value"] else ""
                    change = f"{frm} → {to}" if to else frm
                    if "players" in c:  # not a rule switched, but the rule set played by more at the table
                        change = to = f"{c['players']} players at the table instead of 2"
                    if c.get("with"):  # a joint change: the companion at the value nearest the source's own
                        change += " (a joint change: with " + ", ".join(
                            f"{names[k].title.lower()}: {value_words(k, v)}" for k, v in c["with"].items()) + ")"
                    if "skipped" in c:
                        rows.append([named, change, "not simulated: " + skipped_words(c["skipped"]), "", ""])
                        continue
                    f = c["figures"]
                    if f == base:  # every deal the same, deal for deal (the page's introduction says why it happens)
                        rows.append([named, change, "the very same deals, deal for deal", "", ""])
                        continue
                    comparison = compare(f, base, c.get("paired"), ax.name)
                    if comparison.greyed:
                        change += (f"; {pct(comparison.unfinished)} % of the deals stopped unfinished, too many "
                                   f"for these figures to say much")
                    elif comparison.unfinished:
                        change += f"; {pct(comparison.unfinished)} % of the deals stopped unfinished"
                    labelled.append((f"{named}: {ax.title.lower()} {change}", comparison))
                    rows.append((named, change, comparison, to))
                    by_rules[c["rules"]], words[c["rules"]] = comparison, (named, f"{ax.title}: {change}")
            sections.append((ax, section, rows))
        tested = settle([c for _, c in labelled])
        strong = self.strong_data(d)
        found = checks(strong, by_rules)
        agree(found)  # a change is one only where the strong player, where it checked, finds the same direction
        other = {id(c.greedy) for c in found if c.greedy is not None and not c.same_direction}
        for ax, section, rows in sections:
            out.append(section)
            cells, plot = [], []
            for row in rows:
                if isinstance(row, list):
                    cells.append(row)
                    continue
                named, change, c, to = row
                if id(c) in other:
                    change += f"; the computer at the {strong['players']} level finds the other direction"
                shown = [_change_text(c.won, 100, c.clear["won"]), _change_text(c.first, 100, c.clear["first"]),
                         _change_text(c.length, 1, c.clear["length"])]
                if c.greyed:
                    shown = [nodes.inline("", str(x), classes=["cq-stats-greyed"]) for x in shown]
                    change = nodes.inline("", change, classes=["cq-stats-greyed"])
                cells.append([named, change, *shown])
                if not c.greyed:
                    x, lo, hi = c.won
                    plot.append((f"{named}: {to}", 100 * x, 100 * lo, 100 * hi))
            section.append(table(["Source", "Switched", "Deals won (points)", "First player's share of won deals "
                                  "(points)", "Decisions per deal"], cells))
            if plot:
                span = max(5.0, *(max(abs(a), abs(b)) for _, _, a, b in plot))
                section.append(interval_plot(f"cq-plot-{ax.slug}", f"{ax.title}: change in the share of deals won",
                                             "; ".join(f"{label}: {v:+.1f} points" for label, v, _, _ in plot), plot,
                                             -span, span, zero=0.0, unit=""))
                section.append(para("Change in the share of deals won when this rule is switched from the source's "
                                    "answer, in percentage points, with its 95 % interval, the same deals compared one "
                                    "by one; a change in bold in the table is clear of chance even allowing for every "
                                    "comparison on this page.", classes=["cq-plot-caption"]))
        if summary:  # the sentences that open the page (effects-summary), above its introduction
            said = opening_effects(labelled, tested) + opening_checks(found, strong)
            return [nodes.container("", *(para(x) for x in said), classes=["cq-stats-summary"])]
        out.append(checked_section(found, strong, words, table))
        last = nodes.section(ids=["effect-none"], names=["effect-none"])
        last += nodes.title("Rulings that cannot change a deal", "Rulings that cannot change a deal")
        out.append(last)
        items = nodes.bullet_list()
        for name, why in d["not_in_play"].items():
            ax = names[name]
            items += nodes.list_item("", para(link(f"rulings/{ax.slug}", "", nodes.Text(ax.title)), f": {why}."))
        last += [para("Not simulated, because nothing in a deal's play depends on them:"), items]
        return out

    def by_players(self, d: dict) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for g in by("players"):
            named = [(t, g.statistics.tally_words.get(t, (t, ""))) for t in g.tallies]
            for source in sources(g.name):
                block = d.get(g.name, {}).get(source)
                if block is None:
                    out += no_figures_yet([source])
                    continue
                out += self.players_of(source, block, named)
        return out

    def players_summary(self, d: dict) -> list[nodes.Node]:
        said = [x for g in by("players") for source, block in d.get(g.name, {}).items()
                for x in opening_players(short(source), block["players"])]
        return [nodes.container("", *(para(x) for x in said), classes=["cq-stats-summary"])]

    def players_of(self, source: str, block: dict, tallies: list) -> list[nodes.Node]:
        """One source's table and plot by number of players, with a column for each of its game's tallies."""
        rows, plot = [], []
        # a tally no deal reached is said in the caption, not shown as a column of noughts
        never = [(t, w) for t, w in tallies if not any(f[t] for f in block["players"].values())]
        tallies = [x for x in tallies if x not in never]
        for players, f in block["players"].items():
            n = f["deals"]
            endings = ", ".join(f"{ENDING_WORDS.get(k, k)} {v:,}" for k, v in f["endings"].items())
            rows.append([players, f"{n:,}", share_text(f["wins"], n), endings,
                         f"{share_text(f['first_wins'], max(f['wins'], 1))}; fair share {100 / int(players):.0f} %",
                         length_text(f), *(rare_text(f[t], f["wins"]) for t, _ in tallies)])
            m, lo, hi = length(f)
            plot.append((f"{players} players", m, lo, hi))
        name = short(source)
        out: list[nodes.Node] = [table(["Players", "Deals", "Won", "Endings", "The first to play's share of won deals",
                                        "Decisions per deal",
                                        *(f"{words} share of won deals" for _, (words, _) in tallies)], rows)]
        top = max(h for _, _, _, h in plot)
        out.append(interval_plot(f"cq-plot-players-{source}", f"{name}: decisions per deal by number of players",
                                 "; ".join(f"{label}: {v:.0f} decisions" for label, v, _, _ in plot), plot, 0,
                                 10 * (int(top) // 10 + 1), unit=""))
        out.append(para(f"Mean decisions per deal under {name}, by number of players, greedy players in every "
                        f"seat; the bar about each dot is where the true mean lies, 95 times in 100"
                        + "".join(f"; {what}" for _, (_, what) in tallies if what)
                        + "".join(f"; no deal was won by a {words}" + (f" ({what})" if what else "")
                                  for _, (words, what) in never) + ".", classes=["cq-plot-caption"]))
        return out


def ruling_effect(axis: str, env) -> list[nodes.Node]:
    """The line a ruling page shows: where to read what this ruling changes (or why it cannot change a deal); nothing
    on a site without the statistics pages."""
    if EFFECTS_DOC not in env.found_docs:
        return []
    env.note_dependency(str(data_file(env.srcdir)))
    not_in_play = load(env.srcdir)["not_in_play"]
    if axis in not_in_play:
        return [para(strong("What this ruling changes: "), f"nothing in the play of a deal ({not_in_play[axis]}).",
                     classes=["cq-effect-link"])]
    return [para(strong("What this ruling changes: "),
                 link(EFFECTS_DOC, effect_anchor(axis), nodes.Text("figures from simulated deals, source by source")),
                 ".", classes=["cq-effect-link"])]


def setup_statistics(app: Sphinx) -> None:
    app.add_directive("statistics", StatisticsDirective)
