"""Conquian's rule sets: one frozen object of independent, typed axes, and the conflicts between axes.

Every field of :class:`RuleSet` is one axis, declared once with :func:`~conquian.axes.axis`: its group, the
reader's name, the question it answers and what each value means.  Parse, print, the declarations, the
site and the command line all derive from that declaration (:data:`AXES`).

A rule set prints as its source and the axes it changes (``foster-1913(pack=spanish)``) and parses back
(:class:`conquian.rulesets.RuleSetText`, which every game's rule set shares).

The words of the game are explained in the :doc:`glossary </glossary>`.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable

from ...axes import (AddToOpponent, Ace, Axis, DealerRotation, DemandedUse, FirstSay, Forcing, Group, HandCards,
                     Misdeal, Rearranging, RefusedCard, Scoring, StockExhausted, TableauStake, UnusedDraw, axes_of, axis,
                     shared_axis)
from ...cards import Card, Pack, cards as _cards
from ...rulesets import RuleSetText, conflict_checks
from .melds import Melding, MeldTable, meld_table

__all__ = ["RuleSet", "AXES", "AXIS_BY_NAME", "CONFLICTS"]


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetText):
    """A complete rule set for a deal of Conquian (two players, or three where ``max_players`` allows).

    Every field is one independent axis.  Make one with :meth:`~RuleSetText.parse`, from a declared source with
    :func:`conquian.registry.variant`, or from another with :meth:`replace`; contradictory settings raise
    :class:`~conquian.errors.ConflictingRules` naming both axes.  The defaults are those of the 1913 Foster text.
    """

    # The cards
    pack: Pack = axis(Pack.ACE_TO_TEN, group=Group.CARDS, title="The pack", question="Which forty cards are played?",
                      doc="The Spanish pack (A–7, J Q K; 7 and J adjacent) or A–10.")
    min_set: int = shared_axis("min_set", 3)
    max_set: int = shared_axis("max_set", 4)
    min_sequence: int = shared_axis("min_sequence", 3, minimum=2, maximum=10)
    max_sequence: int = shared_axis("max_sequence", 10, doc="Longest sequence (10 = a whole suit).", minimum=2,
                                    maximum=10)
    ace: Ace = shared_axis("ace", Ace.LOW, doc="Below the 2 only, or also above the top card.")
    round_the_corner: bool = shared_axis(
        "round_the_corner", False, doc="Whether a sequence may run from the top rank on to the ace and the 2.",
        means={True: "A sequence may run on from the top card to the ace and the 2.",
               False: "A sequence may not go round the corner, from the top card on to the ace and the 2."})
    # The deal
    max_players: int = shared_axis("max_players", 2, maximum=3,
                                   doc="Most players: two, or three (pagat's tercerilla), each playing his own melds.")
    hand_size: int = shared_axis("hand_size", 10)
    deal_packet: int = axis(2, group=Group.DEAL, title="Cards dealt at a time",
                            question="Are the cards dealt one or two at a time?", doc="Cards dealt to a player at a time.",
                            means="The cards are dealt {n} at a time.", minimum=1, maximum=10)
    turn_up: bool = axis(True, group=Group.DEAL, title="A card turned up at the deal",
                         question="Is a card turned up at the deal?",
                         doc="Whether the dealer turns the next card face up on the stock; if not, the first player turns it.",
                         means={True: "The dealer turns the next card face up on the stock: the first card on offer.",
                                False: "No card is turned up at the deal: the first player turns the first card."})
    exchange: bool = axis(False, group=Group.DEAL, title="An exchange before play",
                          question="Does each player pass a card to the next before play?",
                          doc="Whether each player, before play, passes one card of his hand face down to the player "
                              "on his right.",
                          means={True: "Before play each player passes one card of his hand, face down, to the player "
                                       "on his right: with two, the players swap a card.",
                                 False: "Play starts from the hands as dealt: no card changes hands before it."})
    min_cut: int = shared_axis("min_cut", 4, maximum=20)
    first_say: FirstSay = axis(FirstSay.PONE, group=Group.DEAL, title="The first say", question="Who has the first say?",
                               doc="Who has the first say to the first card.")
    misdeal: Misdeal = axis(Misdeal.NEW_DEAL, group=Group.DEAL, title="A card exposed in the deal",
                            question="What if a card is found face up in the pack, or the dealer exposes one?",
                            doc="A new deal, or play on.")
    # The say
    drawn_to_hand: bool = shared_axis(
        "drawn_to_hand", False, doc="In Conquian a card is used at once in a meld or not at all.",
        means={True: "A card on offer may be taken into the hand (then a card is discarded).",
               False: "A card on offer never goes into the hand: it is melded at once or not at all."})
    unused_draw: UnusedDraw = axis(UnusedDraw.OFFERED, group=Group.SAY, title="A drawn card not used",
                                   question="What becomes of a drawn card its drawer does not use?",
                                   doc="Offered to the opponent, or out of play.")
    refused_card: RefusedCard = axis(RefusedCard.TURNED_DOWN, group=Group.SAY, title="A card nobody uses",
                                     question="What becomes of a card nobody uses?",
                                     doc="Turned down unseen, or left covered on the discard pile.")
    # Melding
    hand_cards: HandCards = axis(HandCards.WITH_THE_CARD, group=Group.MELDING, title="Hand cards laid out with a card",
                                 question="Which hand cards may go down with a used card?",
                                 doc="Only those in the meld that takes the card, or any that make melds.")
    meld_without_use: bool = axis(False, group=Group.MELDING, title="Melding without using a card",
                                  question="May a player meld from his hand without using a card?",
                                  doc="Whether hand cards may be laid out after a draw the player does not use.",
                                  means={True: "After turning a card from the stock a player may lay out melds from his "
                                                "hand, whether or not he uses the card.",
                                         False: "Hand cards go down only in a turn in which a card on offer is used."})
    lay_off_own: bool = axis(True, group=Group.MELDING, title="Adding to one's own melds",
                             question="May a player add cards to his own melds?",
                             doc="Whether a used card (and hand cards) may extend a meld already down.",
                             means={True: "A player may add cards to his own melds already on the table.",
                                    False: "A meld on the table is never extended."})
    add_to_opponent: AddToOpponent = axis(AddToOpponent.ONLY_BY_FORCING, group=Group.MELDING,
                                          title="Adding to the opponent's melds",
                                          question="May a player add to his opponent's melds?",
                                          doc="Never, or only by forcing.")
    forcing: Forcing = axis(Forcing.ACTIVE, group=Group.MELDING, title="Forcing",
                            question="Can a player be made to take a card?",
                            doc="No forcing, active forcing (Foster), reactive forcing (a demand) or both.")
    force_back: bool = axis(True, group=Group.MELDING, title="Forcing a discard back on its discarder",
                            question="May the player who receives a discard force it onto the discarder's melds?",
                            doc="Whether a discard, on offer to the opponent, may be placed back on its discarder's meld.",
                            means={True: "A discard may be forced back onto the melds of the player who discarded it, "
                                         "as a card drawn from the pack may be forced.",
                                   False: "Only the player who draws or discards a card may force it; a discard is not "
                                          "forced back onto its discarder."},
                            applies=lambda r: r.forcing.active, applies_when="forcing is active or both")
    force_discard: bool = axis(True, group=Group.MELDING, title="Forcing one's own discard",
                               question="May a player force the card he discards onto his opponent's meld?",
                               doc="Whether a discard may be placed at once on the opponent's meld it fits, or only "
                                   "offered to him like any other discard.",
                               means={True: "A player who discards a card that fits one of his opponent's melds may "
                                            "force it there: the opponent must keep it and discard in its place.",
                                      False: "A discard is only offered to the opponent; a card is forced by the player "
                                             "who faces it, never by the one who discards it."},
                               applies=lambda r: r.forcing.active, applies_when="forcing is active or both")
    force_regrouping: bool = axis(False, group=Group.MELDING, title="Regrouping the opponent's melds to force",
                                  question="May a player regroup his opponent's melds to make a card he forces fit?",
                                  doc="Whether a card is forced only onto a meld it fits as it stands, or the forcer "
                                      "may regroup the opponent's melds around it.",
                                  means={True: "A player who forces a card may regroup his opponent's melds any way "
                                               "that makes it fit, every meld valid afterwards.",
                                         False: "A card is forced only onto a meld it fits as it stands."},
                                  applies=lambda r: r.forcing.active, applies_when="forcing is active or both")
    forced_lay_out: bool = axis(False, group=Group.MELDING, title="Going out when forced",
                                question="May a player who is forced lay out his hand to get the cards that win?",
                                doc="Whether a player forced with a card may lay out cards from his hand with it, "
                                    "instead of discarding, when that gives him the cards down that win.",
                                means={True: "A player forced with a card need not discard if, laying out cards from "
                                             "his hand with it, he gets the cards down that win.",
                                       False: "A player forced with a card must discard, unless the forced card itself "
                                              "gives him the cards down that win."},
                                applies=lambda r: r.forcing.active, applies_when="forcing is active or both")
    demanded_use: DemandedUse = axis(DemandedUse.ANY, group=Group.MELDING, title="Using a demanded card",
                                     question="How must a player use a card he is made to take?",
                                     doc="Added to the meld it fits, or used in any legal way.",
                                     applies=lambda r: r.forcing.reactive,
                                     applies_when="forcing is reactive or both")
    rearranging: Rearranging = axis(Rearranging.FREE, group=Group.MELDING, title="Rearranging one's melds",
                                    question="May a player regroup his own melds?",
                                    doc="Borrowing, recombining, shifting: moving cards between own melds.")
    two_hand_cards: bool = axis(False, group=Group.MELDING, title="Two hand cards in a new meld",
                                question="Must a new meld made with the card used hold two cards from the hand?",
                                doc="Whether a card used in a new meld needs two hand cards beside it, or may go down "
                                    "with cards regrouped from the player's own melds.",
                                means={True: "A new meld made with the card used holds at least two cards from the hand; "
                                             "cards taken from the player's melds do not count.",
                                       False: "A new meld made with the card used may take cards from the player's "
                                              "own melds, however few come from his hand."},
                                applies=lambda r: r.rearranging is not Rearranging.NONE,
                                applies_when="melds may be regrouped")
    # The end of a deal
    cards_to_win: int = axis(11, group=Group.END, title="Cards down to win", question="How many cards down win?",
                             doc="Cards a player must have down to win.", means="The first to have {n} cards down wins.",
                             minimum=1, maximum=20)
    last_discard_counts: bool = axis(False, group=Group.END, title="Going out by a discard",
                                     question="Does discarding one's last card win?",
                                     doc="Whether a player who empties his hand by a discard wins with fewer cards down; "
                                         "if not, he plays on with an empty hand until he can use a card.",
                                     means={True: "A player who empties his hand by a discard wins.",
                                            False: "The last discard does not count: with an empty hand a player plays "
                                                   "on until he can use one more card."})
    stock_exhausted: StockExhausted = axis(StockExhausted.TABLEAU, group=Group.END, title="When the stock runs out",
                                           question="What if the stock runs out?",
                                           doc="What happens when the stock runs out (this site declares the tie when a "
                                               "card must be drawn from the empty stock).")
    # The match
    scoring: Scoring = axis(Scoring.POINT, group=Group.MATCH, title="Scoring", question="What does a game won count?",
                            doc="A point, a stake, or the loser's pips.")
    tableau_stake: TableauStake = axis(TableauStake.CARRIED, group=Group.MATCH, title="After a tie (tableau)",
                                       question="What becomes of a tied game's stake?",
                                       doc="Carried to the next winner, the next game counts double (again after each "
                                           "further tie, or once however many ran), or it lapses.")
    dealer_rotation: DealerRotation = axis(DealerRotation.ALTERNATE, group=Group.MATCH, title="Who deals next",
                                           question="Who deals the next game?", doc="Alternately, the winner or the loser.")

    # Informational only; excluded from equality, so two rule sets with the same axes are equal.
    source: str | None = field(default=None, compare=False, repr=False)
    """Id of the declaration this rule set was loaded from or derived from, if any (for citations)."""

    # -- derived -----------------------------------------------------------------------------
    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of this rule set's pack, suit by suit, each in sequence order."""
        return self.pack.cards

    @cached_property
    def table(self) -> MeldTable:
        """The meld table for these rules (see :mod:`conquian.games.conquian.melds`): shared by every rule set with the same melds."""
        return meld_table(self.pack.shape, self.min_set, self.max_set, self.min_sequence, self.max_sequence,
                          self.ace is Ace.LOW_OR_HIGH, self.round_the_corner)

    @cached_property
    def melding(self) -> Melding:
        """What shapes an arrangement of a player's melds under these rules (see :func:`conquian.games.conquian.melds.arrangements`)."""
        return Melding(self.rearranging, self.lay_off_own, self.hand_cards is HandCards.WITH_THE_CARD,
                       self.two_hand_cards)

    def is_meld(self, cards: "str | Iterable[Card]") -> bool:
        """Whether the cards form one valid meld under these rules.

        Cards not in this rule set's pack raise :class:`~conquian.errors.CardError`.
        """
        return self.table.is_meld(_cards(cards))

    def longest_winning_sequence(self) -> int:
        """The longest sequence that can be part of a winning layout: ``cards_to_win`` cards in melds.

        With eleven down in melds of three or more, a sequence of nine leaves two cards, which make no meld, so
        the answer is eight, whatever ``max_sequence`` allows: pagat's reason for rummy.ch's cap of eight.
        """
        totals = _reachable_totals(self)
        return max(n for n in range(self.min_sequence, self.max_sequence + 1) if self.cards_to_win - n in totals)


AXES: tuple[Axis, ...] = axes_of(RuleSet, typing.get_type_hints(RuleSet), dataclasses.fields)
"""Every axis of :class:`RuleSet`, in declaration order: one row of the matrix, one ruling page."""
RuleSet.AXES = AXES  # every rule-set class names its axes and its game (see conquian.games)
RuleSet.GAME = "conquian"
AXIS_BY_NAME: dict[str, Axis] = {ax.name: ax for ax in AXES}


# -- conflicts between axes: each check names both axes ---------------------------------------------------
CONFLICTS: list[Callable[[RuleSet], None]] = []
RuleSet.CONFLICTS = CONFLICTS
"""The checks every rule set passes; each raises :class:`~conquian.errors.ConflictingRules` naming two axes."""


_conflict = conflict_checks(AXIS_BY_NAME, CONFLICTS)


def _pack_size(r: RuleSet) -> int:
    return r.pack.shape.size


@_conflict("min_set", "max_set", "the smallest set cannot be larger than the largest")
def _(r): return r.min_set > r.max_set


@_conflict("min_sequence", "max_sequence", "the shortest sequence cannot be longer than the longest")
def _(r): return r.min_sequence > r.max_sequence


@_conflict("max_sequence", "pack", lambda r: f"a suit of this pack holds only {len(r.pack.ranks)} cards")
def _(r): return r.min_sequence > len(r.pack.ranks)


@_conflict("deal_packet", "hand_size", "the cards must be dealt in whole packets")
def _(r): return r.hand_size % r.deal_packet != 0


@_conflict("forcing", "add_to_opponent", "active forcing places cards on the opponent's melds")
def _(r): return r.forcing.active and r.add_to_opponent is not AddToOpponent.ONLY_BY_FORCING


@_conflict("add_to_opponent", "forcing", "cards reach the opponent's melds only by active forcing")
def _(r): return r.add_to_opponent is AddToOpponent.ONLY_BY_FORCING and not r.forcing.active


@_conflict("forcing", "lay_off_own", "a player can be made to take only a card that extends his own meld")
def _(r): return r.forcing.reactive and not r.lay_off_own


@_conflict("meld_without_use", "hand_cards",
           "a player who may meld from his hand without using a card may surely do so when he uses one")
def _(r): return r.meld_without_use and r.hand_cards is HandCards.WITH_THE_CARD


@_conflict("cards_to_win", "hand_size", "a player can have at most one card more than he was dealt down")
def _(r): return r.cards_to_win > r.hand_size + 1


@_conflict("hand_size", "pack", lambda r: f"two hands and the card on offer must fit in the {_pack_size(r)} cards")
def _(r): return 2 * r.hand_size + 1 > _pack_size(r)


@_conflict("max_players", "hand_size", lambda r: f"{r.max_players} hands of {r.hand_size} and the card on offer must "
           f"fit in the {_pack_size(r)} cards")
def _(r): return r.max_players * r.hand_size + 1 > _pack_size(r)


@_conflict("min_cut", "pack", lambda r: f"both packets of the cut must fit in the {_pack_size(r)} cards")
def _(r): return 2 * r.min_cut > _pack_size(r)


#: The largest hand that melds of two cards allow: 14 where both sets and sequences may be pairs, else 16.  With
#: these, the most arrangements measured for one hand and the card on offer (cards of a few ranks in every suit, ace
#: high and low, round the corner) are about 60,000, as many as hands of 19 allow with melds of three (53,934): the
#: engine lists them in under a second, the greedy player judges them in a few.  One card more gives 190,000 and
#: 120,000; hands of 19 with pairs give 5.3 million, listed in minutes (the Python engine) and never judged.
PAIR_HAND = {2: 14, 1: 16}


def _pairs(r: RuleSet) -> int:
    return (r.min_set == 2) + (r.min_sequence == 2)


@_conflict("min_set", "hand_size", lambda r: f"with pairs as sets{' and sequences' if _pairs(r) == 2 else ''}, a hand "
           f"of more than {PAIR_HAND[_pairs(r)]} cards can be laid out in more ways than a decision can weigh in "
           f"bounded time (see conquian.games.conquian.rules.PAIR_HAND)")
def _(r): return r.min_set == 2 and r.hand_size > PAIR_HAND[_pairs(r)]


@_conflict("min_sequence", "hand_size", lambda r: f"with sequences of two cards, a hand of more than "
           f"{PAIR_HAND[_pairs(r)]} cards can be laid out in more ways than a decision can weigh in bounded time "
           f"(see conquian.games.conquian.rules.PAIR_HAND)")
def _(r): return r.min_sequence == 2 and r.hand_size > PAIR_HAND[_pairs(r)]


def _reachable_totals(r: RuleSet) -> set[int]:
    """Every number of cards that melds of the allowed sizes can add up to, up to ``cards_to_win``."""
    sizes = set(range(r.min_set, r.max_set + 1)) | set(range(r.min_sequence, r.max_sequence + 1))
    totals = {0}
    for n in range(1, r.cards_to_win + 1):
        if any(n - s in totals for s in sizes):
            totals.add(n)
    return totals


@_conflict("cards_to_win", "min_sequence",
           lambda r: f"melds of {r.min_set}-{r.max_set} (sets) and {r.min_sequence}-{r.max_sequence} (sequences) "
                     f"cards can never make {r.cards_to_win} cards down")
def _(r): return r.cards_to_win not in _reachable_totals(r)
