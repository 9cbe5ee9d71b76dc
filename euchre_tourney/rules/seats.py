"""Seats: a seat is a position at a table of 2 to 6; :class:`Seat` names
the four positions of a table of four.

A seat everywhere in the app -- the play engine, score entry, the
database, the standings, ratings and season, the reports and the windows --
is its 0-based clockwise position at its table, and a side is the set of
positions of one parity (see "positions at a table of 2-6" below). At a
table of four the positions are :class:`Seat`'s North, East, South, West:
the names of positions 0..3 there, not a second kind of seat. Seats go
clockwise North, East, South, West (the deal, the bidding and the play all
go clockwise: 000 "Players", 001 "The Deal"); North and South are partners
against East and West (000 "Players": "partners sitting opposite each
other", "Turn order is clockwise").

Why an ``IntEnum``: the play engine does seat arithmetic on small ints in
its hot path (``(seat + 1) & 3`` is the next seat, ``seat ^ 2`` the
partner); a ``Seat`` *is* that int, so the engine and everything above it
share one type at no cost, while text forms (``"N"``, ``"North"``, and the
stored ``"north"``) come from one place.
"""

from __future__ import annotations

from enum import IntEnum

from euchre_tourney.rules.scoring import Side


class Seat(IntEnum):
    """A seat: ``NORTH`` (0), ``EAST`` (1), ``SOUTH`` (2), ``WEST`` (3),
    clockwise.

    * :attr:`side` -- the partnership (:class:`Side`); :attr:`partner` -- the
      seat opposite; :attr:`next` -- the seat on the left (clockwise, the
      next to deal, bid and play).
    * Text: :attr:`letter` (``"N"``), :attr:`title` (``"North"``), :attr:`key`
      (``"north"``, the form stored in the database and used in files);
      :meth:`parse` reads any of them back.
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def side(self) -> Side:
        """North–South or East–West."""
        return Side.EW if self & 1 else Side.NS

    @property
    def partner(self) -> Seat:
        """The seat opposite (North ↔ South, East ↔ West)."""
        return Seat(self ^ 2)

    @property
    def next(self) -> Seat:
        """The seat on this one's left: the next clockwise."""
        return Seat((self + 1) & 3)

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    @property
    def title(self) -> str:
        """``"North"``, ``"East"``, ``"South"`` or ``"West"``."""
        return self.name.title()

    @property
    def key(self) -> str:
        """``"north"``, ``"east"``, ``"south"`` or ``"west"`` (stored form)."""
        return self.name.lower()

    @classmethod
    def parse(cls, value: object) -> Seat:
        """The seat named by ``value``: a :class:`Seat`, an int ``0..3``, or
        text -- a letter or a whole name in any case (``"n"``, ``"North"``,
        ``"WEST"``). ``ValueError`` naming the value for anything else
        (``bool`` included, although ``True == 1``)."""
        if isinstance(value, cls):
            return value
        if value.__class__ is int and 0 <= value <= 3:  # type: ignore[operator]
            return cls(value)
        if isinstance(value, str):
            seat = _BY_TEXT.get(value) or _BY_TEXT.get(value.strip().upper())
            if seat is not None:
                return seat
        raise ValueError(f"{value!r} is not a seat (North, East, South or West)")

    def __str__(self) -> str:
        return self.title

    def __bool__(self) -> bool:
        # Every seat is a seat: North (0) must not read as "no seat" in an
        # ``if seat:`` test.
        return True


SEATS: tuple[Seat, ...] = tuple(Seat)
"""The four seats in clockwise order from North."""
_BY_TEXT: dict[str, Seat] = {
    text: seat for seat in Seat for text in (seat.letter, seat.name, seat.key, seat.letter.lower())
}
"""Every text :meth:`Seat.parse` reads at once (the stored form and the letters), upper case for the rest."""

SIDE_SEATS: dict[Side, tuple[Seat, Seat]] = {Side.NS: (Seat.NORTH, Seat.SOUTH), Side.EW: (Seat.EAST, Seat.WEST)}
"""The two seats of each partnership."""


# ------------------------------------------------------- positions at a table of 2-6
#
# One seat model for every game (DESIGN "One game, any number of seats"): a
# seat is a *position* at a table of two to six, 0-based, clockwise.
# North, East, South and West are the names of a four-seat table's
# positions (a Seat is that int); a table of any other size stores
# "seat1" .. "seat6". In a partnership game the sides sit alternately (000
# "Players": partners "sitting opposite each other"; 001 "Six Player
# Euchre": "two teams of three, sitting alternately"), so a side is the set
# of positions of one parity: side 0 (North-South; seats 1, 3, 5) and side 1
# (East-West; seats 2, 4, 6).
#
# Everything above the rules -- the store's rows, the read models, the
# standings, ratings, season, reports and pages -- speaks of a seat as its
# position and of a table by its size, and asks this module for the words:
# :func:`seat_title` ("North", "Seat 3"), :func:`seat_letter` ("N", "s3"),
# :func:`seat_key` (the stored form), :func:`side_positions` and
# :func:`side_title`. Only the code that draws a table needs its size.

MIN_SEATS = 2
"""The smallest table any game is played at."""
MAX_SEATS = 6
"""The largest table any game is played at."""
SIDE_TITLES_AT_FOUR = ("North–South", "East–West")
"""The two sides of a table of four in words."""


def _check_size(size: object) -> int:
    if size.__class__ is not int or not MIN_SEATS <= size <= MAX_SEATS:  # type: ignore[operator]
        raise ValueError(f"{size!r} is not a table size (2 to {MAX_SEATS} seats)")
    return size  # type: ignore[return-value]


def _check_seat(pos: object, size: int) -> int:
    if pos.__class__ is not int and not isinstance(pos, Seat):
        raise ValueError(f"{pos!r} is not a seat at a table of {size}")
    if not 0 <= pos < size:  # type: ignore[operator]
        raise ValueError(f"{pos!r} is not a seat at a table of {size} (0 to {size - 1})")
    return int(pos)  # type: ignore[arg-type]


def position(value: object, size: int | None = None) -> int:
    """The 0-based clockwise position of a seat at a table of 2-6, from any
    form the app stores or writes: a :class:`Seat` or a four-seat name or
    letter (North is 0), ``"seat1"`` .. ``"seat6"`` or ``"Seat 3"`` (one-based
    text), or an int ``0..5``. ``ValueError`` naming the value for anything
    else (``bool`` and ``None`` included) and, when the table's ``size`` is
    given, for a seat that table has not (``"seat5"`` at a table of four)."""
    pos = _position(value)
    if size is not None and not pos < _check_size(size):
        seats = "North, East, South or West" if size == 4 else f"seat 1 to {size}"
        raise ValueError(f"{value!r} is not a seat at a table of {size} ({seats})")
    return pos


def _position(value: object) -> int:
    if isinstance(value, Seat):
        return int(value)
    if value.__class__ is int and 0 <= value < MAX_SEATS:  # type: ignore[operator]
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        seat = _BY_TEXT.get(value) or _BY_TEXT.get(value.strip().upper())
        if seat is not None:
            return int(seat)
        text = value.strip().lower().replace(" ", "")
        if text.startswith("seat") and text[4:].isascii() and text[4:].isdigit() and 1 <= int(text[4:]) <= MAX_SEATS:
            return int(text[4:]) - 1
    raise ValueError(f"{value!r} is not a seat (North, East, South or West, or seat 1 to 6)")


def seat_at(pos: int, size: int) -> int:
    """The seat at position ``pos`` of a table of ``size`` as the value the
    read models carry: the :class:`Seat` at a table of four (so it reads as
    "North"), the plain position elsewhere. ``ValueError`` for a position
    the table has not."""
    pos = _check_seat(pos, _check_size(size))
    return Seat(pos) if size == 4 else pos


def side_of_position(pos: int) -> int:
    """The side of a position in a partnership game: 0 (North-South; seats
    1, 3, 5) or 1 (East-West; seats 2, 4, 6) -- partners sit alternately."""
    return pos % 2


def side_positions(side: int, size: int) -> tuple[int, ...]:
    """The positions of side 0 or 1 at a partnership table of ``size``,
    clockwise: side 0 at four is (0, 2) (North, South), at six (0, 2, 4).
    ``ValueError`` for another side or size."""
    _check_size(size)
    if side not in (0, 1) or side.__class__ is bool:
        raise ValueError(f"{side!r} is not a side (0 or 1)")
    return tuple(range(int(side), size, 2))


def seat_title(pos: int, size: int) -> str:
    """A position in plain words: "North" .. "West" at a table of four,
    "Seat 3" at any other."""
    pos = _check_seat(pos, _check_size(size))
    return Seat(pos).title if size == 4 else f"Seat {pos + 1}"


position_title = seat_title
"""The older name of :func:`seat_title`."""


def seat_letter(pos: int, size: int) -> str:
    """A position in a chart's cell: "N", "E", "S", "W" at a table of four,
    "s3" (seat 3) at any other."""
    pos = _check_seat(pos, _check_size(size))
    return Seat(pos).letter if size == 4 else f"s{pos + 1}"


def seat_key(pos: int, size: int) -> str:
    """The stored form of a position (``seat.seat``, ``hand.alone_seat``):
    ``"north"`` .. ``"west"`` at a table of four, ``"seat1"`` .. ``"seat6"``
    at any other; :func:`position` reads either back."""
    pos = _check_seat(pos, _check_size(size))
    return Seat(pos).key if size == 4 else f"seat{pos + 1}"


def seat_keys(size: int) -> tuple[str, ...]:
    """The stored forms of a table's positions, clockwise from position 0."""
    return tuple(seat_key(p, size) for p in range(_check_size(size)))


def seat_titles(size: int) -> tuple[str, ...]:
    """The titles of a table's positions, clockwise from position 0."""
    return tuple(seat_title(p, size) for p in range(_check_size(size)))


def side_title(side: int, size: int) -> str:
    """A side in plain words: "North–South" / "East–West" at a table of
    four, "Seats 1, 3, 5" at any other ("Seat 2" for a side of one)."""
    seats = side_positions(side, size)
    if size == 4:
        return SIDE_TITLES_AT_FOUR[side]
    return f"Seat {seats[0] + 1}" if len(seats) == 1 else "Seats " + ", ".join(str(p + 1) for p in seats)


__all__ = [
    "MAX_SEATS", "MIN_SEATS", "SEATS", "SIDE_SEATS", "Seat", "position", "position_title", "seat_at", "seat_key",
    "seat_keys", "seat_letter", "seat_title", "seat_titles", "side_of_position", "side_positions", "side_title",
]
