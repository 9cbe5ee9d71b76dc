/* Offline search for cyclic whist starters with a multiplier symmetry
 * (developer tool: not built at install, not imported by the app; its output
 * is pasted into ../data/whist_starters.json, where ../cyclic.py re-verifies it).
 *
 * KIND rot (N = 0 mod 4, players Z_{N-1} + infinity), cyc1 (N = 1 mod 4,
 * players Z_N, 0 sits out) or rot1 (N = 1 mod 4, players Z_{N-1} + infinity,
 * 0 sits out; a fixed extra round of the cosets of the subgroup of order 4,
 * see ../cyclic.py, covers the pairs at difference (N-1)/2 once as partners
 * and at +-(N-1)/4 once as opponents, so those classes have smaller targets). W is a unit of the group Z_m; its orbits on Z_m
 * split into full orbits (size = order of W) and short ones (fixed points
 * etc.). All short orbits, infinity and a few full orbits form "special"
 * tables searched freely; the other full orbits are grouped four at a time
 * into base tables T, and W^i T (i < order) are all tables of the starter.
 * Orbits of every size s > 1 (not only full ones) are grouped four at a time
 * into base tables of period s; leftovers (count mod 4) become special.
 * A base table is only useful if each of its six differences d has an orbit
 * of full length s with -d outside it: a multiplier fixing a difference class
 * makes the table repeat it. So in Z_{2^k} (Wh(129) as rot1 over Z_128) no
 * multiplier helps, and for Z_92 only the order-11 ones are admissible.
 * Simulated annealing (fixed temperature T, restarts) on the count of
 * violated difference slots (each class once as partners, twice as
 * opponents). Composite m with W having many fixed points works best
 * (e.g. Wh(56): m = 55, W = 16 fixes 11Z_55 and is found at once).
 *
 * Build: cc -O2 -o /tmp/whist_symsearch whist_symsearch.c -lm
 * Usage: whist_symsearch KIND N W SEED SECONDS TEMP [EXTRA]
 *   (EXTRA: move 4*EXTRA more full orbits to the special tables)
 * Output: one Python literal line ('kind', N, [[N,E,S,W], ...]), -1 = infinity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
static unsigned long long rs;
static inline unsigned long long rnd(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double urand(void){return (rnd()>>11)*(1.0/9007199254740992.0);}
static int m,f,*cls,*pc,*oc,*tp,*to,wp[64];
static const int PAIRS[6][3]={{0,2,1},{1,3,1},{0,1,0},{0,3,0},{2,1,0},{2,3,0}};
static inline int c1(int*cnt,int c,int tv,int s){int v=cnt[c];cnt[c]=v+s;return abs(v+s-tv)-abs(v-tv);}
static int apply(const int*t,int s){int d=0;for(int k=0;k<6;k++){int x=t[PAIRS[k][0]],y=t[PAIRS[k][1]];if(x<0||y<0)continue;int c=cls[(x-y+m)%m];d+=PAIRS[k][2]?c1(pc,c,tp[c],s):c1(oc,c,to[c],s);}return d;}
static int ns,nb; static int (*sp)[4]; static int (*bt)[4]; static int *fb,*blo,*bhi; /* base tables hold elements; fb = period, [blo,bhi) = tables of that period */
static inline int mul(int x,int i){return x<0?x:(int)((long long)x*wp[i]%m);}
static int applyb(int b,int s){int d=0,t[4];for(int i=0;i<fb[b];i++){for(int j=0;j<4;j++)t[j]=mul(bt[b][j],i);d+=apply(t,s);}return d;}
int main(int argc,char**argv){
  const char*kind=argv[1];int n=atoi(argv[2]);int w=atoi(argv[3]);rs=0x9E3779B97F4A7C15ULL*(atoll(argv[4])+7);double secs=atof(argv[5]);double T0=atof(argv[6]);
  int isrot=!strcmp(kind,"rot"),isrot1=!strcmp(kind,"rot1");m=(isrot||isrot1)?n-1:n;
  if(isrot1&&(n%4!=1||m%4)){fprintf(stderr,"rot1 needs N = 1 mod 4\n");return 2;}
  f=1;{long long x=w%m;while(x!=1){x=x*w%m;f++;if(f>60){fprintf(stderr,"order too big\n");return 2;}}}
  wp[0]=1;for(int i=1;i<f;i++)wp[i]=(long long)wp[i-1]*w%m;
  cls=malloc(sizeof(int)*m);for(int d=0;d<m;d++)cls[d]=d<m-d?d:m-d;pc=calloc(m,sizeof(int));oc=calloc(m,sizeof(int));
  tp=calloc(m,sizeof(int));to=calloc(m,sizeof(int));int tsum=0;
  for(int c=1;c<=m/2;c++){tp[c]=1;to[c]=2;}
  if(isrot1){tp[m/4]=1;to[m/4]=1;tp[m/2]=0;to[m/2]=1;} /* the fixed round covers the rest */
  for(int c=1;c<=m/2;c++)tsum+=tp[c]+to[c];
  /* orbits: fixed points go to the special tables; orbits of each size s > 1
     are grouped four at a time into base tables of period s, the leftover
     (count mod 4, plus 4*EXTRA of the size-f orbits) going to the special tables */
  int *seen=calloc(m,sizeof(int)); int S[4096],nS=0, lead[4096],lsz[4096],nl=0;
  if(isrot||isrot1)S[nS++]=-1;
  if(!isrot)seen[0]=1;
  for(int x=0;x<m;x++){if(seen[x])continue;int sz=0;long long y=x;do{seen[y]=1;sz++;y=y*w%m;}while(y!=x);
    if(sz>1){lead[nl]=x;lsz[nl++]=sz;}else S[nS++]=x;}
  int extra=argc>7?atoi(argv[7]):0;
  int full[4096],ffb[4096],nf=0;
  for(int sz=f;sz>1;sz--){
    int L[4096],c=0;for(int i=0;i<nl;i++)if(lsz[i]==sz)L[c++]=lead[i];
    if(!c)continue;
    for(int i=c-1;i>0;i--){int j=rnd()%(i+1);int t=L[i];L[i]=L[j];L[j]=t;}
    int mv=c%4+(sz==f?4*extra:0);if(mv>c)mv=c;
    for(int a=0;a<mv;a++){for(int i=0;i<sz;i++)S[nS++]=mul(L[c-1-a],i);}
    for(int a=0;a<c-mv;a++){full[nf]=L[a];ffb[nf++]=sz;}
  }
  if(nS%4||nf%4){fprintf(stderr,"no layout nS=%d nf=%d\n",nS,nf);return 2;}
  ns=nS/4;nb=nf/4;
  sp=malloc(sizeof(int[4])*(ns+1));bt=malloc(sizeof(int[4])*(nb+1));
  fb=malloc(sizeof(int)*(nb+1));blo=malloc(sizeof(int)*(nb+1));bhi=malloc(sizeof(int)*(nb+1));
  for(int b=0;b<nb;b++)fb[b]=ffb[4*b];
  for(int b=0;b<nb;b++){int lo=b,hi=b;while(lo>0&&fb[lo-1]==fb[b])lo--;while(hi<nb&&fb[hi]==fb[b])hi++;blo[b]=lo;bhi[b]=hi;}
  {int tabs=ns;for(int b=0;b<nb;b++)tabs+=fb[b];fprintf(stderr,"f=%d special tables %d base tables %d (%d tables in all)\n",f,ns,nb,tabs);}
  clock_t st=clock();long long steps=0;
  int nsl=ns*4, nbl=nb*4;
  while((double)(clock()-st)/CLOCKS_PER_SEC<secs){
    for(int i=nS-1;i>0;i--){int jj=rnd()%(i+1);int t=S[i];S[i]=S[jj];S[jj]=t;}
    for(int i=0;i<nS;i++)sp[i/4][i%4]=S[i];
    for(int i=nf-1;i>0;i--){int lo=4*blo[i/4];int jj=lo+rnd()%(i-lo+1);int t=full[i];full[i]=full[jj];full[jj]=t;}
    for(int i=0;i<nf;i++)bt[i/4][i%4]=mul(full[i],rnd()%ffb[i]);
    memset(pc,0,sizeof(int)*m);memset(oc,0,sizeof(int)*m);
    int cost=tsum;
    for(int t=0;t<ns;t++)cost+=apply(sp[t],1);
    for(int b=0;b<nb;b++)cost+=applyb(b,1);
    int best=cost;long long lastimp=0;
    for(long long it=0;cost>0;it++){
      int r=rnd()%(nsl+nbl+nbl);int d;
      if(r<nsl){ /* swap in special */
        int p1=r,p2=rnd()%nsl;int t1=p1/4,s1=p1%4,t2=p2/4,s2=p2%4;if(p1==p2)continue;
        int*A=sp[t1],*B=sp[t2],tmp;
        if(t1==t2){d=apply(A,-1);tmp=A[s1];A[s1]=A[s2];A[s2]=tmp;d+=apply(A,1);}
        else{d=apply(A,-1)+apply(B,-1);tmp=A[s1];A[s1]=B[s2];B[s2]=tmp;d+=apply(A,1)+apply(B,1);}
        if(d<=0||urand()<exp(-d/T0))cost+=d;
        else{if(t1==t2){apply(A,-1);tmp=A[s1];A[s1]=A[s2];A[s2]=tmp;apply(A,1);}else{apply(A,-1);apply(B,-1);tmp=A[s1];A[s1]=B[s2];B[s2]=tmp;apply(A,1);apply(B,1);}}
      } else if(r<nsl+nbl){ int p1=r-nsl;int t1=p1/4,s1=p1%4;int p2=4*blo[t1]+rnd()%(4*(bhi[t1]-blo[t1]));int t2=p2/4,s2=p2%4;if(p1==p2)continue;
        int tmp;
        if(t1==t2){d=applyb(t1,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t1][s2];bt[t1][s2]=tmp;d+=applyb(t1,1);}
        else{d=applyb(t1,-1)+applyb(t2,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t2][s2];bt[t2][s2]=tmp;d+=applyb(t1,1)+applyb(t2,1);}
        if(d<=0||urand()<exp(-d/T0))cost+=d;
        else{if(t1==t2){applyb(t1,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t1][s2];bt[t1][s2]=tmp;applyb(t1,1);}else{applyb(t1,-1);applyb(t2,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t2][s2];bt[t2][s2]=tmp;applyb(t1,1);applyb(t2,1);}}
      } else { int p=r-nsl-nbl;int t1=p/4,s1=p%4;int e=1+rnd()%(fb[t1]-1);int old=bt[t1][s1];
        d=applyb(t1,-1);bt[t1][s1]=mul(old,e);d+=applyb(t1,1);
        if(d<=0||urand()<exp(-d/T0))cost+=d;else{applyb(t1,-1);bt[t1][s1]=old;applyb(t1,1);}
      }
      if(cost<best){best=cost;lastimp=it;}
      steps++;
      if(it-lastimp>5000000LL)break;
      if((it&0xFFFFF)==0&&(double)(clock()-st)/CLOCKS_PER_SEC>secs)break;
    }
    if(cost==0){
      printf("('%s', %d, [",kind,n);int first=1;
      for(int t=0;t<ns;t++){printf("%s[%d, %d, %d, %d]",first?"":", ",sp[t][0],sp[t][1],sp[t][2],sp[t][3]);first=0;}
      for(int b=0;b<nb;b++)for(int i=0;i<fb[b];i++){printf(", [%d, %d, %d, %d]",mul(bt[b][0],i),mul(bt[b][1],i),mul(bt[b][2],i),mul(bt[b][3],i));}
      printf("])\n");fprintf(stderr,"# %s %d w=%d found %.1fs steps %lld\n",kind,n,w,(double)(clock()-st)/CLOCKS_PER_SEC,steps);return 0;}
    fprintf(stderr,"restart best %d\n",best);
  }
  fprintf(stderr,"# %s %d not found\n",kind,n);return 1;}
