/* Offline search for cyclic whist starters with a multiplier symmetry
 * (developer tool: not built at install, not imported by the app; its output
 * is pasted into ../_starters.py, where designs.py re-verifies it).
 *
 * KIND rot (N = 0 mod 4, players Z_{N-1} + infinity), cyc1 (N = 1 mod 4,
 * players Z_N, 0 sits out) or rot1 (N = 1 mod 4, players Z_{N-1} + infinity,
 * 0 sits out; a fixed extra round of the cosets of the subgroup of order 4,
 * see ../_rgdd.py, covers the pairs at difference (N-1)/2 once as partners
 * and at +-(N-1)/4 once as opponents, so those classes have smaller targets). W is a unit of the group Z_m; its orbits on Z_m
 * split into full orbits (size = order of W) and short ones (fixed points
 * etc.). All short orbits, infinity and a few full orbits form "special"
 * tables searched freely; the other full orbits are grouped four at a time
 * into base tables T, and W^i T (i < order) are all tables of the starter.
 * Simulated annealing (fixed temperature T, restarts) on the count of
 * violated difference slots (each class once as partners, twice as
 * opponents). Composite m with W having many fixed points works best
 * (e.g. Wh(56): m = 55, W = 16 fixes 11Z_55 and is found at once).
 *
 * Build: cc -O2 -o /tmp/whist_symsearch whist_symsearch.c -lm
 * Usage: whist_symsearch KIND N W SEED SECONDS TEMP [EXTRA_ORBITS]
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
static int ns,nb; static int (*sp)[4]; static int (*bt)[4]; /* base tables hold elements */
static inline int mul(int x,int i){return x<0?x:(int)((long long)x*wp[i]%m);}
static int applyb(int b,int s){int d=0,t[4];for(int i=0;i<f;i++){for(int j=0;j<4;j++)t[j]=mul(bt[b][j],i);d+=apply(t,s);}return d;}
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
  /* orbits */
  int *seen=calloc(m,sizeof(int)); int S[2048],nS=0, full[2048],nf=0;
  if(isrot||isrot1)S[nS++]=-1; if(!isrot)seen[0]=1;
  for(int x=0;x<m;x++){if(seen[x])continue;int sz=0;long long y=x;do{seen[y]=1;sz++;y=y*w%m;}while(y!=x);
    if(sz==f)full[nf++]=x;else{long long z=x;do{S[nS++]=z;z=z*w%m;}while(z!=x);}}
  /* shuffle full orbit leaders, then move j orbits to S */
  for(int i=nf-1;i>0;i--){int j=rnd()%(i+1);int t=full[i];full[i]=full[j];full[j]=t;}
  int j=argc>7?atoi(argv[7]):0;while(j<=nf&&((nS+j*f)%4||(nf-j)%4))j++;
  if(j>nf){fprintf(stderr,"no layout nS=%d nf=%d f=%d\n",nS,nf,f);return 2;}
  for(int a=0;a<j;a++){int x=full[nf-1-a];for(int i=0;i<f;i++)S[nS++]=mul(x,i);} nf-=j;
  ns=nS/4;nb=nf/4;fprintf(stderr,"f=%d special tables %d base tables %d\n",f,ns,nb);
  sp=malloc(sizeof(int[4])*(ns+1));bt=malloc(sizeof(int[4])*(nb+1));
  clock_t st=clock();long long steps=0;
  int nsl=ns*4, nbl=nb*4;
  while((double)(clock()-st)/CLOCKS_PER_SEC<secs){
    for(int i=nS-1;i>0;i--){int jj=rnd()%(i+1);int t=S[i];S[i]=S[jj];S[jj]=t;}
    for(int i=0;i<nS;i++)sp[i/4][i%4]=S[i];
    for(int i=nf-1;i>0;i--){int jj=rnd()%(i+1);int t=full[i];full[i]=full[jj];full[jj]=t;}
    for(int i=0;i<nf;i++)bt[i/4][i%4]=mul(full[i],rnd()%f);
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
      } else if(r<nsl+nbl){ int p1=r-nsl,p2=rnd()%nbl;int t1=p1/4,s1=p1%4,t2=p2/4,s2=p2%4;if(p1==p2)continue;
        int tmp;
        if(t1==t2){d=applyb(t1,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t1][s2];bt[t1][s2]=tmp;d+=applyb(t1,1);}
        else{d=applyb(t1,-1)+applyb(t2,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t2][s2];bt[t2][s2]=tmp;d+=applyb(t1,1)+applyb(t2,1);}
        if(d<=0||urand()<exp(-d/T0))cost+=d;
        else{if(t1==t2){applyb(t1,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t1][s2];bt[t1][s2]=tmp;applyb(t1,1);}else{applyb(t1,-1);applyb(t2,-1);tmp=bt[t1][s1];bt[t1][s1]=bt[t2][s2];bt[t2][s2]=tmp;applyb(t1,1);applyb(t2,1);}}
      } else { int p=r-nsl-nbl;int t1=p/4,s1=p%4;int e=1+rnd()%(f-1);int old=bt[t1][s1];
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
      for(int b=0;b<nb;b++)for(int i=0;i<f;i++){printf(", [%d, %d, %d, %d]",mul(bt[b][0],i),mul(bt[b][1],i),mul(bt[b][2],i),mul(bt[b][3],i));}
      printf("])\n");fprintf(stderr,"# %s %d w=%d found %.1fs steps %lld\n",kind,n,w,(double)(clock()-st)/CLOCKS_PER_SEC,steps);return 0;}
    fprintf(stderr,"restart best %d\n",best);
  }
  fprintf(stderr,"# %s %d not found\n",kind,n);return 1;}
