"""Rommé rule sets: one frozen object of typed axes, declared with the machinery of :class:`~conquian.games.conquian.rules.RuleSet`.

An axis that means the same in both games has the Conquian axis's name, type and values (``min_set``,
``max_set``, ``min_sequence``, ``max_sequence``, ``ace``, ``round_the_corner``, ``hand_size``, ``min_cut``,
``drawn_to_hand``), so that the sources of both can be shown side by side; Rommé's own axes have names of
their own.  A rule set prints as its source and the axes it changes (``romme-spielwiki(first_meld=30)``) or in
full (``romme(axis=value, ...)``) and parses back; contradictory settings raise
:class:`~conquian.errors.ConflictingRules` naming both axes.  The defaults are those of the Spielwiki article.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

from ...axes import Ace, Axis, Choice, Group, axes_of, axis, shared_axis
from ...cards import PackShape
from ...rulesets import RuleSetText, conflict_checks
from .melds import MeldRules

__all__ = ["RommeRules", "AXES", "AXIS_BY_NAME", "CONFLICTS", "AdjacentJokers", "AceValue", "GoingOut",
           "FirstDealer", "NextDealer"]


class AdjacentJokers(Choice):
    NEVER = "never", "No two jokers may stand side by side in a meld; a set holds at most one joker."
    LONG_SEQUENCES = "long-sequences", ("Two jokers may stand side by side only in a sequence of four or more cards, "
                                        "never three; a set holds at most one joker."), "in long sequences"
    ANY = "any", "Jokers may stand side by side in any meld."


class AceValue(Choice):
    ELEVEN = "eleven", ("The ace counts 11 (in a set, after the king, and in the final count), but 1 at the low end of "
                        "a sequence (A-2-3) in a first meld."), "11 points"
    TEN = "ten", "The ace counts 10 wherever it stands.", "10 points"


class GoingOut(Choice):
    DISCARD = "discard", ("A player goes out by discarding his last card, face down: he keeps a card to discard, "
                          "and may not meld or lay off his last card."), "by a discard"
    MELD_OR_DISCARD = "meld-or-discard", ("A player goes out when his hand is empty, by a discard or by melding or "
                                          "laying off his last cards."), "by a meld or a discard"


class FirstDealer(Choice):
    HIGHEST_CARD = "highest-card", ("Each player draws a card; the highest deals first and chooses his seat, and the "
                                    "others sit to his left in the order of their cards."), "highest card"
    LOT = "lot", "The first dealer is chosen by lot, and the players keep the seats they have.", "by lot"


class NextDealer(Choice):
    LEFT = "left", "The deal passes to the left (clockwise) after every game.", "the player on the left"
    WINNER = "winner", "The winner of a game deals the next."


@dataclass(frozen=True, repr=False)
class RommeRules(RuleSetText):
    """A complete rule set for a deal of Rommé (German rummy, "Rommé mit Auslegen"): every field is one axis."""

    # The cards
    packs: int = axis(2, group=Group.CARDS, title="Packs", question="How many packs of 52 cards are played?",
                      doc="Packs of 52 French-suited cards shuffled together: each card is in the game this many times.",
                      means="{n} pack(s) of 52 cards: each card is in the game {n} time(s).", minimum=1, maximum=2)
    jokers: int = axis(6, group=Group.CARDS, title="Jokers", question="How many jokers are added?",
                       doc="Jokers added to the packs (up to three a pack).", means="{n} jokers are added to the packs.",
                       minimum=0, maximum=6)
    min_set: int = shared_axis("min_set", 3)
    max_set: int = shared_axis("max_set", 4)
    min_sequence: int = shared_axis("min_sequence", 3, minimum=2, maximum=13)
    max_sequence: int = shared_axis("max_sequence", 14, doc="Longest sequence (14 = ace to king to ace).",
                                    minimum=2, maximum=14)
    ace: Ace = shared_axis("ace", Ace.LOW_OR_HIGH, doc="Below the 2 only, or also above the king.")
    round_the_corner: bool = shared_axis(
        "round_the_corner", False, doc="Whether a sequence may run from the king on to the ace and the 2.",
        means={True: "A sequence may run on from the king to the ace and the 2 (K A 2).",
               False: "A sequence may not go round the corner: K A 2 is no sequence."})
    min_naturals: int = axis(2, group=Group.CARDS, title="Natural cards in a meld",
                             question="How many natural cards (not jokers) must a meld hold?",
                             doc="Fewest natural cards in a meld: the rest may be jokers.",
                             means="A meld holds at least {n} natural card(s).", minimum=1, maximum=3)
    adjacent_jokers: AdjacentJokers = axis(AdjacentJokers.LONG_SEQUENCES, group=Group.CARDS,
                                           title="Jokers side by side", question="May two jokers stand side by side?",
                                           doc="Never, only in a sequence of four or more, or anywhere.")
    ace_value: AceValue = axis(AceValue.ELEVEN, group=Group.CARDS, title="What the ace counts",
                               question="What does the ace count?",
                               doc="11 (but 1 in A-2-3 in a first meld), or 10 everywhere.")
    # The deal
    min_players: int = axis(2, group=Group.DEAL, title="Fewest players", question="How few players can play?",
                            doc="Fewest players.", means="At least {n} players play.", minimum=2, maximum=6)
    max_players: int = shared_axis("max_players", 6, maximum=6)
    hand_size: int = shared_axis("hand_size", 13)
    dealer_opens: bool = axis(True, group=Group.DEAL, title="The dealer opens",
                              question="Does the dealer take a card more and open the play?",
                              doc="Whether the dealer takes one card more than the others and plays first without drawing.",
                              means={True: "The dealer takes one card more than the others and plays first: he melds "
                                           "if he can and discards, without drawing.",
                                     False: "Every player is dealt alike; the player to the dealer's left plays first, "
                                            "drawing from the stock."})
    min_cut: int = shared_axis("min_cut", 1, maximum=50)
    cut_joker: bool = axis(True, group=Group.DEAL, title="A joker found at the cut",
                           question="May the cutter keep a joker he finds when cutting?",
                           doc="Whether the player who cuts may keep a joker at the bottom of the packet he lifts.",
                           means={True: "A player who finds a joker at the bottom of the packet he cuts may keep it "
                                        "(he is then dealt one card fewer).",
                                  False: "A joker found at the cut stays in the pack."})
    # Drawing
    drawn_to_hand: bool = shared_axis(
        "drawn_to_hand", True, doc="Whether the top discard may be taken into the hand, or only to be melded at once.",
        means={True: "The top card of the discard pile may be taken into the hand.",
               False: "The top card of the discard pile may be taken only to be melded at once."})
    # Melding
    first_meld: int = axis(40, group=Group.MELDING, title="The first meld",
                           question="How many points must a player's first meld count?",
                           doc="Points the melds of a player's first meld must reach together.",
                           means="A player's first meld must count at least {n} points.", minimum=0, maximum=200)
    lay_off: bool = axis(True, group=Group.MELDING, title="Laying off", question="May a player lay off on melds on the table?",
                         doc="Whether a player who has made his first meld may add single cards to any meld on the table.",
                         means={True: "After his first meld a player may lay off single cards on any meld on the table, "
                                      "his own or another player's.",
                                False: "Melds on the table are never extended."})
    joker_exchange: bool = axis(True, group=Group.MELDING, title="Exchanging a joker",
                                question="May a player take a joker from the table for the card it stands for?",
                                doc="Whether a melded joker may be exchanged for the natural card it stands for.",
                                means={True: "After his first meld a player may put the card a melded joker stands for in "
                                             "its place; he must meld the joker again at once in a new meld.",
                                       False: "A melded joker stays where it is."})
    # The end of a deal
    going_out: GoingOut = axis(GoingOut.DISCARD, group=Group.END, title="Going out",
                               question="How does a player go out?", doc="By discarding his last card, or also by melding it.")
    hand_romme: bool = axis(True, group=Group.END, title="Hand-Rommé",
                            question="Does going out at once, before anyone has melded, count double?",
                            doc="Whether a player who lays out every card in one turn before anyone has melded needs "
                                "no first-meld points and doubles the others' penalties.",
                            means={True: "A player who lays out all his cards at once before anyone else has melded "
                                         "(Hand-Rommé) needs no points for it, and the others' penalties count double.",
                                   False: "There is no Hand-Rommé: going out at once is an ordinary first meld."})
    joker_points: int = axis(20, group=Group.END, title="The joker in the final count",
                             question="What does a joker left in the hand count?", doc="Penalty points of a joker in hand.",
                             means="A joker left in the hand counts {n} penalty points.", minimum=0, maximum=100)
    stock_renewals: int = axis(1, group=Group.END, title="When the stock runs out",
                               question="What if the stock runs out?",
                               doc="How often the discard pile is turned over as a new stock before a deal ends unwon.",
                               means="When the stock is empty at the end of a turn, the discard pile but its top card is "
                                     "turned over as a new stock, at most {n} time(s); then the deal ends without a winner.",
                               minimum=0, maximum=9)
    idle_turns: int = axis(20, group=Group.END, title="A deal that goes nowhere",
                           question="What if the players only take the top discard and throw a card back?",
                           doc="Turns in a row that take the top discard and lay nothing on the table before the deal "
                               "is void.",
                           means="After {n} turns in a row in which the player took the top discard and laid nothing "
                                 "on the table, the deal is void: nobody wins and nobody scores.",
                           minimum=1, maximum=100)
    # The match
    first_dealer: FirstDealer = axis(FirstDealer.HIGHEST_CARD, group=Group.MATCH, title="Seats and the first dealer",
                                     question="Who deals first, and who sits where?",
                                     doc="Seats and first dealer by drawing cards, or by lot.")
    next_dealer: NextDealer = axis(NextDealer.LEFT, group=Group.MATCH, title="Who deals next",
                                   question="Who deals the next game?", doc="The player to the left, or the winner.")

    source: str | None = field(default=None, compare=False, repr=False)
    """Id of the declaration this rule set was loaded from or derived from, if any (for citations)."""

    # -- derived -----------------------------------------------------------------------------------
    @cached_property
    def shape(self) -> PackShape:
        """The pack: ``packs`` copies of the 52 cards and the jokers."""
        return PackShape(f"{self.packs}×52+{self.jokers}", tuple(range(1, 14)), copies=self.packs, jokers=self.jokers)

    @cached_property
    def melds(self) -> MeldRules:
        """What makes a meld under these rules (see :mod:`conquian.games.romme.melds`)."""
        return MeldRules(self.min_set, self.max_set, self.min_sequence, self.max_sequence, self.ace is Ace.LOW_OR_HIGH,
                         self.round_the_corner, self.min_naturals,
                         (AdjacentJokers.NEVER, AdjacentJokers.LONG_SEQUENCES, AdjacentJokers.ANY).index(self.adjacent_jokers))

    @property
    def ace_points(self) -> int:
        return 11 if self.ace_value is AceValue.ELEVEN else 10


AXES: tuple[Axis, ...] = axes_of(RommeRules, typing.get_type_hints(RommeRules), dataclasses.fields)
"""Every axis of :class:`RommeRules`, in declaration order."""
RommeRules.AXES = AXES
RommeRules.GAME = "romme"
AXIS_BY_NAME: dict[str, Axis] = {ax.name: ax for ax in AXES}

# -- conflicts between axes: each check names both axes ---------------------------------------------------
CONFLICTS: list[Callable[[RommeRules], None]] = []
RommeRules.CONFLICTS = CONFLICTS
"""The checks every Rommé rule set passes; each raises :class:`~conquian.errors.ConflictingRules` naming two axes."""


_conflict = conflict_checks(AXIS_BY_NAME, CONFLICTS)


@_conflict("min_set", "max_set", "the smallest set cannot be larger than the largest")
def _(r): return r.min_set > r.max_set


@_conflict("min_sequence", "max_sequence", "the shortest sequence cannot be longer than the longest")
def _(r): return r.min_sequence > r.max_sequence


@_conflict("max_sequence", "ace", "without the ace after the king a suit runs to 13 cards at most")
def _(r): return r.max_sequence > 13 and r.ace is Ace.LOW


@_conflict("max_sequence", "round_the_corner", "a sequence round the corner holds each rank once, 13 cards at most")
def _(r): return r.max_sequence > 13 and r.round_the_corner


@_conflict("jokers", "packs", "each pack brings at most three jokers")
def _(r): return r.jokers > 3 * r.packs


@_conflict("min_players", "max_players", "the fewest players cannot be more than the most")
def _(r): return r.min_players > r.max_players


@_conflict("hand_size", "max_players",
           lambda r: f"the hands (and the dealer's extra card) and a card of stock must fit in the {r.shape.size} cards")
def _(r): return r.max_players * r.hand_size + r.dealer_opens + 1 > r.shape.size


@_conflict("min_cut", "packs", lambda r: f"both packets of the cut must fit in the {r.shape.size} cards")
def _(r): return 2 * r.min_cut > r.shape.size
