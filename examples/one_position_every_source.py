"""One position, ruled under every source: may the dealer take the 5♥ his opponent turned, or be made to?

The pone turns the 5♥, which fits the dealer's run 2♥ 3♥ 4♥.  Under Foster's rules, and in pagat's North American
game, the pone may *force* it on the dealer; under the others he may not touch the dealer's melds, but if the dealer
declines a card that fits his own meld, the pone may *demand* that he take it.
"""

from conquian import VARIANTS, PositionError, RuleSet, position

POSITION = """
variant: {rules}
dealer hand: 6♦ J♣ A♦ 2♦ Q♦ 3♣ 7♣
dealer melds: [2♥ 3♥ 4♥]
pone hand: A♠ 2♠ 3♠ 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
offer: 5♥ drawn by pone
"""

WIDTH = max(len(source) for source in VARIANTS) + 1
for source, rules in VARIANTS.items():
    if not isinstance(rules, RuleSet):  # a source of Rommé, Conquian's descendant: not ruled here
        continue
    # Foster plays with A–10; the position is in the Spanish pack, so his rules are taken with that pack.
    rules = rules.replace(pack="spanish")
    try:
        game = position(POSITION.format(rules=rules))
    except PositionError:  # pagat's Mexican game deals eight: ten cards each cannot arise there
        print(f"{source:<{WIDTH}}cannot arise: {rules.hand_size} cards are dealt, not 10")
        continue
    choices = ", ".join(a.text(game.table) for a in game.legal_actions())
    print(f"{source:<{WIDTH}}pone may: {choices}")
    if "force [2♥ 3♥ 4♥]" not in choices:
        game.play("pass")  # the pone passes the 5♥ to the dealer ...
        game.play("pass")  # ... who declines it although it fits his run
        print(f"{'':<{WIDTH}}after the dealer declines it, the pone may: "
              + ", ".join(a.text(game.table) for a in game.legal_actions()))
