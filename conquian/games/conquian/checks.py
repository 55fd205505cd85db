"""Whether a snapshot is a state that play can reach: every card in one place, each player's cards as the deal and
the phase allow, and what the position implies about how it came about.

:func:`check` raises :class:`~conquian.errors.PositionError` naming what is impossible; the position parser, the game
and the tests all use it.
"""

from __future__ import annotations

from ...cards import card_of, cards_of, format_cards
from ...errors import PositionError
from ...rulesets import cite
from ...text import shown_number
from .rules import Misdeal, RuleSet, UnusedDraw
from .state import Origin, Outcome, Phase, Role, Snapshot, Termination, after, before, seats

__all__ = ["check", "seating_error"]


def seating_error(rules: RuleSet, players: int) -> str:
    """Why ``players`` cannot sit down to a deal under ``rules`` ('' if they can): the rule and its source named."""
    if players in (2, 3) and players <= rules.max_players:
        return ""
    most = "two players only" if rules.max_players == 2 else f"2 to {rules.max_players} players"
    return f"{shown_number(players)} players: these rules are for {most} ({cite(rules, 'max_players')})"


def _text(mask: int) -> str:
    return format_cards(cards_of(mask))


def check(s: Snapshot) -> None:
    """Raise :class:`~conquian.errors.PositionError` if the snapshot is not a state that play can reach."""
    _check_types(s)
    r = s.rules
    t = r.table
    shape = r.pack.shape
    # Every card of the pack in exactly one place.
    places: dict[int, str] = {}
    roles = seats(s.players)
    zones = [(f"{role} hand", [b for b in _single_bits(s.hands[role])]) for role in roles]
    zones += [(f"{role} melds", [m for m in s.melds[role]]) for role in roles]
    zones += [(f"{role} gives", [s.given[role]]) for role in roles if s.given and s.given[role]]
    zones += [("stock", list(s.stock)), ("out", list(s.out)), ("offer", [s.offer] if s.offer else [])]
    for zone, masks in zones:
        for m in masks:
            for c in cards_of(m):
                if c.code not in shape.place:
                    raise PositionError(f"{zone}: {c} is not in the {shape.name} pack")
                if c.code in places:
                    raise PositionError(f"{c} is both in {places[c.code]} and in {zone}")
                places[c.code] = zone
    missing = [c for c in shape.kinds if c.code not in places]
    if missing:
        raise PositionError(f"{len(missing)} card(s) are nowhere: {format_cards(missing)}")
    for role in roles:
        for m in s.melds[role]:
            reason, axis = t.explain(m)
            if reason:
                raise PositionError(f"{role} melds: {reason} (rule {axis})")
    _check_phase(s)
    _check_counts(s)
    _check_history(s)


def _is_mask(m) -> bool:
    return type(m) is int and 0 <= m < 1 << 53  # cards are bits 0 to 52: a negative mask would have endless bits


def _check_types(s: Snapshot) -> None:
    """Each field of the right shape, named, so that a wrong value is never met as an IndexError further on."""
    def fail(field: str, want: str, got) -> None:
        raise PositionError(f"Snapshot.{field} must be {want}, not {type(got).__name__} {repr(got)[:40]}")

    if not isinstance(s.rules, RuleSet):
        fail("rules", "a RuleSet", s.rules)
    if not (isinstance(s.hands, tuple) and len(s.hands) in (2, 3) and all(map(_is_mask, s.hands))):
        fail("hands", "two or three card masks (whole numbers 0 to 2**53 - 1)", s.hands)
    if not (isinstance(s.melds, tuple) and len(s.melds) == len(s.hands)
            and all(isinstance(ms, tuple) and all(map(_is_mask, ms)) for ms in s.melds)):
        fail("melds", "a tuple of card masks for each hand", s.melds)
    for field in ("stock", "out"):
        if not (isinstance(getattr(s, field), tuple) and all(map(_is_mask, getattr(s, field)))):
            fail(field, "a tuple of card masks", getattr(s, field))
    if not _is_mask(s.offer):
        fail("offer", "a card mask, or 0 for none", s.offer)
    if not isinstance(s.phase, Phase):
        fail("phase", "a Phase", s.phase)
    if s.actor is not None and s.actor not in range(len(s.hands)) or type(s.actor) in (bool, float):
        fail("actor", f"a Role of the {len(s.hands)} players, or None", s.actor)
    for field, kind in (("origin", Origin), ("outcome", Outcome)):
        if getattr(s, field) is not None and not isinstance(getattr(s, field), kind):
            fail(field, f"an {kind.__name__} or None", getattr(s, field))
    if type(s.forced) is not bool:
        fail("forced", "True or False", s.forced)
    if not (isinstance(s.given, tuple) and (not s.given or len(s.given) == len(s.hands))
            and all(_is_mask(g) and not g & (g - 1) for g in s.given)):
        fail("given", "() or one card mask (0 for none) for each hand", s.given)
    if not (isinstance(s.claim, tuple) and len(s.claim) in (0, 2)
            and all(type(x) is int and 0 <= x < len(s.hands) for x in s.claim)):
        fail("claim", "() or two seats (target, decliner)", s.claim)
    if seating_error(s.rules, len(s.hands)):
        raise PositionError(seating_error(s.rules, len(s.hands)))


def _single_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _check_phase(s: Snapshot) -> None:
    if (s.phase is Phase.EXCHANGE) != bool(s.given):
        raise PositionError("the cards chosen for the exchange are held only while the exchange goes on")
    if s.claim:
        n, actor = len(s.hands), s.actor
        # Three players: the second opponent asked (target = decliner, the player after the actor), or the card
        # passed on by the player it was passed to (target: the player who passed it, the one after the actor).
        if not (n == 3 and s.phase is Phase.REFUSED and actor is not None and s.claim[0] == after(actor, n)
                and s.claim[1] in (after(actor, n), before(actor, n))
                and (s.claim[1] == s.claim[0] or s.origin is Origin.PASSED)):
            raise PositionError("a demand of another player than the one before the actor arises only in a game of "
                                "three, while a declined card is on offer: of the player after the actor, who "
                                "declined it or passed it to the player before the actor")
    if s.phase is Phase.OVER:
        if s.outcome is None or s.actor is not None or s.offer:
            raise PositionError("a finished deal has a result, and nobody to act and no card on offer")
        return
    if s.outcome is not None or s.actor is None:
        raise PositionError(f"a deal in phase {s.phase.value!r} has somebody to act and no result")
    if s.phase is Phase.EXCHANGE:
        if s.offer or s.origin is not None or s.forced:
            raise PositionError("before play no card is on offer and nobody has been forced")
        return
    if s.phase is Phase.DISCARD:
        if s.offer or s.origin is not None:
            raise PositionError("a player who must discard has no card on offer to him")
        return
    if s.forced:
        raise PositionError("only a player who must discard can have been forced")
    if not s.offer or s.origin is None:
        raise PositionError(f"phase {s.phase.value!r} needs a card on offer and how it got there")


def _check_counts(s: Snapshot) -> None:
    r = s.rules
    roles = seats(s.players)
    for role in roles:
        down = s.down(role)
        winner = s.outcome is not None and s.outcome.winner is role
        if down >= r.cards_to_win and not winner:
            raise PositionError(f"{role} has {down} cards down, {r.cards_to_win} win: say 'result: {role} wins'")
    if s.phase is Phase.OVER:
        if s.outcome.termination is Termination.MISDEAL:
            if r.misdeal is Misdeal.PLAY_ON:
                raise PositionError("no deal ends as a misdeal under these rules: an exposed card is turned down and "
                                    "play goes on (rule misdeal = play-on)")
            # Reported at any moment of play: one player may hold the card he was about to discard for.
            if sum(s.held(role) for role in roles) > len(roles) * r.hand_size + 1:
                raise PositionError(f"only one player can hold a card more than the {r.hand_size} dealt "
                                    f"(the card he was to discard for)")
            want = {role: (r.hand_size, r.hand_size + 1) for role in roles}
        elif s.outcome.termination is Termination.TABLEAU:
            if s.stock:
                raise PositionError(f"a tableau comes only when the stock is empty, and it holds {len(s.stock)} card(s)")
            want = {role: (r.hand_size,) for role in roles}
        else:
            w = s.outcome.winner
            wins = s.down(w) >= r.cards_to_win or (r.last_discard_counts and not s.hands[w])
            if not wins:
                raise PositionError(f"{w} is said to have won with {s.down(w)} card(s) down; "
                                    f"{r.cards_to_win} are needed (rule cards_to_win)")
            want = {role: (r.hand_size, r.hand_size + 1) if role is w else (r.hand_size,) for role in roles}
    else:
        extra = s.actor if s.phase is Phase.DISCARD else None
        want = {role: (r.hand_size + (role is extra),) for role in roles}
    for role in roles:
        have = s.held(role)
        if have not in want[role]:
            plus = ", plus the card he must discard" if s.phase is Phase.DISCARD and role is s.actor else ""
            raise PositionError(f"{role} has {have} cards in hand and melds; he should have "
                                f"{' or '.join(map(str, want[role]))} (hand_size={r.hand_size}{plus})")


def _check_history(s: Snapshot) -> None:
    """What the position implies about how it came about: who can have discarded, drawn, passed or demanded."""
    r = s.rules
    n = s.players
    shape_size = r.pack.shape.size
    as_dealt = not s.out and len(s.stock) == shape_size - n * r.hand_size - 1
    fresh = as_dealt and not any(s.melds)
    first = Role.PONE if r.first_say.value == "pone" else Role.DEALER
    o, actor = s.origin, s.actor
    # The player before the actor: the one who passed or discarded the card he faces, or who refused it.
    previous = Role(before(actor, n)) if actor is not None else None
    if s.phase is Phase.EXCHANGE:
        _check_exchange(s, first)
        return
    if s.phase is Phase.OVER:
        return
    if s.phase is Phase.DISCARD:
        if not s.melds[actor] and not r.drawn_to_hand:
            raise PositionError(f"{actor} has no melds, so he has used no card and has nothing to discard for "
                                f"(rule drawn_to_hand = false)")
        if s.forced and not r.forcing.active:
            raise PositionError("no card is forced on a player under these rules (rule forcing is not active)")
        return
    card = card_of(s.offer)
    if o is not None and o.first_say and s.phase is Phase.REFUSED and r.unused_draw is UnusedDraw.OFFERED:
        raise PositionError(f"{card} was {o.value} and declined by {previous}, so it was passed to {actor}, not "
                            f"refused (rule unused_draw = offered): say 'offer: {card} passed by {previous}'")
    if o is Origin.TURNED_UP:
        if not r.turn_up:
            raise PositionError("no card is turned up at the deal under these rules (rule turn_up = false)")
        # Under meld_without_use the first player may lay melds from his hand before he uses or passes the card;
        # a card he declined that fits them stays on offer where forcing is reactive (see the REFUSED check below).
        laid_first = r.meld_without_use and as_dealt and not any(m for seat, m in enumerate(s.melds) if seat != first)
        holder = actor if s.phase is Phase.OFFER else previous
        if not (fresh or laid_first) or holder is not first:
            raise PositionError(f"a card turned up at the deal is on offer only at the start, to {first}: "
                                f"nothing out, no melds down{' but his own' if r.meld_without_use else ''}, the rest "
                                f"of the pack in the stock")
        if s.phase is Phase.OFFER:
            return
    if fresh and o is not Origin.TURNED_UP:
        # Before any card has left the stock but the first: the first card, to its first holder or passed on.
        start = Origin.DRAWN if not r.turn_up else None
        # A discard leaves the stock as it was (whether its discarder can have discarded is checked below).
        if not (o is Origin.DISCARD or (o is start and actor is first)
                or (o is Origin.PASSED and actor == after(first, n))):
            raise PositionError(f"at the start of the deal the only card on offer is the first one, "
                                f"{'turned up' if r.turn_up else 'drawn by ' + str(first)}, to {first} "
                                f"or passed by him")
    if o is Origin.PASSED and r.unused_draw is not UnusedDraw.OFFERED:
        raise PositionError("a drawn card is not passed to the opponent under these rules (rule unused_draw = dead)")
    # A discard on offer came from the player before the actor; a refused one, from the player before the refuser.
    decliner = Role(s.claim[1]) if s.claim else previous
    discarder = previous if s.phase is Phase.OFFER else Role(before(decliner, n))
    if o is Origin.DISCARD and not s.melds[discarder] and not r.drawn_to_hand:
        raise PositionError(f"{card} cannot have been discarded by {discarder}: he has no melds, so he has used no "
                            f"card and had nothing to discard for")
    if o is Origin.DEMANDED or s.phase is Phase.REFUSED:
        if not r.forcing.reactive:
            raise PositionError("no card is demanded under these rules (rule forcing is not reactive)")
        target = actor if o is Origin.DEMANDED else Role(s.claim[0]) if s.claim else previous
        if not any((m | s.offer) in r.table.melds for m in s.melds[target]):
            raise PositionError(f"{card} fits none of {target}'s melds, so it cannot be demanded of him")
        if s.claim and s.claim[0] != s.claim[1] and any((m | s.offer) in r.table.melds for m in s.melds[decliner]):
            raise PositionError(f"{card} fits {decliner}'s melds too: it is demanded of him first "
                                f"(say 'offer: {card} refused by {decliner}')")


def _check_exchange(s: Snapshot, first: Role) -> None:
    """Before play: the exchange under way, the players choosing in turn from the first to play."""
    r, n = s.rules, s.players
    if not r.exchange:
        raise PositionError("no card is passed before play under these rules (rule exchange = false)")
    if s.out or any(s.melds) or len(s.stock) != r.pack.shape.size - n * r.hand_size:
        raise PositionError("the exchange comes before play: no melds, nothing out, the rest of the pack in the stock")
    order = [Role(after(first + k - 1, n)) for k in range(n)]  # the first to play, then to his right
    done = order[:order.index(s.actor)]
    for seat in order:
        if bool(s.given[seat]) != (seat in done):
            raise PositionError(f"the players choose their cards for the exchange in turn from {first}: with {s.actor} "
                                f"to choose, {' and '.join(map(str, done)) or 'nobody'} "
                                f"{'has' if len(done) == 1 else 'have'} chosen")
