"""Offline search for symmetric cyclic whist starters (developer tool; never
imported by the app). Every table is (a, b, −a, −b) and, for ``rot``, the ∞
table is (∞, x, 0, −x): the classes {±u} of Z_m ∖ {0} are paired so that the
classes of a + b and a − b (and x) cover every class exactly once. Found
starters go, written out as tables, into ``../data/whist_starters.json``.

Usage: ``python3 whist_pm_search.py M rot|cyc [NODE_LIMIT]`` (M = n − 1 for
``rot``, M = n for ``cyc``); prints ``M seconds (x, pairs)`` or ``None``.
"""
import random, sys, time
def search(m, rot, seed=0, limit=200000, secs=60):
    rng = random.Random(seed)
    h = (m-1)//2
    cls = lambda v: min(v % m, (-v) % m)
    elems = list(range(1, h+1))
    S = sum(u*u for u in elems) % m
    xs = [x for x in elems if (x*x - S) % m == 0] if rot else [None]
    print('xs', xs, file=sys.stderr)
    if not xs: return None
    t0=time.time()
    while time.time()-t0 < secs:
        used_e = set(); used_c = set(); pairs = []
        x = rng.choice(xs)
        if rot: used_e.add(x); used_c.add(x)
        nodes = [0]
        def dfs():
            nodes[0] += 1
            if nodes[0] > limit: return False
            free = [e for e in elems if e not in used_e]
            if not free: return True
            a = free[0]
            cands = free[1:]; rng.shuffle(cands)
            for b in cands:
                s, d = cls(a+b), cls(a-b)
                if s == 0 or d == 0 or s == d or s in used_c or d in used_c: continue
                used_e.update((a,b)); used_c.update((s,d)); pairs.append((a,b))
                if dfs(): return True
                pairs.pop(); used_e.difference_update((a,b)); used_c.difference_update((s,d))
            return False
        if dfs(): return x, pairs
    return None
m = int(sys.argv[1]); rot = sys.argv[2]=='rot'
t=time.time(); r = search(m, rot, limit=int(sys.argv[3]) if len(sys.argv)>3 else 20000)
print(m, time.time()-t, r)
