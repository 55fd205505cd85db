"""A match of several deals between random players, scored under each source's rules.

    python examples/match.py [DEALS] [SEED]
"""

import random
import sys

from conquian import VARIANTS, Match, RuleSet
from conquian.games.conquian.match import random_player

deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
WIDTH = max(len(source) for source in VARIANTS) + 1
for source, rules in VARIANTS.items():
    if not isinstance(rules, RuleSet):  # a source of Rommé, Conquian's descendant: not ruled here
        continue
    rng = random.Random(seed)
    match = Match(rules, players=("North", "South"))
    for _ in range(deals):
        match.play_deal(random_player(rng), seed=rng.getrandbits(32))
    tableaux = sum(1 for r in match.results if r.winner is None)
    print(f"{source:<{WIDTH}}{match.scores}  ({tableaux} tableaux; scoring={rules.scoring}, "
          f"tied stakes {rules.tableau_stake})")
