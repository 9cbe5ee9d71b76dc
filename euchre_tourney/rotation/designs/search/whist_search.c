/* Offline search for cyclic whist starters (developer tool; see
 * starter_search.py beside this file for the problem statement; this
 * is the same annealing written in C for speed). Output: one Python literal
 * line ('kind', n, [[N,E,S,W], ...]) with -1 for infinity, or nothing.
 * Build: cc -O2 -o /tmp/whist_search whist_search.c -lm
 * Usage: whist_search KIND N SEED MAXSTEPS TEMP FIXINF   (KIND rot|cyc1|cyc2)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define INF (-1)
static unsigned long long rs;
static inline unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static int m, ncls, *cls, *tp, *to, *pc, *oc, (*tab)[4], ntab;
static const int PAIRS[6][3] = {{0,2,1},{1,3,1},{0,1,0},{0,3,0},{2,1,0},{2,3,0}};

static int apply(int *t, int sign) {
    int delta = 0;
    for (int k = 0; k < 6; k++) {
        int x = t[PAIRS[k][0]], y = t[PAIRS[k][1]];
        if (x < 0 || y < 0) continue;
        int c = cls[((x - y) % m + m) % m];
        int *cnt = PAIRS[k][2] ? pc : oc; int tv = PAIRS[k][2] ? tp[c] : to[c];
        int v = cnt[c]; cnt[c] = v + sign;
        delta += abs(v + sign - tv) - abs(v - tv);
    }
    return delta;
}

int main(int argc, char **argv) {
    if (argc < 7) return 2;
    const char *kind = argv[1]; int n = atoi(argv[2]); rs = 88172645463325252ULL ^ (unsigned long long)atoll(argv[3]) * 2654435761ULL;
    long long maxsteps = atoll(argv[4]); double temp = atof(argv[5]); int fixinf = atoi(argv[6]);
    int isrot = !strcmp(kind, "rot"), is2 = !strcmp(kind, "cyc2");
    m = isrot ? n - 1 : n;
    int half = m / 2; ncls = half + 1;
    cls = malloc(sizeof(int) * m); tp = calloc(ncls, sizeof(int)); to = calloc(ncls, sizeof(int));
    pc = calloc(ncls, sizeof(int)); oc = calloc(ncls, sizeof(int));
    for (int d = 0; d < m; d++) cls[d] = d < m - d ? d : m - d;
    for (int c = 1; c < ncls; c++) { tp[c] = 1; to[c] = 2; }
    if (is2) { tp[half] = 0; to[half] = 0; }
    int elems[512], ne = 0;
    if (isrot) { if (fixinf) { for (int x = 3; x < m; x++) elems[ne++] = x; } else { elems[ne++] = INF; for (int x = 0; x < m; x++) elems[ne++] = x; } }
    else { for (int x = 1; x < m; x++) if (!(is2 && x == half)) elems[ne++] = x; }
    int nfixed = (isrot && fixinf) ? 1 : 0;
    ntab = nfixed + ne / 4;
    tab = malloc(sizeof(int[4]) * ntab);
    if (nfixed) { tab[0][0] = INF; tab[0][1] = 1; tab[0][2] = 0; tab[0][3] = 2; }
    double prob[64]; for (int d = 0; d < 64; d++) prob[d] = exp(-d / temp);
    int slots[1024][2], ns;
    long long step = 0;
    for (int restart = 0; step < maxsteps; restart++) {
        for (int i = ne - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = elems[i]; elems[i] = elems[j]; elems[j] = t; }
        if (isrot && !fixinf) { /* put INF first so it lands at a North seat */
            for (int i = 0; i < ne; i++) if (elems[i] == INF) { elems[i] = elems[0]; elems[0] = INF; }
        }
        for (int i = 0; i < ne; i++) tab[nfixed + i / 4][i % 4] = elems[i];
        memset(pc, 0, sizeof(int) * ncls); memset(oc, 0, sizeof(int) * ncls);
        int cost = 0; for (int c = 1; c < ncls; c++) cost += tp[c] + to[c];
        for (int t = 0; t < ntab; t++) cost += apply(tab[t], 1);
        ns = 0;
        for (int t = nfixed; t < ntab; t++) for (int s = 0; s < 4; s++) if (tab[t][s] != INF) { slots[ns][0] = t; slots[ns][1] = s; ns++; }
        int best = cost; long long lastimp = step;
        static long long tabu[1024]; memset(tabu, 0, sizeof(tabu));
        while (cost > 0 && step < maxsteps && step - lastimp < 200000LL) {
            step++;
            /* collect seats in pairs whose difference class is over its target */
            int cand[1024], nc = 0;
            for (int t = nfixed; t < ntab; t++) for (int k = 0; k < 6; k++) {
                int x = tab[t][PAIRS[k][0]], y = tab[t][PAIRS[k][1]];
                if (x < 0 || y < 0) continue;
                int c = cls[((x - y) % m + m) % m];
                int over = PAIRS[k][2] ? pc[c] > tp[c] : oc[c] > to[c];
                if (over) { cand[nc++] = t * 4 + PAIRS[k][0]; cand[nc++] = t * 4 + PAIRS[k][1]; }
            }
            if (nc == 0) break;
            int pick = cand[rnd() % nc]; int t1 = pick / 4, s1 = pick % 4;
            if (tab[t1][s1] == INF) continue;
            int bestd = 1 << 30, bestb = -1, nties = 0;
            for (int b = 0; b < ns; b++) {
                int t2 = slots[b][0], s2 = slots[b][1];
                if (t2 == t1 && s2 == s1) continue;
                int *T1 = tab[t1], *T2 = tab[t2], d, tmp;
                if (t1 == t2) { d = apply(T1, -1); tmp = T1[s1]; T1[s1] = T1[s2]; T1[s2] = tmp; d += apply(T1, 1);
                    apply(T1, -1); tmp = T1[s1]; T1[s1] = T1[s2]; T1[s2] = tmp; apply(T1, 1); }
                else { d = apply(T1, -1) + apply(T2, -1); tmp = T1[s1]; T1[s1] = T2[s2]; T2[s2] = tmp; d += apply(T1, 1) + apply(T2, 1);
                    apply(T1, -1); apply(T2, -1); tmp = T1[s1]; T1[s1] = T2[s2]; T2[s2] = tmp; apply(T1, 1); apply(T2, 1); }
                int e2 = tab[t2][s2] + 1;
                if (tabu[e2] > step && cost + d >= best) continue;
                if (d < bestd) { bestd = d; bestb = b; nties = 1; }
                else if (d == bestd && rnd() % (++nties) == 0) bestb = b;
            }
            if (bestb < 0) continue;
            {
                int t2 = slots[bestb][0], s2 = slots[bestb][1];
                int *T1 = tab[t1], *T2 = tab[t2], tmp;
                int e1 = T1[s1] + 1, e2 = T2[s2] + 1;
                if (t1 == t2) { apply(T1, -1); tmp = T1[s1]; T1[s1] = T1[s2]; T1[s2] = tmp; apply(T1, 1); }
                else { apply(T1, -1); apply(T2, -1); tmp = T1[s1]; T1[s1] = T2[s2]; T2[s2] = tmp; apply(T1, 1); apply(T2, 1); }
                cost += bestd;
                tabu[e1] = step + 5 + rnd() % (int)(temp * 1 + 1);
                tabu[e2] = step + 5 + rnd() % (int)(temp * 1 + 1);
                if (cost < best) { best = cost; lastimp = step; }
            }
        }
        if (cost == 0) {
            printf("('%s', %d, [", kind, n);
            for (int t = 0; t < ntab; t++) printf("%s[%d, %d, %d, %d]", t ? ", " : "", tab[t][0], tab[t][1], tab[t][2], tab[t][3]);
            printf("])\n");
            fprintf(stderr, "# %s %d found after %lld steps, %d restarts\n", kind, n, step, restart);
            return 0;
        }
    }
    fprintf(stderr, "# %s %d not found\n", kind, n);
    return 1;
}
