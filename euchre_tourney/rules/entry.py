"""One hand as the director enters it from a tally card.

:class:`HandEntry` is the one value that travels from the Scores page
through the score-entry use cases to the database and back: the makers, the
tricks they took, which maker (if any) went alone, and whether a defender
played alone. :meth:`HandEntry.score` is the one call that both the Scores
page's preview and the saved hand use, so what the director sees before
saving is what is stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tourney.rules.ruleset import RuleSet
from euchre_tourney.rules.scoring import HandResult, HandScore, RuleViolation, Side, score_hand
from euchre_tourney.rules.seats import SIDE_SEATS, Seat


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A hand as written on a tally card.

    * ``makers`` -- the :class:`Side` that made trump;
    * ``maker_tricks`` -- tricks the makers took, an ``int`` 0–5;
    * ``alone_seat`` -- the :class:`Seat` of the maker who went alone (the
      loner), or ``None``;
    * ``defender_alone`` -- a defender played alone (``True``/``False``).

    Building one checks nothing; :meth:`score` checks everything (types
    included: a string such as ``"False"`` is never taken for a bool).
    """

    makers: Side
    maker_tricks: int
    alone_seat: Seat | None = None
    defender_alone: bool = False

    @property
    def maker_alone(self) -> bool:
        """A maker went alone."""
        return self.alone_seat is not None

    def result(self) -> HandResult:
        """The :class:`HandResult` this entry records (not validated)."""
        return HandResult(self.makers, self.maker_tricks, self.alone_seat is not None, self.defender_alone)

    def score(self, rules: RuleSet) -> HandScore:
        """Validate the entry and score it under ``rules``
        (:func:`~euchre_tourney.rules.score_hand`: 000 "Scoring", 001, 002,
        004).

        Raises :class:`RuleViolation`, with a sentence for the director, when
        ``makers`` is not a :class:`Side`, ``alone_seat`` is neither ``None``
        nor a :class:`Seat` or sits on the defenders' side (only a maker goes
        alone as the maker: 000 "Going alone"), or :func:`score_hand` refuses
        the result (tricks not a whole number 0–5, flags not real bools, a
        lone defender the rules forbid)."""
        makers = self.makers
        if not isinstance(makers, Side):
            raise RuleViolation(f"Say which side made trump: North–South or East–West, not {makers!r}.")
        seat = self.alone_seat
        if seat is not None:
            if not isinstance(seat, Seat):
                raise RuleViolation(f"{seat!r} is not a seat (North, East, South or West).")
            if seat not in SIDE_SEATS[makers]:
                raise RuleViolation(f"{seat.title} is a defender: only a maker can go alone as the maker.")
        return score_hand(rules, self.result())


__all__ = ["HandEntry"]
