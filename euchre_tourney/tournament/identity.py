"""Telling players apart and putting names in order.

* :func:`labels`: a player's name as every page, card, sheet, chart, the
  standings, the projector and the CSV show it — the name alone, or the name
  and the player's number in the event ("Bob Miller #7", the number printed
  on their scorecard) when another player of the night shares the name.
* :func:`collation_key`: a locale-aware sort key (the Unicode Collation
  Algorithm, via ``pyuca``) so "Łukasz" sorts beside "Lucy", not after "Zed";
  the windows use Qt's ``QCollator`` for the same job.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache



def name_key(name: str) -> str:
    """How names compare for duplicates: case-folded, spaces collapsed."""
    return " ".join(name.split()).casefold()


def labels(players: Iterable[tuple[int, str, int | None]]) -> dict[int, str]:
    """``players``: (id, name, number in the event or None) of the players of
    one night. Returns id → label: the name, or "name #number" when another
    of these players has the same name (case- and space-insensitive). A player
    without a number yet (no rotation) keeps the bare name."""
    rows = list(players)
    seen = Counter(name_key(name) for _id, name, _n in rows)
    return {
        pid: f"{name} #{number}" if seen[name_key(name)] > 1 and number else name
        for pid, name, number in rows
    }


def labels_of(chosen: Iterable[tuple[int, str, int | None]], names: Iterable[str]) -> dict[int, str]:
    """:func:`labels` of a few players (``chosen``: (id, name, number)),
    among the night's ``names`` (every player's of the night, these
    included): the same labels as ``labels`` of the whole night gives
    them, without a label made for everyone else (a table's page names
    four players of 2,000). Returns id → label."""
    chosen = list(chosen)
    keys = {name_key(name) for _id, name, _n in chosen}
    seen = Counter(k for k in map(name_key, names) if k in keys)
    return {pid: f"{name} #{number}" if seen[name_key(name)] > 1 and number else name
            for pid, name, number in chosen}


class _Collator:
    """``pyuca``'s collator with its table read in two steps: names written
    in ASCII alone (most rosters) are keyed from the table's 128 lines for
    ASCII, read in a few milliseconds; the whole table (~0.3 s of pure
    Python, at start-up on a roster of any size) is read at the first name
    with another letter. The keys are the same either way (the table has no
    contraction of ASCII letters; ``tests/tournament/test_identity.py``)."""

    def __init__(self) -> None:
        import pyuca

        self._cls = pyuca.Collator
        self._ascii = None
        self._full = None

    def sort_key(self, text: str) -> tuple:
        if text.isascii():
            if self._ascii is None:
                self._ascii = _ascii_levels(_ascii_collator(self._cls)) or self.full().sort_key
            return self._ascii(text)
        return self.full().sort_key(text)

    def full(self):
        if self._full is None:
            self._full = self._cls()
        return self._full


def _ascii_collator(cls):
    """A ``cls`` (a ``pyuca`` collator) whose table holds only the lines of
    the 128 ASCII code points of its own table; None when that table has a
    contraction of ASCII letters or misses one (then only the whole table
    keys ASCII names as it would)."""
    import re

    from pyuca.collator import COLL_ELEMENT_PATTERN

    class AsciiCollator(cls):
        def load(self, filename):
            with open(filename, encoding="utf-8") as fh:
                text = fh.read()
            if re.search(r"^00[0-7][0-9A-Fa-f](?: +00[0-7][0-9A-Fa-f])+ *;", text, re.M):
                raise LookupError("an ASCII contraction")
            for point, weights in re.findall(r"^(00[0-7][0-9A-Fa-f]) *;([^#\n]*)", text, re.M):
                self.table.add([int(point, 16)], [[int(w, 16) for w in m.groups()]
                                                  for m in COLL_ELEMENT_PATTERN.finditer(weights)])

    try:
        collator = AsciiCollator()
    except LookupError:
        return None
    found = collator.table.root.children or {}
    return collator if len(found) == 128 and all(node.value for node in found.values()) else None


def _ascii_levels(collator):
    """``collator.sort_key`` for ASCII text, made from each character's
    weights at each level (no lookup in the table's trie: ~3 µs a name
    instead of ~40); None without a collator or when a character's weights
    have more than three levels."""
    if collator is None:
        return None
    from itertools import chain

    elements = {chr(point): node.value for point, node in collator.table.root.children.items()}
    if any(len(e) != 3 for value in elements.values() for e in value):
        return None
    levels = [{c: tuple(e[level] for e in value if e[level]) for c, value in elements.items()} for level in range(3)]
    primary, secondary, tertiary = (level.__getitem__ for level in levels)
    flat = chain.from_iterable

    def sort_key(text: str) -> tuple:  # the UCA key: each level's weights, a 0 after each (pyuca's layout)
        return (*flat(map(primary, text)), 0, *flat(map(secondary, text)), 0, *flat(map(tertiary, text)), 0)

    return sort_key


@cache
def _collator() -> _Collator:
    return _Collator()


@lru_cache(maxsize=8192)
def collation_key(name: str) -> tuple:
    """A sort key putting names in alphabetical order for people (accents and
    letters such as Ł beside their base letter, case ignored first), then by
    the exact text so the order is total. Remembered for the last 8,192
    names (a key costs ~0.1 ms, and the standings sort the same names at
    every hand)."""
    folded = " ".join(name.split())
    return (_collator().sort_key(folded.casefold()), folded)
