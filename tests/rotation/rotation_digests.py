"""Before/after record of every rotation the public entry points produce.

A test helper (not collected: no ``test_`` prefix) and a script. Each case is
one call of a public entry point, exactly as ``euchre-tourney rotation
--format json`` makes it: ``progressive(n, rounds, seed).to_json()`` or
``team_rotation(teams, rounds, seed).to_json()``, dumped with
``json.dumps`` and reduced to a SHA-256. The recorded digests live in
``data/rotation_digests.json``; a restructuring of ``euchre_tourney.rotation``
must leave every one of them unchanged (bit-identical rotations for the same
inputs and seed).

Cases: progressive N = 8…64 and a sample of sizes up to 200, rounds 8, 12 and
full length (:func:`full_length`), seeds 1–3; team round robins for 2…40
teams, rounds 8, 12 and the whole cycle (``None``), seeds 1–3.

    python3 tests/rotation/rotation_digests.py --record   # write the file
    python3 tests/rotation/rotation_digests.py --check    # compare all cases

``--check`` prints the cases that differ and the time taken; exit status 1
when any differs.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from euchre_tourney.rotation import full_length, progressive, team_rotation

DATA = Path(__file__).resolve().parent / "data" / "rotation_digests.json"

SEEDS = (1, 2, 3)
#: progressive sizes past 64: every seventh size and the awkward ones
#: (n mod 4 = 1, 2, 3 next to 4 | n, primes, prime powers, squares, the top)
LARGE = sorted(set(range(65, 201, 7)) | {66, 67, 68, 69, 76, 81, 97, 98, 100, 101, 121, 125, 128, 150, 169,
                                         196, 197, 198, 199, 200})
TEAM_COUNTS = range(2, 41)


def cases() -> list[str]:
    """Every case as a key: ``"p N R S"`` (progressive) or ``"t T R S"``
    (teams; R is ``full`` for the whole round robin)."""
    out = []
    for n in [*range(8, 65), *LARGE]:
        for r in sorted({8, 12, full_length(n)}):
            out += [f"p {n} {r} {s}" for s in SEEDS]
    for t in TEAM_COUNTS:
        for r in ("8", "12", "full"):
            out += [f"t {t} {r} {s}" for s in SEEDS]
    return out


def rotation_json(case: str) -> str:
    """The JSON text the command line prints for ``case`` (without newline)."""
    kind, a, r, s = case.split()
    if kind == "p":
        schedule = progressive(int(a), int(r), int(s))
    else:
        schedule = team_rotation(int(a), None if r == "full" else int(r), seed=int(s))
    return json.dumps(schedule.to_json())


def digest(case: str) -> str:
    """SHA-256 (hex) of :func:`rotation_json`."""
    return hashlib.sha256(rotation_json(case).encode()).hexdigest()


def recorded() -> dict[str, str]:
    """The stored digests, case → SHA-256."""
    return json.loads(DATA.read_text())["digests"]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--record"]:
        start = time.perf_counter()
        digests = {c: digest(c) for c in cases()}
        note = ("SHA-256 of json.dumps(schedule.to_json()) per case, recorded before issue 17's "
                "restructuring of euchre_tourney.rotation; see tests/rotation/rotation_digests.py")
        DATA.write_text(json.dumps({"note": note, "digests": digests}, indent=0) + "\n")
        print(f"recorded {len(digests)} cases in {time.perf_counter() - start:.1f} s")
        return 0
    if argv[:1] == ["--check"]:
        start = time.perf_counter()
        want = recorded()
        bad = [c for c in want if digest(c) != want[c]]
        for c in bad:
            print("differs:", c)
        print(f"{len(want) - len(bad)} of {len(want)} cases identical in {time.perf_counter() - start:.1f} s")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
