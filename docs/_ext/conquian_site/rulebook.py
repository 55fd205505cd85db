"""One page per source, "The rules of X": the source's whole game in play order, in plain words, with cards drawn.

``{rules-of} ID``  -- every rule of the source's game, group by group in the order a game is played (the cards, the
                      deal, the say, melding, the end, the match), each as one sentence of what the value means; where
                      the source says nothing, or can be read more than one way, the sentence is marked as this site's
                      reading and links to the ruling.  A set and a sequence of the source's pack are drawn.

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
from conquian.games import HOME
from conquian.status import Status

from .data import LANGUAGE_NAME, axis_groups, games, ordered_sources, rule_target
from .nodes import card_nodes, link, para, strong
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


class RulesOfDirective(CqDirective):
    """``{rules-of} ID``: see the module."""

    required_arguments = 1

    def run(self):
        decl = self.source_argument()
        if decl is None:
            return []
        out: list[nodes.Node] = [self.intro(decl)]
        for group, axes in axis_groups(type(decl.rules).AXES):
            section = nodes.section(ids=[f"rules-{nodes.make_id(group)}"])
            section += nodes.title(group, group)
            items = nodes.bullet_list(classes=["cq-rulebook"])
            for axis in axes:
                entry = decl.entries.get(axis.name)
                if entry is None:
                    continue
                item = nodes.list_item(classes=[f"cq-status-{entry.status.value}"])
                p = para(axis.meaning(entry.value) + " ")
                if entry.status is Status.SILENT:
                    who = called(decl)
                    p += nodes.emphasis("", f"{who[:1].upper()}{who[1:]} says nothing about this; this is this site's "
                                            f"reading. ")
                elif entry.status is Status.AMBIGUOUS:
                    p += nodes.emphasis("", "The text can be read more than one way; this is this site's reading. ")
                p += link(*rule_target(decl, axis), nodes.Text("Why"))
                item += p
                items += item
            if group == axis_groups(type(decl.rules).AXES)[0][0]:
                items += self.drawn(decl)
            section += items
            out.append(section)
        return out

    def intro(self, decl: Declaration) -> nodes.paragraph:
        p = para(f"The whole game as {called(decl)} gives it, in the order a game goes, in this site's words. Where the "
                 f"text says nothing, or can be read more than one way, the rule is marked as this site's reading; "
                 f"each rule links to where the evidence is. The text itself, and how far to trust it, is on ")
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
