/* Offline search for short-night schedules with sit-outs (developer tool).
 *
 * Problem: N players, R rounds, T = N/4 tables a round, s = N%4 sit-outs a
 * round taken in cyclic order (round r: players s*r … s*r+s-1 mod N, which is
 * fair at every prefix and never two rounds running). Find the tables, seated
 * N E S W (partners seats 0-2 and 1-3), such that no pair meets more than LAM
 * times and no pair partners more than PI times.
 *
 * Method: tabu search with the conflict-directed swap neighbourhood of
 * social-golfer local search: every player in a pair above a limit at its
 * table is tried against every player of another table of that round (and a
 * table with a partner pair above PI against its two other splits); best
 * non-tabu move (aspiration on a new best), a player may not return to the
 * table it left for a random tenure, and a random perturbation of the best
 * state after a stall. Cost: Σ max(0, M-LAM) + Σ max(0, P-PI) over pairs.
 *
 * Output (only when the cost reaches 0): one line per round, the 4T seated
 * players then the s sit-outs, space separated; nothing otherwise.
 * Build: cc -O2 -o /tmp/golfer_search golfer_search.c
 * Usage: golfer_search N R LAM PI SEED MAXITERS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXR 24
static unsigned long long rs;
static inline unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static int N, R, T, S, LAM, PI;
static long TMIN = 4, TSPAN = 12, STALL = 0, PERT = 2;
static int pos[MAXR][MAXN];   /* pos[r][k]: player at seat k (k < 4T), sit-outs after */
static int where[MAXR][MAXN]; /* seat of player in round r, -1 if sitting out */
static int M[MAXN][MAXN], P[MAXN][MAXN];
static int cost;
static long tabu[MAXR][MAXN][MAXN / 4 + 1];
static int best[MAXR][MAXN];
static int bestcost;

static inline int fm(int v) { return v > LAM ? v - LAM : 0; }
static inline int fp(int v) { return v > PI ? v - PI : 0; }

static void addm(int x, int y, int d) { cost += fm(M[x][y] + d) - fm(M[x][y]); M[x][y] += d; M[y][x] += d; }
static void addp(int x, int y, int d) { cost += fp(P[x][y] + d) - fp(P[x][y]); P[x][y] += d; P[y][x] += d; }

static void table(int r, int t, int d) {
    int *g = &pos[r][4 * t];
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) addm(g[i], g[j], d);
    addp(g[0], g[2], d);
    addp(g[1], g[3], d);
}

static void load(int st[MAXR][MAXN]) {
    memset(M, 0, sizeof M); memset(P, 0, sizeof P); cost = 0;
    for (int r = 0; r < R; r++) {
        memcpy(pos[r], st[r], sizeof pos[r]);
        for (int k = 0; k < N; k++) where[r][pos[r][k]] = k < 4 * T ? k : -1;
        for (int t = 0; t < T; t++) table(r, t, 1);
    }
}

/* change in cost if seats k1, k2 (different tables) of round r swap */
static int swap_delta(int r, int k1, int k2) {
    int x = pos[r][k1], y = pos[r][k2], d = 0;
    int a = k1 & ~3, b = k2 & ~3;
    for (int i = 0; i < 4; i++) {
        int z = pos[r][a + i], w = pos[r][b + i];
        if (z != x) { d += fm(M[x][z] - 1) - fm(M[x][z]) + fm(M[y][z] + 1) - fm(M[y][z]); }
        if (w != y) { d += fm(M[y][w] - 1) - fm(M[y][w]) + fm(M[x][w] + 1) - fm(M[x][w]); }
    }
    int px = pos[r][k1 ^ 2], py = pos[r][k2 ^ 2];
    d += fp(P[x][px] - 1) - fp(P[x][px]) + fp(P[y][px] + 1) - fp(P[y][px]);
    d += fp(P[y][py] - 1) - fp(P[y][py]) + fp(P[x][py] + 1) - fp(P[x][py]);
    return d;
}

static void do_swap(int r, int k1, int k2) {
    int t1 = k1 / 4, t2 = k2 / 4;
    table(r, t1, -1); table(r, t2, -1);
    int x = pos[r][k1], y = pos[r][k2];
    pos[r][k1] = y; pos[r][k2] = x; where[r][y] = k1; where[r][x] = k2;
    table(r, t1, 1); table(r, t2, 1);
}

static const int SPL[2][4] = {{0, 2, 1, 3}, {0, 1, 3, 2}};

static int split_delta(int r, int t, int s) {
    int *g = &pos[r][4 * t];
    int a = g[SPL[s][0]], b = g[SPL[s][1]], c = g[SPL[s][2]], e = g[SPL[s][3]];
    int d = fp(P[g[0]][g[2]] - 1) - fp(P[g[0]][g[2]]) + fp(P[g[1]][g[3]] - 1) - fp(P[g[1]][g[3]]);
    /* the two old partnerships are distinct from the new ones */
    d += fp(P[a][c] + 1) - fp(P[a][c]) + fp(P[b][e] + 1) - fp(P[b][e]);
    return d;
}

static void do_split(int r, int t, int s) {
    int *g = &pos[r][4 * t], h[4];
    table(r, t, -1);
    for (int i = 0; i < 4; i++) h[i] = g[SPL[s][i]];
    for (int i = 0; i < 4; i++) { g[i] = h[i]; where[r][h[i]] = 4 * t + i; }
    table(r, t, 1);
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: golfer_search N R LAM PI SEED MAXITERS\n"); return 2; }
    N = atoi(argv[1]); R = atoi(argv[2]); LAM = atoi(argv[3]); PI = atoi(argv[4]);
    rs = 88172645463325252ULL ^ ((unsigned long long)atoll(argv[5]) + 1) * 2654435761ULL;
    long maxit = atol(argv[6]);
    T = N / 4; S = N % 4;
    if (getenv("TMIN")) TMIN = atol(getenv("TMIN"));
    if (getenv("TSPAN")) TSPAN = atol(getenv("TSPAN"));
    if (getenv("PERT")) PERT = atol(getenv("PERT"));
    STALL = getenv("STALL") ? atol(getenv("STALL")) : 2000 + 50 * N;
    if (N > MAXN || R > MAXR || T < 2) return 2;
    static int st[MAXR][MAXN];
    for (int r = 0; r < R; r++) {
        int out[4], no = 0, k = 0, isout[MAXN] = {0};
        for (int i = 0; i < S; i++) { out[no] = (S * r + i) % N; isout[out[no++]] = 1; }
        int play[MAXN], np = 0;
        for (int p = 0; p < N; p++) if (!isout[p]) play[np++] = p;
        for (int i = np - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = play[i]; play[i] = play[j]; play[j] = t; }
        for (int i = 0; i < np; i++) st[r][k++] = play[i];
        for (int i = 0; i < no; i++) st[r][k++] = out[i];
    }
    load(st);
    memcpy(best, pos, sizeof best); bestcost = cost;
    static int cand[MAXR * MAXN][2];
    if (argc > 7) {
        /* annealing: random swaps (or re-splits) at fixed temperature TEMP */
        double temp = atof(argv[7]);
        double acc[8];
        acc[0] = 1;
        for (int d = 1; d < 8; d++) { double x = -d / temp, e = 1, term = 1; for (int i = 1; i < 60; i++) { term *= x / i; e += term; } acc[d] = e < 0 ? 0 : e; }
        long it2;
        for (it2 = 0; it2 < maxit && bestcost > 0; it2++) {
            int r = rnd() % R, k1 = rnd() % (4 * T), d, k2 = 0, sp = -1;
            if (PI < LAM && rnd() % 8 == 0) { sp = rnd() % 2; d = split_delta(r, k1 / 4, sp); }
            else {
                do k2 = rnd() % (4 * T); while (k2 / 4 == k1 / 4);
                d = swap_delta(r, k1, k2);
            }
            if (d <= 0 || (d < 8 && (rnd() % 1000000) < acc[d] * 1000000)) {
                if (sp >= 0) do_split(r, k1 / 4, sp); else do_swap(r, k1, k2);
                if (cost < bestcost) { bestcost = cost; memcpy(best, pos, sizeof best); }
            }
        }
        fprintf(stderr, "SA N=%d R=%d lam=%d pi=%d best=%d iters=%ld\n", N, R, LAM, PI, bestcost, it2);
        if (bestcost == 0)
            for (int r = 0; r < R; r++)
                for (int k = 0; k < N; k++) printf("%d%c", best[r][k], k + 1 < N ? ' ' : '\n');
        return bestcost == 0 ? 0 : 1;
    }
    long it, stall = 0;
    for (it = 1; it <= maxit && bestcost > 0; it++) {
        /* conflicting seats */
        int nc = 0;
        static int mark[MAXR][MAXN];
        for (int r = 0; r < R; r++) {
            for (int k = 0; k < 4 * T; k++) mark[r][k] = 0;
            for (int t = 0; t < T; t++) {
                int *g = &pos[r][4 * t];
                for (int i = 0; i < 4; i++)
                    for (int j = i + 1; j < 4; j++)
                        if (M[g[i]][g[j]] > LAM || ((j - i) == 2 && P[g[i]][g[j]] > PI)) mark[r][4 * t + i] = mark[r][4 * t + j] = 1;
            }
            for (int k = 0; k < 4 * T; k++) if (mark[r][k]) { cand[nc][0] = r; cand[nc][1] = k; nc++; }
        }
        int bd = 1 << 30, nb = 0, br = 0, bk1 = 0, bk2 = 0, bsplit = -1;
        for (int c = 0; c < nc; c++) {
            int r = cand[c][0], k1 = cand[c][1], x = pos[r][k1], t1 = k1 / 4;
            {
                /* split moves for a table with a partnership above PI */
                int *g = &pos[r][4 * t1];
                if (P[g[0]][g[2]] > PI || P[g[1]][g[3]] > PI)
                    for (int s = 0; s < 2; s++) {
                        int d = split_delta(r, t1, s);
                        if (d < bd || (d == bd && rnd() % (++nb) == 0)) { if (d < bd) nb = 1; bd = d; br = r; bk1 = k1; bsplit = s; }
                    }
            }
            for (int k2 = 0; k2 < 4 * T; k2++) {
                int t2 = k2 / 4;
                if (t2 == t1) continue;
                int y = pos[r][k2];
                int d = swap_delta(r, k1, k2);
                int istabu = tabu[r][x][t2] > it || tabu[r][y][t1] > it;
                if (istabu && cost + d >= bestcost) continue;
                if (d < bd || (d == bd && rnd() % (++nb) == 0)) { if (d < bd) nb = 1; bd = d; br = r; bk1 = k1; bk2 = k2; bsplit = -1; }
            }
        }
        if (nc == 0) break;
        if (bd < (1 << 30)) {
            if (bsplit >= 0) do_split(br, bk1 / 4, bsplit);
            else {
                int x = pos[br][bk1], y = pos[br][bk2];
                do_swap(br, bk1, bk2);
                int ten = TMIN + rnd() % TSPAN;
                tabu[br][x][bk1 / 4] = it + ten;
                tabu[br][y][bk2 / 4] = it + ten;
            }
        }
        if (cost < bestcost) { bestcost = cost; memcpy(best, pos, sizeof best); stall = 0; }
        else if (++stall > STALL) {
            load(best);
            for (int q = 0; q < PERT + (int)(rnd() % 4); q++) {
                int r = rnd() % R, k1 = rnd() % (4 * T), k2 = rnd() % (4 * T);
                if (k1 / 4 != k2 / 4) do_swap(r, k1, k2);
            }
            stall = 0;
        }
    }
    fprintf(stderr, "N=%d R=%d lam=%d pi=%d best=%d iters=%ld\n", N, R, LAM, PI, bestcost, it);
    if (bestcost == 0) {
        for (int r = 0; r < R; r++) {
            for (int k = 0; k < N; k++) printf("%d%c", best[r][k], k + 1 < N ? ' ' : '\n');
        }
    }
    return bestcost == 0 ? 0 : 1;
}
