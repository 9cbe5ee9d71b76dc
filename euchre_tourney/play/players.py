"""Computer players: objects with ``choose(hand) -> action``."""

from __future__ import annotations

import random

from euchre_tourney.play.hand import Hand


class RandomPlayer:
    """Picks uniformly among the legal actions (for tests, benchmarks and
    search rollouts). ``rng``: a ``random.Random`` or a seed."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def choose(self, hand: Hand) -> int:
        """A uniformly random legal action for ``hand.to_act``."""
        legal = hand.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def play_random_hand(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to its end with uniformly random legal actions, in place;
    returns it (:meth:`Hand.play_random`)."""
    return hand.play_random(rng)
