"""A full game: hands dealt in turn, clockwise, until a side reaches the
target (and, with win-by-two, leads by two).

Sources: 000 "Setup and Deal" 5 ("deal rotates one seat clockwise") and
"Winning"; 001 "The Deal" ("The turn to deal then rotates clockwise"), "If all
four players pass a second time the cards are thrown in and the next player
deals"; 004 "Winning" (win by two); 000 "Farmer's Hand / Misdeal" and
"Ace-no-face" (line 111: "hands without face cards to be redealt"; the same
dealer deals again).
"""

from __future__ import annotations

import random

from euchre_tourney.play.hand import SEAT_LETTERS, Hand, parse_seat
from euchre_tourney.play.view import SeatView
from euchre_tourney.rules import GameScore, RuleSet, RuleViolation, Side


class Game:
    """A game of euchre to ``rules.target``.

    ``hand`` is the hand in progress (a :class:`Hand`); :meth:`legal_actions`
    and :meth:`apply` act on it, and when it ends the game scores it, checks
    for a winner and deals the next hand (dealer one seat clockwise; a
    misdeal is dealt again by the same dealer). ``hands`` are the finished
    hands, ``score`` the :class:`GameScore`, ``winner`` the winning
    :class:`Side` or ``None``. Deals come from ``rng`` (a ``random.Random``
    or a seed), or from ``deals`` (a list of :class:`Hand` objects not yet
    acted on, e.g. rebuilt from a log) when given.
    """

    def __init__(
        self,
        rules: RuleSet,
        first_dealer: int = 0,
        rng: random.Random | int | None = None,
        *,
        deals: list[Hand] | None = None,
    ) -> None:
        self.rules = rules
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.first_dealer = first_dealer
        self.score = GameScore()
        self.winner: Side | None = None
        self.hands: list[Hand] = []
        self._deals = list(deals) if deals is not None else None
        self.hand: Hand | None = self._new_hand(first_dealer)

    def _new_hand(self, dealer: int) -> Hand | None:
        if self._deals is not None:
            if not self._deals:
                return None
            hand = self._deals.pop(0)
            if hand.dealer != dealer:
                raise RuleViolation(
                    f"The deal rotates clockwise: {SEAT_LETTERS[dealer]} deals this hand, not {SEAT_LETTERS[hand.dealer]}."
                )
            return hand
        return Hand.deal(self.rules, dealer, self.rng)

    @property
    def done(self) -> bool:
        """A side has won (or a replay ran out of deals)."""
        return self.hand is None

    @property
    def to_act(self) -> int:
        """Seat to act in the current hand (``-1`` when the game is over)."""
        return self.hand.to_act if self.hand is not None else -1

    def legal_actions(self):
        """Legal actions in the current hand (empty once the game is over)."""
        return self.hand.legal_actions() if self.hand is not None else ()

    def apply(self, action: int | str) -> None:
        """Apply an action to the current hand; moves on to the next hand or
        ends the game when the hand is over. ``RuleViolation`` if illegal or
        the game is over."""
        hand = self.hand
        if hand is None:
            raise RuleViolation("The game is over: no more actions.")
        hand.apply(action)
        if hand.done:
            self._hand_over(hand)

    def _hand_over(self, hand: Hand) -> None:
        self.hands.append(hand)
        if hand.score is not None:
            self.score = self.score.add(self.rules, hand.score)
            self.winner = self.score.winner(self.rules)
            if self.winner is not None:
                self.hand = None
                return
        dealer = hand.dealer if hand.misdeal else (hand.dealer + 1) & 3
        self.hand = self._new_hand(dealer)

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` (default: the seat to act) sees of the hand in
        progress, with the game score before it (:meth:`Hand.view`).
        ``ValueError`` once the game is over."""
        if self.hand is None:
            raise ValueError("the game is over: no hand to view")
        return self.hand.view(seat, (self.score.ns, self.score.ew))

    # ------------------------------------------------- the game protocol

    players = 4
    """Seats at the table (the protocol's ``players``)."""

    @property
    def scores(self) -> tuple[int, int]:
        """Points per scoring unit: ``(north_south, east_west)`` (the
        protocol's ``scores``; :attr:`score` is the :class:`GameScore`)."""
        return (self.score.ns, self.score.ew)

    def unit(self, seat: int) -> int:
        """The scoring unit of ``seat``: 0 North–South, 1 East–West."""
        return int(seat) & 1

    def play_out(self, players) -> Side | None:
        """Play to the end with ``players`` (four objects with
        ``choose(view) -> action``, by seat; each gets only its seat's
        :class:`SeatView`). Returns the winner."""
        while self.hand is not None:
            self.apply(players[self.hand.to_act].choose(self.view()))
        return self.winner

    def to_text(self) -> str:
        """One line per hand (:meth:`Hand.to_text`), finished hands and the
        one in progress."""
        lines = [h.to_text() for h in self.hands]
        if self.hand is not None:
            lines.append(self.hand.to_text())
        return "\n".join(lines)

    @classmethod
    def from_text(cls, rules: RuleSet, text: str) -> Game:
        """Replay a game from :meth:`to_text`. ``RuleViolation`` if a deal or
        action is impossible (e.g. the deal did not rotate)."""
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise ValueError("no hands to replay")
        deals, actions = [], []
        for line in lines:
            deal_part, _, acts = line.partition(";")
            deals.append(Hand.from_text(rules, deal_part))
            actions.append(acts.split())
        game = cls(rules, deals[0].dealer, deals=deals)
        for words in actions:
            if game.hand is None:
                raise RuleViolation("The log goes on after the game was won.")
            current = game.hand
            for word in words:
                if game.hand is not current:
                    raise RuleViolation("The log has actions after its hand was over.")
                game.apply(word)
        return game

    def __repr__(self) -> str:
        return f"<Game {self.score.ns}-{self.score.ew} hands={len(self.hands)} winner={self.winner}>"


__all__ = ["Game", "parse_seat"]
