"""Cyclic whist starters found offline by ``tools/whist_search.c`` (data only).

Keys ``(kind, n)``; values lists of tables (North, East, South, West) with −1
for ∞. :mod:`euchre_tourney.rotation.designs` develops and re-checks each one
before use, so a wrong entry can only make a size fall back to local search.
"""

STARTERS: dict[tuple[str, int], list[list[int]]] = {
    ("rot", 8): [[-1, 1, 6, 5], [2, 4, 0, 3]],
    ("rot", 12): [[-1, 9, 6, 7], [2, 4, 1, 8], [5, 0, 10, 3]],
    ("rot", 16): [[-1, 1, 0, 2], [9, 6, 11, 3], [5, 14, 10, 7], [8, 4, 12, 13]],
}
