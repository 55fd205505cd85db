"""Conquian (Cooncan), two players, 40 cards: the home game's room.

Conquian uses the shared layer (:mod:`conquian.cards`, :mod:`conquian.axes`, :mod:`conquian.rulesets`,
:mod:`conquian.deal`, :mod:`conquian.vocabulary`, :mod:`conquian.records`, :mod:`conquian.text`, the errors) and
has its own:

=========================  ====================================================================================
module                     its one job
=========================  ====================================================================================
:mod:`.rules`              :class:`~conquian.games.conquian.rules.RuleSet`: the axes and their conflicts
:mod:`.melds`              the meld table: every set and sequence a rule set allows, as card masks
:mod:`.actions`            the actions, as values that print and parse back
:mod:`.state`              phases, roles, the outcome and the snapshot
:mod:`.notation`           position and record text
:mod:`.moves`              the legal actions of each phase and, beside them, why anything else is illegal
:mod:`.words`              an action in plain English, in the context of its game
:mod:`.game`               :class:`~conquian.games.conquian.game.Game`: one deal for two players
:mod:`.match`              deals in a row: the deal passing on, the tableau and the score
:mod:`.greedy`             the greedy computer player's judgement of a Conquian deal
:mod:`.kernel`             the compiled kernel (``native/``) that plays whole deals for simulations
=========================  ====================================================================================

Its entry, :data:`GAME` (a :class:`~conquian.gametype.GameType`), is what :mod:`conquian.games` lists.
"""

from .game import GAME

__all__ = ["GAME"]
