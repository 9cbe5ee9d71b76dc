/* Offline search for near-whist starters NWh(N), N = 2h, h odd (developer
 * tool: not built at install, not imported by the app; its output is pasted
 * into ../data/near_whist.json; ../near_whist.py re-verifies every stored
 * starter on first use).
 *
 * Points are (y, e), y in Z_h \ {0}, e in {0, 1}, written e*h + y.
 *
 * KIND cyc2: one starter round; Z_N = Z_h x Z_2 acts by translation (the
 *   cyclic design over Z_N; printed in Z_N numbers, x = y (mod h), x = e
 *   (mod 2)). Difference class of two points: (e xor e', +-(y' - y)).
 *   Impossible unless N = 2 (mod 8) (see ../near_whist.py).
 * KIND bi: two starter rounds; only Z_h acts (y -> y + g), levels are fixed.
 *   Classes: +-d inside level 0, +-d inside level 1, and d = y1 - y0 from
 *   level 0 to level 1 (d != 0). Printed as two lists of tables, points
 *   e*h + y.
 * Every class must occur once between partners and twice between opponents;
 * the class y' = y across the levels (the pair sitting out together) never.
 *
 * W (a unit of Z_h, 1 = none) multiplies y; the starters are made
 * W-invariant: full W-orbits are grouped four at a time into base tables T
 * (tables W^i T), short orbits (and a few full ones) go to "special" tables
 * searched freely. Simulated annealing at fixed temperature with restarts on
 * the number of violated class slots.
 *
 * Build: cc -O2 -o /tmp/nwh_search nwh_search.c -lm
 * Usage: nwh_search KIND N W SEED SECONDS TEMP [EXTRA_ORBITS]
 * Found: cyc2 18, 26 (W 1, TEMP 0.6, seconds), cyc2 58 (W 16, order 7),
 * bi 10. Not found in a minute: cyc2 34 (W 1; whist_search.c finds it),
 * cyc2 42 (W 4), cyc2 66 (W 4), bi 14 (none exists), bi 22, bi 30.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

static unsigned long long rs;
static inline unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static inline double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static int h, N, bimode, f, wp[257];
static int *cnt_p, *cnt_o, *tgt_p, *tgt_o;
/* seats: partners (0,2), (1,3); opponents the other four pairs */
static const int PAIRS[6][3] = {{0, 2, 1}, {1, 3, 1}, {0, 1, 0}, {0, 3, 0}, {2, 1, 0}, {2, 3, 0}};

static inline int cls(int p, int q) {
    int yp = p % h, ep = p / h, yq = q % h, eq = q / h;
    if (!bimode) { int d = ((yq - yp) % h + h) % h; if (d > h - d) d = h - d; return (ep ^ eq) * h + d; }
    if (ep == eq) { int d = ((yq - yp) % h + h) % h; if (d > h - d) d = h - d; return ep * h + d; }
    if (ep == 1) { int t = yp; yp = yq; yq = t; }
    return 2 * h + ((yq - yp) % h + h) % h;
}
static inline int one(int *cnt, int *tg, int c, int s) { int v = cnt[c]; cnt[c] = v + s; return abs(v + s - tg[c]) - abs(v - tg[c]); }
static int apply(const int *t, int s) {
    int d = 0;
    for (int k = 0; k < 6; k++) {
        int c = cls(t[PAIRS[k][0]], t[PAIRS[k][1]]);
        d += PAIRS[k][2] ? one(cnt_p, tgt_p, c, s) : one(cnt_o, tgt_o, c, s);
    }
    return d;
}
static inline int mul(int p, int i) { return (p / h) * h + (int)((long long)(p % h) * wp[i] % h); }

typedef struct { int ns, nb; int (*sp)[4]; int (*bt)[4]; int S[1024], nS, full[1024], nf; } Starter;
static Starter st[2];
static int nst;

static int applyb(Starter *S, int b, int s) {
    int d = 0, t[4];
    for (int i = 0; i < f; i++) { for (int j = 0; j < 4; j++) t[j] = mul(S->bt[b][j], i); d += apply(t, s); }
    return d;
}
static int applyslot(Starter *S, int region, int tb, int s) { return region ? applyb(S, tb, s) : apply(S->sp[tb], s); }
static int *slot(Starter *S, int region, int tb, int k) { return region ? &S->bt[tb][k] : &S->sp[tb][k]; }

static void emit_table(int *t, int first) {
    printf("%s[", first ? "" : ", ");
    for (int j = 0; j < 4; j++) {
        int p = t[j], x;
        if (bimode) x = p; else { int y = p % h, e = p / h; x = (y % 2 == e) ? y : y + h; }
        printf("%s%d", j ? ", " : "", x);
    }
    printf("]");
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: nwh_search KIND N W SEED SECONDS TEMP [EXTRA]\n"); return 2; }
    const char *kind = argv[1]; N = atoi(argv[2]); int w = atoi(argv[3]);
    rs = 0x9E3779B97F4A7C15ULL * (unsigned long long)(atoll(argv[4]) + 7);
    double secs = atof(argv[5]), T0 = atof(argv[6]); int extra = argc > 7 ? atoi(argv[7]) : 0;
    bimode = !strcmp(kind, "bi");
    if (N % 4 != 2 || N < 6) { fprintf(stderr, "N must be 2 mod 4\n"); return 2; }
    h = N / 2; nst = bimode ? 2 : 1;
    f = 1; { long long x = ((w % h) + h) % h; if (x == 0) return 2; while (x != 1) { x = x * w % h; f++; if (f > 255) return 2; } }
    wp[0] = 1; wp[f] = 1; for (int i = 1; i <= f; i++) wp[i] = (int)((long long)wp[i - 1] * w % h);
    int nc = 3 * h;
    cnt_p = calloc(nc, sizeof(int)); cnt_o = calloc(nc, sizeof(int)); tgt_p = calloc(nc, sizeof(int)); tgt_o = calloc(nc, sizeof(int));
    int tsum = 0;
    for (int c = 0; c < nc; c++) {
        int ok;
        if (!bimode) ok = c < 2 * h && (c % h) >= 1 && (c % h) <= (h - 1) / 2;
        else ok = (c < 2 * h) ? ((c % h) >= 1 && (c % h) <= (h - 1) / 2) : (c > 2 * h);
        if (ok) { tgt_p[c] = 1; tgt_o[c] = 2; tsum += 3; }
    }
    for (int s = 0; s < nst; s++) {
        Starter *S = &st[s];
        int seen[1024] = {0}; S->nS = S->nf = 0;
        for (int p = 0; p < 2 * h; p++) {
            if (p % h == 0 || seen[p]) continue;
            int sz = 0, q = p; do { seen[q] = 1; sz++; q = mul(q, 1); } while (q != p);
            if (sz == f) S->full[S->nf++] = p;
            else { q = p; do { S->S[S->nS++] = q; q = mul(q, 1); } while (q != p); }
        }
        for (int i = S->nf - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = S->full[i]; S->full[i] = S->full[j]; S->full[j] = t; }
        int j = extra; while (j <= S->nf && ((S->nS + j * f) % 4 || (S->nf - j) % 4)) j++;
        if (j > S->nf) { fprintf(stderr, "no layout nS=%d nf=%d f=%d\n", S->nS, S->nf, f); return 2; }
        for (int a = 0; a < j; a++) { int x = S->full[S->nf - 1 - a]; for (int i = 0; i < f; i++) S->S[S->nS++] = mul(x, i); }
        S->nf -= j; S->ns = S->nS / 4; S->nb = S->nf / 4;
        S->sp = malloc(sizeof(int[4]) * (S->ns + 1)); S->bt = malloc(sizeof(int[4]) * (S->nb + 1));
        fprintf(stderr, "starter %d: f=%d special tables %d base tables %d\n", s, f, S->ns, S->nb);
    }
    clock_t t0 = clock(); long long steps = 0;
    while ((double)(clock() - t0) / CLOCKS_PER_SEC < secs) {
        memset(cnt_p, 0, sizeof(int) * nc); memset(cnt_o, 0, sizeof(int) * nc);
        int cost = tsum;
        for (int s = 0; s < nst; s++) {
            Starter *S = &st[s];
            for (int i = S->nS - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = S->S[i]; S->S[i] = S->S[j]; S->S[j] = t; }
            for (int i = 0; i < S->nS; i++) S->sp[i / 4][i % 4] = S->S[i];
            for (int i = S->nf - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = S->full[i]; S->full[i] = S->full[j]; S->full[j] = t; }
            for (int i = 0; i < S->nf; i++) S->bt[i / 4][i % 4] = mul(S->full[i], rnd() % f);
            for (int t = 0; t < S->ns; t++) cost += apply(S->sp[t], 1);
            for (int b = 0; b < S->nb; b++) cost += applyb(S, b, 1);
        }
        int best = cost; long long lastimp = 0;
        for (long long it = 0; cost > 0; it++) {
            Starter *S = &st[nst == 2 ? rnd() & 1 : 0];
            int nsl = S->ns * 4, nbl = S->nb * 4;
            int r = rnd() % (nsl + nbl + (f > 1 ? nbl : 0)), d;
            if (r < nsl + nbl) {
                int region = r >= nsl, n_ = region ? nbl : nsl, p1 = region ? r - nsl : r, p2 = rnd() % n_;
                if (p1 == p2) continue;
                int t1 = p1 / 4, s1 = p1 % 4, t2 = p2 / 4, s2 = p2 % 4;
                int *a = slot(S, region, t1, s1), *b = slot(S, region, t2, s2), tmp;
                d = applyslot(S, region, t1, -1); if (t2 != t1) d += applyslot(S, region, t2, -1);
                tmp = *a; *a = *b; *b = tmp;
                d += applyslot(S, region, t1, 1); if (t2 != t1) d += applyslot(S, region, t2, 1);
                if (d <= 0 || urand() < exp(-d / T0)) cost += d;
                else {
                    applyslot(S, region, t1, -1); if (t2 != t1) applyslot(S, region, t2, -1);
                    tmp = *a; *a = *b; *b = tmp;
                    applyslot(S, region, t1, 1); if (t2 != t1) applyslot(S, region, t2, 1);
                }
            } else {
                int p = r - nsl - nbl, t1 = p / 4, s1 = p % 4, e = 1 + rnd() % (f - 1), old = S->bt[t1][s1];
                d = applyb(S, t1, -1); S->bt[t1][s1] = mul(old, e); d += applyb(S, t1, 1);
                if (d <= 0 || urand() < exp(-d / T0)) cost += d;
                else { applyb(S, t1, -1); S->bt[t1][s1] = old; applyb(S, t1, 1); }
            }
            if (cost < best) { best = cost; lastimp = it; }
            steps++;
            if (it - lastimp > 3000000LL) break;
            if ((it & 0xFFFFF) == 0 && (double)(clock() - t0) / CLOCKS_PER_SEC > secs) break;
        }
        if (cost == 0) {
            printf("('%s', %d, [", kind, N);
            for (int s = 0; s < nst; s++) {
                Starter *S = &st[s]; int first = 1;
                if (bimode) printf("%s[", s ? ", " : "");
                for (int t = 0; t < S->ns; t++) { emit_table(S->sp[t], first); first = 0; }
                for (int b = 0; b < S->nb; b++) for (int i = 0; i < f; i++) {
                    int t[4]; for (int j = 0; j < 4; j++) t[j] = mul(S->bt[b][j], i);
                    emit_table(t, first); first = 0;
                }
                if (bimode) printf("]");
            }
            printf("])\n");
            fprintf(stderr, "# %s %d w=%d found %.1fs steps %lld\n", kind, N, w, (double)(clock() - t0) / CLOCKS_PER_SEC, steps);
            return 0;
        }
        fprintf(stderr, "restart best %d\n", best);
    }
    fprintf(stderr, "# %s %d not found\n", kind, N);
    return 1;
}
