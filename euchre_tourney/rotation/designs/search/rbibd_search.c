/* Offline annealing search for base parallel classes of 1-rotational
 * RBIBD(3r+1, 4, 1) over Z_r x {0,1,2} u {inf} (developer tool; never built
 * or imported by the app; results are pasted into ../data/resolvable.json;
 * ../resolvable.py re-verifies them on first use).
 *
 * Fixed block {inf, (0,0), (0,1), (0,2)}; the other blocks must partition
 * (Z_r \ {0}) x {0,1,2}, cover every pure difference +-d within one copy once
 * and every mixed difference b - a (a in copy i, b in copy i+1 mod 3) once,
 * d != 0.
 *
 * MODE sigma: the class is invariant under (x, i) -> (x, i+1): only t = (r-1)/4
 *   representative blocks, whose 4t points have the distinct x = 1 .. r-1 and
 *   a copy label each (moves: swap two points between blocks, relabel one).
 * MODE full: all 3t blocks on the 12t points (moves: swaps).
 * MODE cyc: a different group: points Z_{3r} u {inf}, developed over all of
 *   Z_{3r}; the base class is fixed by +r, with the block {inf, 0, r, 2r} and
 *   t orbits {B, B+r, B+2r}; the t representatives B have one point in each
 *   nonzero residue class mod r, and their 6t differences +-d cover
 *   Z_{3r} \ {0, +-r} once (points x + r*label, moves as for sigma).
 *   Output: the t representatives as plain quadruples.
 * Cost: sum over differences of |count - target|; simulated annealing with
 * restarts.
 *
 * Build: cc -O2 -o /tmp/rbibd_search rbibd_search.c -lm
 * Usage: rbibd_search MODE R SEED MAXSTEPS TEMP   (10 restarts of MAXSTEPS/10
 * steps; TEMP 0.5 worked best; RBIBD_VERBOSE=1 prints each restart's best
 * cost). Found this way: r = 9 (full), 21 (cyc), 33 (sigma, a few minutes).
 * Output: one line "R: [((x, i), (x, i), (x, i), (x, i)), ...]," (sigma: the
 * t representatives; full: all 3t blocks), or nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static unsigned long long rs;
static inline unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static int r, sigma, nb, np;
static int *px, *pl;          /* point -> x, copy label */
static int *blk;              /* nb*4 point ids */
static int *pure, *mixed;     /* counts: pure[copy*r + cls], mixed[copy*r + d] */

static int cyc;
static int key(int p, int q, int **cnt, int *target) {
    int a = px[p], i = pl[p], b = px[q], j = pl[q];
    if (cyc) {
        int m = 3 * r, d = ((a + i * r - b - j * r) % m + m) % m; if (d > m - d) d = m - d;
        *cnt = &pure[d]; *target = (d == 0 || d == r) ? 0 : 1; return 0;
    }
    if (i == j) {
        int d = ((a - b) % r + r) % r; if (d > r - d) d = r - d;
        *cnt = &pure[(sigma ? 0 : i) * r + d]; *target = 1; return 0;
    }
    int d, c;
    if (j == (i + 1) % 3) { d = ((b - a) % r + r) % r; c = i; }
    else { d = ((a - b) % r + r) % r; c = j; }
    *cnt = &mixed[(sigma ? 0 : c) * r + d]; *target = d ? 1 : 0; return 0;
}

static int touch(int p, int q, int sign) {
    int *c, t; key(p, q, &c, &t);
    int v = *c; *c = v + sign;
    return abs(v + sign - t) - abs(v - t);
}

/* delta of adding (sign=+1) or removing (-1) point at slot s of block b against the others */
static int slot(int b, int s, int sign) {
    int d = 0, p = blk[b * 4 + s];
    for (int k = 0; k < 4; k++) if (k != s) d += touch(p, blk[b * 4 + k], sign);
    return d;
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: MODE R SEED MAXSTEPS TEMP\n"); return 2; }
    cyc = !strcmp(argv[1], "cyc"); sigma = cyc || !strcmp(argv[1], "sigma"); r = atoi(argv[2]);
    rs = 88172645463325252ULL ^ (unsigned long long)atoll(argv[3]) * 2654435761ULL;
    long long maxsteps = atoll(argv[4]); double temp = atof(argv[5]);
    np = sigma ? r - 1 : 3 * (r - 1); nb = np / 4;
    px = malloc(sizeof(int) * np); pl = malloc(sizeof(int) * np); blk = malloc(sizeof(int) * np);
    pure = calloc(3 * r + 1, sizeof(int)); mixed = calloc(3 * r + 1, sizeof(int));
    for (int p = 0; p < np; p++) { px[p] = 1 + p % (r - 1); pl[p] = sigma ? 0 : p / (r - 1); }
    double prob[64]; for (int d = 0; d < 64; d++) prob[d] = exp(-d / temp);
    long long step = 0;
    while (step < maxsteps) {
        for (int i = 0; i < np; i++) blk[i] = i;
        for (int i = np - 1; i > 0; i--) { int j = rnd() % (i + 1); int x = blk[i]; blk[i] = blk[j]; blk[j] = x; }
        if (sigma) for (int p = 0; p < np; p++) pl[p] = rnd() % 3;
        memset(pure, 0, sizeof(int) * 3 * r); memset(mixed, 0, sizeof(int) * 3 * r);
        int cost = 0;
        int ncopy = sigma ? 1 : 3;
        if (cyc) cost = 3 * (r - 1) / 2;
        else for (int c = 0; c < ncopy; c++) { cost += (r - 1) / 2 + (r - 1); }
        for (int b = 0; b < nb; b++)
            for (int s = 0; s < 4; s++) for (int u = s + 1; u < 4; u++) cost += touch(blk[b * 4 + s], blk[b * 4 + u], 1);
        long long until = step + maxsteps / 10 + 1;
        int best = cost;
        for (; step < until && cost > 0; step++) {
            if (cost < best) best = cost;
            int d;
            if (sigma && rnd() % 4 == 0) {
                int b = rnd() % nb, s = rnd() % 4, p = blk[b * 4 + s], old = pl[p];
                d = slot(b, s, -1); pl[p] = (old + 1 + rnd() % 2) % 3; d += slot(b, s, 1);
                if (d > 0 && (d >= 64 || (double)(rnd() >> 11) / 9007199254740992.0 >= prob[d])) {
                    slot(b, s, -1); pl[p] = old; slot(b, s, 1);
                } else cost += d;
                continue;
            }
            int b1 = rnd() % nb, b2 = rnd() % nb; if (b1 == b2) continue;
            int s1 = rnd() % 4, s2 = rnd() % 4;
            d = slot(b1, s1, -1) + slot(b2, s2, -1);
            int tmp = blk[b1 * 4 + s1]; blk[b1 * 4 + s1] = blk[b2 * 4 + s2]; blk[b2 * 4 + s2] = tmp;
            d += slot(b1, s1, 1) + slot(b2, s2, 1);
            if (d > 0 && (d >= 64 || (double)(rnd() >> 11) / 9007199254740992.0 >= prob[d])) {
                slot(b1, s1, -1); slot(b2, s2, -1);
                tmp = blk[b1 * 4 + s1]; blk[b1 * 4 + s1] = blk[b2 * 4 + s2]; blk[b2 * 4 + s2] = tmp;
                slot(b1, s1, 1); slot(b2, s2, 1);
            } else cost += d;
        }
        if (getenv("RBIBD_VERBOSE")) fprintf(stderr, "restart best %d\n", best);
        if (cost == 0) {
            printf("%d: [", r);
            for (int b = 0; b < nb; b++) {
                printf("%s(", b ? ", " : "");
                for (int s = 0; s < 4; s++) {
                    int p = blk[b * 4 + s];
                    if (cyc) printf("%s%d", s ? ", " : "", px[p] + r * pl[p]);
                    else printf("%s(%d, %d)", s ? ", " : "", px[p], pl[p]);
                }
                printf(")");
            }
            printf("],\n");
            return 0;
        }
    }
    return 1;
}
