"""One page per source, "The rules of X": the source's whole game in play order, in plain words, with cards drawn.

``{rules-of} ID``  -- the source's whole game in the order a game is played, enough to play it from this page alone:
                      the object, the cards, the deal, how a turn goes, the rules on which the sources part (the say,
                      melding), going out, scoring.  The axes give one sentence each of what the value means; the
                      declaration's ``[[play]]`` rules (:mod:`conquian.declaration_play`) give the object and the turn,
                      each with the passages it rests on, quoted from the declaration.  A sentence that is this
                      site's reading (the text silent, or open to more than one reading) is marked so in words, and
                      one the text only implies says that.  A set and a sequence of the source's pack are drawn.

The pages themselves are written by :func:`write_pages` when the build starts (``docs/rules/ID.md``, one line of
Markdown each, not kept in git): a new declaration gets its page without a file written by hand.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config

from conquian import DECLARATIONS
from conquian.declarations import Declaration
from conquian.axes import Group
from conquian.games import HOME
from conquian.status import Status

from .data import LANGUAGE_NAME, axis_groups, games, ordered_sources, repaired_segments, rule_target
from .nodes import card_nodes, link, para, strong
from .passages import citations, locator_target
from .shared import CqDirective

FOLDER = "rules"


def called(decl: Declaration) -> str:
    """The source as a sentence names it: "Foster 1913", "rummy.ch"; a source whose short name is the name of its
    language is "the Dutch page", never "Dutch" alone (which reads as the language)."""
    return f"the {decl.short} page" if decl.short == LANGUAGE_NAME.get(decl.language) else decl.short


def page_title(decl: Declaration) -> str:
    """"The rules of Foster 1913", "The rules of the Dutch page"; for another game's source, the game first: "The
    rules of Rommé (Spielwiki)"."""
    return f"The rules of {called(decl)}" if decl.game == HOME else f"The rules of {decl.title} ({decl.short})"


def write_pages(app: Sphinx, config: Config) -> None:
    """``docs/rules/ID.md`` for every declared source (rewritten only when its text changes, so that Sphinx does not
    read it again for nothing), and no page for a source no longer declared."""
    folder = Path(app.srcdir) / FOLDER
    folder.mkdir(exist_ok=True)
    wanted = {}
    for game in games():
        for decl in ordered_sources(game):
            wanted[f"{decl.id}.md"] = f"# {page_title(decl)}\n\n```{{rules-of}} {decl.id}\n```\n"
    for path in folder.glob("*.md"):
        if path.name not in wanted:
            path.unlink()
    for name, text in wanted.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def examples(decl: Declaration) -> tuple[str, str]:
    """A set and a sequence of the source's own pack, as card text: three sevens, and the three cards of one suit
    around the seven (6 7 8 in a pack of ace to ten, 6 7 J in the Spanish pack)."""
    rules = decl.rules
    deck = list(dict.fromkeys(rules.deck if hasattr(rules, "deck") else rules.shape.kinds))
    sevens = [c for c in deck if str(c)[:-1] == "7"][: max(3, decl.rules.min_set)]
    suit = sevens[-1].suit
    run = [c for c in deck if c.suit == suit]
    i = next(k for k, c in enumerate(run) if str(c)[:-1] == "7")
    sequence = run[max(0, i - 1): max(0, i - 1) + max(3, decl.rules.min_sequence)]
    return " ".join(map(str, sevens)), " ".join(map(str, sequence))


#: The page's parts in play order: (phase, title); a group of axes is shown in the part of its phase, the source's
#: ``[[play]]`` rules of a phase in the same part (see :mod:`conquian.declaration_play`).
PARTS = (("object", "The object"), ("cards", None), ("deal", None), ("turn", "How a turn goes"), ("choices", None),
         ("going-out", None), ("scoring", None))
#: The phase of each group of axes: the say and melding are the source's rule-by-rule choices within a turn.
GROUP_PHASE = {Group.CARDS: "cards", Group.DEAL: "deal", Group.SAY: "choices", Group.MELDING: "choices",
               Group.END: "going-out", Group.MATCH: "scoring"}
#: Titles of the parts that a group of axes opens, where the group's own title would hide the phase.
PART_TITLE = {Group.END: "Going out: the end of a deal", Group.MATCH: "Scoring: the match"}
READING = "this is this site's reading"


def reading_mark(status: Status) -> str:
    """The words that mark a sentence that is not the text's own: the site's reading (silent, ambiguous), or what
    the text implies without saying it; "" for a stated rule."""
    if status is Status.SILENT:
        return f"The text says nothing here: {READING}."
    if status is Status.AMBIGUOUS:
        return f"The text is ambiguous here: {READING}."
    if status is Status.IMPLIED:
        return "Implied by the text, not said in words."
    return ""


class RulesOfDirective(CqDirective):
    """``{rules-of} ID``: see the module."""

    required_arguments = 1

    def run(self):
        decl = self.source_argument()
        if decl is None:
            return []
        out: list[nodes.Node] = [self.intro(decl)]
        groups = [(axes[0].group, title, axes) for title, axes in axis_groups(type(decl.rules).AXES)]
        for phase, title in PARTS:
            in_phase = [g for g in groups if GROUP_PHASE[g[0]] == phase]
            rules = [r for r in decl.play if r.phase == phase]
            if title is not None:
                out.append(self.part(phase, title, [self.play_list(decl, rules, ordered=phase == "turn")]))
                rules = []
            for i, (group, group_title, axes) in enumerate(in_phase):
                body = [self.axis_list(decl, axes, drawn=group is Group.CARDS)]
                if rules and i == 0:  # how the text says a deal ends or is scored comes first; card values last
                    body.insert(0 if phase in ("going-out", "scoring") else 1, self.play_list(decl, rules))
                out.append(self.part(phase, PART_TITLE.get(group, group_title), body, group))
            if rules and not in_phase:  # a phase no axis of this game belongs to still shows its rules
                out.append(self.part(phase, phase.replace("-", " ").capitalize(), [self.play_list(decl, rules)]))
        return out

    @staticmethod
    def part(phase: str, title: str, body: list[nodes.Node], group: "Group | None" = None) -> nodes.section:
        ident = nodes.make_id(group.value if group else title)
        section = nodes.section(ids=[f"rules-{ident}"], classes=["cq-rulebook-part", f"cq-phase-{phase}"])
        section += nodes.title(title, title)
        for b in body:
            section += b
        return section

    def axis_list(self, decl: Declaration, axes, drawn: bool) -> nodes.bullet_list:
        items = nodes.bullet_list(classes=["cq-rulebook"])
        for axis in axes:
            entry = decl.entries.get(axis.name)
            if entry is None:
                continue
            item = nodes.list_item(classes=self.classes(entry.status))
            p = para(axis.meaning(entry.value) + " ")
            self.mark(p, entry.status)
            why = nodes.inline("", "", classes=["cq-why"])
            why += link(*rule_target(decl, axis), nodes.Text("Why"))
            p += why
            item += p
            items += item
        if drawn:
            items += self.drawn(decl)
        return items

    def play_list(self, decl: Declaration, rules, ordered: bool = False) -> nodes.Element:
        """A phase's rules in the source's words: each sentence, its mark, and the passages it rests on."""
        items = (nodes.enumerated_list if ordered else nodes.bullet_list)(classes=["cq-rulebook", "cq-rulebook-play"])
        for rule in rules:
            item = nodes.list_item(classes=self.classes(rule.status))
            p = para(rule.rule + " ")
            self.mark(p, rule.status)
            if rule.is_reading:
                p += nodes.Text(rule.note + " ")
            item += p
            for ev in rule.evidence:
                item += self.citation(decl, ev)
            items += item
        return items

    @staticmethod
    def classes(status: Status) -> list[str]:
        return [f"cq-status-{status.value}", *(["cq-reading"] if status in (Status.SILENT, Status.AMBIGUOUS) else [])]

    @staticmethod
    def mark(p: nodes.paragraph, status: Status) -> None:
        words = reading_mark(status)
        if words:
            p += nodes.emphasis("", words + " ", classes=["cq-mark"])

    @staticmethod
    def citation(decl: Declaration, ev) -> nodes.paragraph:
        """``Foster 1913, paragraph 9: "..."`` (repairs marked), or for a text in another language, the passage and
        this project's English: the passage comes from the declaration, never from the page."""
        page, anchor = locator_target(decl, ev.locator)
        if decl.paragraph(ev.locator) is None and anchor not in citations(decl):
            anchor = ""  # a passage only the [[play]] rules quote has no anchor on the source's page
        p = para(classes=["cq-rulebook-cite"])
        who = called(decl)
        p += link(page, anchor, nodes.Text(f"{who[:1].upper()}{who[1:]}, {ev.locator}"))
        if ev.described:  # a page not stored: our words, and a few of its own at most
            p += nodes.Text(", in this site's words: ")
            p += nodes.inline(ev.english, ev.english, classes=["cq-english-rendering"])
            if ev.quoted:
                p += nodes.Text(" (“")
                p += nodes.inline(ev.quoted, ev.quoted, classes=["cq-quote"])
                p += nodes.Text("”)")
            return p
        p += nodes.Text(": “")
        quote = nodes.inline("", "", classes=["cq-quote", f"language-{decl.language}"])
        for segment, rep in repaired_segments(ev):
            quote += nodes.Text(segment) if rep is None else nodes.inline(segment, segment, classes=["cq-repair"])
        p += quote
        p += nodes.Text("”")
        if decl.language != "en":
            p += nodes.Text(" — in English: “")
            p += nodes.inline(ev.english, ev.english, classes=["cq-english-rendering"])
            p += nodes.Text("”")
        return p

    def intro(self, decl: Declaration) -> nodes.paragraph:
        p = para(f"The whole game as {called(decl)} gives it, in play order, in this site's words, with the text's own "
                 f"words for how a turn goes. A rule the text leaves open is marked as this site's reading, with a "
                 f"dashed line at its left. The text, and how far to trust it: ")
        p += link(f"sources/{decl.id}", "", nodes.Text("the source's own page"))
        p += nodes.Text(".")
        return p

    @staticmethod
    def drawn(decl: Declaration) -> nodes.list_item:
        a_set, a_sequence = examples(decl)
        item = nodes.list_item(classes=["cq-rulebook-cards"])
        item += para(strong("For example"), ", a set: ", card_nodes(f"[{a_set}]"), "; a sequence: ",
                     card_nodes(f"[{a_sequence}]"), ".")
        return item


class RulebookToctreeDirective(CqDirective):
    """``{rulebook-toctree}``: the toctree of the "The rules of X" pages, the sources in the engine's order; with
    ``:folder: sources`` and ``:hidden:``, the (hidden) toctree of the source pages, so that a new source's page is
    listed without editing the index."""

    option_spec = {"folder": lambda arg: arg.strip(), "hidden": lambda arg: True}

    def run(self):
        here = self.env.docname.count("/")
        folder = self.options.get("folder", FOLDER)
        lines = ["```{toctree}", ":maxdepth: 1", *([":hidden:"] if "hidden" in self.options else []), ""]
        lines += ["../" * here + f"{folder}/{d.id}" for game in games() for d in ordered_sources(game)]
        return self.parse_text_to_nodes("\n".join([*lines, "```"]))


def setup_rulebook(app: Sphinx) -> None:
    app.add_directive("rules-of", RulesOfDirective)
    app.add_directive("rulebook-toctree", RulebookToctreeDirective)
    app.connect("config-inited", write_pages)
    app.connect("html-page-context", _rulebook_css)


def _rulebook_css(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """The rules pages' own style (the marks of readings, the citations, print on A4), on those pages only."""
    if pagename.startswith(f"{FOLDER}/"):
        app.add_css_file("cq-rulebook.css")
