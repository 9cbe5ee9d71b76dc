"""Cyclic whist starters found offline by ``tools/whist_search.c`` (data only).

Keys ``(kind, n)``; values lists of tables (North, East, South, West) with −1
for ∞. :mod:`euchre_tourney.rotation.designs` develops and re-checks each one
before use, so a wrong entry can only make a size fall back to local search.
"""

STARTERS: dict[tuple[str, int], list[list[int]]] = {
    ("rot", 8): [[-1, 1, 6, 5], [2, 4, 0, 3]],
    ("rot", 12): [[-1, 9, 6, 7], [2, 4, 1, 8], [5, 0, 10, 3]],
    ("rot", 16): [[-1, 1, 0, 2], [9, 6, 11, 3], [5, 14, 10, 7], [8, 4, 12, 13]],
    ("cyc1", 21): [[1, 16, 6, 8], [11, 10, 15, 3], [14, 9, 12, 18], [5, 17, 4, 7], [20, 13, 2, 19]],
    ("rot", 20): [[-1, 10, 6, 14], [8, 7, 5, 1], [12, 9, 0, 18], [11, 2, 16, 13], [3, 17, 4, 15]],
    ("rot", 24): [[-1, 12, 17, 13], [19, 22, 21, 9], [11, 5, 6, 14], [8, 10, 2, 18], [4, 0, 7, 16], [15, 1, 3, 20]],
    ("rot", 28): [[-1, 22, 19, 7], [24, 16, 13, 26], [8, 17, 9, 15], [21, 4, 0, 1], [20, 25, 12, 11], [23, 2, 18, 6], [10, 14, 3, 5]],
}
