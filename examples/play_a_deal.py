"""Play one deal between two random legal players and print its record.

    python examples/play_a_deal.py [VARIANT] [SEED]
"""

import random
import sys

from conquian import Game, variant

name = sys.argv[1] if len(sys.argv) > 1 else "foster-1913"
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
game = Game(variant(name), seed=seed)
rng = random.Random(seed)
while not game.is_over:
    game.play(rng.choice(game.legal_actions()))
print(game.record(), end="")
print(f"# {game.decisions} decisions; {game.outcome}")
