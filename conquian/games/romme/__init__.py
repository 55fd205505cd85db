"""Rommé (German rummy), the best-known descendant of Conquian, played by the same engine's parts: its room.

Rommé shares with Conquian the cards and card text (:mod:`conquian.cards`), the axes and their vocabulary
(:mod:`conquian.axes`), the declarations and the registry, the lexical layer (:mod:`conquian.text`) and the
errors; it has its own rule-set class, melds with jokers, state machine and text formats:

=========================  ====================================================================================
module                     its one job
=========================  ====================================================================================
:mod:`.rules`              :class:`~conquian.games.romme.rules.RommeRules`: the axes, their conflicts, rule-set text
:mod:`.melds`              melds with jokers as canonical values, their text, and what a hand can make
:mod:`.search`             whether a player who has not yet melded can still reach the first meld's points
:mod:`.actions`            the actions, as values that print and parse back
:mod:`.state`              phases, the outcome, the snapshot, and the check that a snapshot is reachable
:mod:`.notation`           position and record text
:mod:`.moves`              the legal actions of each phase and, beside them, why anything else is illegal
:mod:`.words`              an action in plain English, in the context of its game
:mod:`.game`               :class:`~conquian.games.romme.game.RommeGame`: one deal for 2 to 6 players
:mod:`.match`              the seating, the deal passing on, and the penalty points over several deals
=========================  ====================================================================================

Its entry, :data:`GAME` (a :class:`~conquian.gametype.GameType`), is what :mod:`conquian.games` lists.
"""

from .game import GAME

__all__ = ["GAME"]
