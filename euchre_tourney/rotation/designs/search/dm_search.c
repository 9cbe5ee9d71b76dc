/* Offline search for an (n, 5, 1) difference matrix over Z_n (developer tool:
 * not built at install, not imported by the app; a found matrix goes into
 * ../data/difference_matrices.json; ../transversal.py re-verifies it and turns
 * it into an RTD(4, n) for the mixed inflation of ../inflation.py).
 *
 * Rows 0 and 1 are fixed to 0 and to 0, 1, ..., n-1; rows 2..4 are
 * permutations of Z_n. Cost: for the pairs of rows (1,k) and (h,k), h, k >= 2,
 * the number of repeated differences. Simulated annealing at fixed
 * temperature T over swaps of two entries of one row, restart after 2e7
 * steps without improvement.
 *
 * Status: finds n = 11 in about 1 s and n = 13 within a minute, but not n = 17
 * in 50 s, so the sizes needed (21 for Wh(84), Wh(168); 33 for Wh(132)) are
 * out of reach this way. An equivariant search (rows commuting with a
 * multiplier w = 2, 5, 11, 17 of Z_21) has no solution either; a quasi-
 * difference matrix / V(m, t) construction is the next thing to try.
 *
 * Build: cc -O2 -o /tmp/dm_search dm_search.c -lm
 * Usage: dm_search N SEED SECONDS TEMP        (TEMP about 0.6)
 * Output: one Python literal line (n, [row0, ..., row4]) or nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
static unsigned long long rs;
static inline unsigned long long rnd(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double urand(void){return (rnd()>>11)*(1.0/9007199254740992.0);}
#define MAXN 256
static int n, R[5][MAXN];
static int cnt[5][5][MAXN];
static inline int dif(int h,int k,int j){int d=R[k][j]-R[h][j];return d<0?d+n:d;}
static inline int add(int h,int k,int j,int s){int d=dif(h,k,j);int v=cnt[h][k][d];cnt[h][k][d]=v+s;return s>0?(v>=1):(v>=2);}
static int touch(int r,int j,int s){int c=0;for(int h=1;h<5;h++){if(h==r)continue;int a=h<r?h:r,b=h<r?r:h;c+=s*add(a,b,j,s);}return c;}
int main(int argc,char**argv){
  n=atoi(argv[1]);rs=0x9E3779B97F4A7C15ULL*(atoll(argv[2])+11);double secs=atof(argv[3]);double T=atof(argv[4]);
  clock_t st=clock();
  for(int restart=0;(double)(clock()-st)/CLOCKS_PER_SEC<secs;restart++){
    for(int j=0;j<n;j++){R[0][j]=0;R[1][j]=j;}
    for(int r=2;r<5;r++){for(int j=0;j<n;j++)R[r][j]=j;for(int j=n-1;j>0;j--){int i=rnd()%(j+1);int t=R[r][i];R[r][i]=R[r][j];R[r][j]=t;}}
    memset(cnt,0,sizeof cnt);
    int cost=0;for(int h=1;h<5;h++)for(int k=h+1;k<5;k++)for(int j=0;j<n;j++)cost+=add(h,k,j,1);
    int best=cost;long long last=0;
    for(long long it=0;cost>0;it++){
      if(it-last>20000000)break;
      int r=2+rnd()%3,j1=rnd()%n,j2=rnd()%n;if(j1==j2)continue;
      int d=touch(r,j1,-1)+touch(r,j2,-1);int t=R[r][j1];R[r][j1]=R[r][j2];R[r][j2]=t;d+=touch(r,j1,1)+touch(r,j2,1);
      if(d<=0||urand()<exp(-d/T)){cost+=d;if(cost<best){best=cost;last=it;}}
      else{touch(r,j1,-1);touch(r,j2,-1);t=R[r][j1];R[r][j1]=R[r][j2];R[r][j2]=t;touch(r,j1,1);touch(r,j2,1);}
    }
    fprintf(stderr,"restart %d best %d\n",restart,best);
    if(cost==0){
      printf("(%d, [",n);for(int r=0;r<5;r++){printf("%s[",r?", ":"");for(int j=0;j<n;j++)printf("%s%d",j?", ":"",R[r][j]);printf("]");}printf("])\n");
      fprintf(stderr,"# n=%d found %.1fs, %d restarts\n",n,(double)(clock()-st)/CLOCKS_PER_SEC,restart);return 0;}
  }
  return 1;
}
