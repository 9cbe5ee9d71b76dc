"""A side game's words on the Scores page (issue 24, item 5; issue 33, item 5).

Six-player (three against three at tables of six), bid euchre and the other
partnership games of :data:`euchre_tourney.tournament.EVENT_GAMES` are typed
in the Scores page's one entry row (:class:`~.scores_page.ScoresPage`), the
same widget as the four-seat game's: the makers by their side (keys 1 or 2),
the high bidder (keys 1–6) and the bid in a game with bids, the tricks, who
went alone; Enter saves; F2 (or a double click, or *Correct selected hand*)
corrects a stored hand in place after a question showing it as stored and
as corrected; Delete asks; a hand a table disputed from its phone is marked.
This module holds what that row says of a side game: the sides' names and
the hand it holds (:class:`SideEntry`).
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tourney.rules import side_title, tables


@dataclass(frozen=True, slots=True)
class SideEntry:
    """A side game's hand in the entry row: ``entry``
    (:class:`~euchre_tourney.rules.tables.SideHandEntry`), ``bidder`` (the
    high bidder's seat, 0-based, in a game with bids; else None), ``lone``
    (the lone maker's seat, 0-based; None: nobody went alone)."""

    entry: tables.SideHandEntry
    bidder: int | None
    lone: int | None


def side_label(game: tables.TableRules, names: tuple[str, ...], side: int) -> str:
    """"Seats 1, 3, 5: Ann, Cy, Eve" at six; "North–South: Ann & Cy" at four
    (the side's words from the seat model, :func:`~euchre_tourney.rules.side_title`)."""
    members = names[side::2]
    return f"{side_title(side, game.players)}: " + (", " if game.players != 4 else " & ").join(members)


def side_totals_names(game: tables.TableRules) -> tuple[str, str]:
    """The two sides without their players: ("Seats 1, 3, 5", "Seats 2, 4, 6") at six, ("North–South", "East–West") at four
    (:func:`~euchre_tourney.rules.side_title`)."""
    return (side_title(0, game.players), side_title(1, game.players))
