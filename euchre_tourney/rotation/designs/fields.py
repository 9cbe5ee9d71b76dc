"""Arithmetic for the constructions: prime powers, factorisations and the
finite field GF(p^e) with its elements coded as ints (stdlib only, imports
nothing from the package).

The field and ring constructions of whist designs (:mod:`.cyclic`) and the
transversal designs over GF(q) (:mod:`.transversal`) are built on
:class:`Field`.
"""

from __future__ import annotations


def prime_power(q: int) -> tuple[int, int] | None:
    """``(p, e)`` with q = p^e for a prime p, or ``None`` when q is not a
    prime power (or q < 2)."""
    for p in range(2, q + 1):
        if q % p == 0:
            e = 0
            while q % p == 0:
                q //= p
                e += 1
            return (p, e) if q == 1 else None
    return None


def prime_power_factors(n: int) -> list[tuple[int, int]]:
    """The factorisation of n as ``[(p, e), …]``, primes increasing
    (empty for n = 1)."""
    out = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append((p, e))
        p += 1
    if n > 1:
        out.append((n, 1))
    return out


class Field:
    """GF(p^e) with elements encoded as ints (base-p digits of the polynomial).

    ``add[a][b]`` and ``neg[a]`` are tables; ``exp[i]`` is ω^i for a fixed
    primitive element ω (i < q − 1). Raises ``AssertionError`` only if no
    primitive polynomial exists (it always does)."""

    def __init__(self, p: int, e: int) -> None:
        self.p, self.e, self.q = p, e, p**e
        q = self.q
        self.add = [[self._add(a, b) for b in range(q)] for a in range(q)]
        self.neg = [self._neg(a) for a in range(q)]
        self.exp = self._primitive_powers()

    def _digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.e)]

    def _undigits(self, d: list[int]) -> int:
        return sum(x * self.p**i for i, x in enumerate(d))

    def _add(self, a: int, b: int) -> int:
        return self._undigits([(x + y) % self.p for x, y in zip(self._digits(a), self._digits(b))])

    def _neg(self, a: int) -> int:
        return self._undigits([(-x) % self.p for x in self._digits(a)])

    def _primitive_powers(self) -> list[int]:
        p, e, q = self.p, self.e, self.q
        if e == 1:
            for g in range(2, p):
                pw = [1]
                while len(pw) < q - 1:
                    pw.append(pw[-1] * g % p)
                if len(set(pw)) == q - 1:
                    return pw
            return [1]
        # monic f = x^e + sum c_i x^i; x primitive in GF(p)[x]/f iff its order is q−1
        for code in range(p**e):
            c = [(code // p**i) % p for i in range(e)]
            if c[0] == 0:
                continue
            pw = [1]
            cur = [1] + [0] * (e - 1)
            ok = True
            for _ in range(q - 2):
                top = cur[-1]
                cur = [0] + cur[:-1]
                cur = [(x - top * ci) % p for x, ci in zip(cur, c)]
                v = self._undigits(cur)
                if v == 1:
                    ok = False
                    break
                pw.append(v)
            if ok and len(set(pw)) == q - 1:
                return pw
        raise AssertionError("no primitive polynomial")  # pragma: no cover
