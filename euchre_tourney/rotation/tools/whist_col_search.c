/* Offline search for a column starter of Wh(8u) (developer tool: not built
 * at install, not imported by the app; its output is pasted into
 * ../_starters.py as COLUMN_STARTERS, where ../_columns.py rebuilds the
 * design and designs.py re-verifies it). The design and its group G
 * (x -> w^i x + t on the columns Z_u, optionally the level involution PI)
 * are described in ../_columns.py; whist_col_sat.py is the same model as SAT.
 *
 * State: ND developed base rounds (seatings of all 8u players) and NF fixed
 * base rounds (a seating of the 8 levels and an offset per level). Cost: for
 * every orbit of pairs of players of different columns |partner pairs - 1|
 * + |opponent pairs - 2| among the base tables, plus every pair of players
 * of one column at a base table. Moves: swap two players of a developed
 * round; swap two levels or change one offset of a fixed round. Simulated
 * annealing at a fixed temperature, restarting after 4 million steps
 * without a new best.
 *
 * Build: cc -O2 -o /tmp/whist_col_search whist_col_search.c -lm
 * Usage: whist_col_search U W PI SEED SECONDS TEMP [FOCUS [KICKS [DUMP]]]
 *   (DUMP: also print "# best N" and the run's best state whenever a run
 *   ends at cost N <= DUMP, for whist_col_sat's neighbourhood search; KICKS,
 *   default 0: on stagnation go back to the best state of the run, swap 20
 *   random pairs and go on, up to KICKS times before a fresh start; FOCUS, default
 *   0.5: share of developed-round moves that repair a random violated orbit,
 *   seating one of its pairs at a table or breaking one up; PI: '-' or a level
 *   involution that permutes the rounds of the stored Wh(8), e.g. 10576243)
 * Output: one Python literal line (u, w, pi, developed, fixed), tables
 * [N, E, S, W] of player numbers j*u + x. Wh(104): u = 13, w = 3, T = 0.3,
 * about 80 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

static unsigned long long rs;
static inline unsigned long long rnd(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double urand(void){return (rnd()>>11)*(1.0/9007199254740992.0);}
static const int PAIRS[6][3]={{0,2,1},{1,3,1},{0,1,0},{0,3,0},{2,1,0},{2,3,0}};
#define L 8
static int U,W,F,NV,ND,NF,T,norb,*orb,*pc,*oc,*tp,*to;
static int (*dev)[4]; /* ND*T tables */
static int *seat,*off; /* NF*8 each: seat[k*8+s] = level; off[k*8+j] */

static inline int c1(int*cnt,int o,int tv,int s){int v=cnt[o];cnt[o]=v+s;return abs(v+s-tv)-abs(v-tv);}
static int apply4(const int*t,int s){int d=0;for(int k=0;k<6;k++){int o=orb[t[PAIRS[k][0]]*NV+t[PAIRS[k][1]]];d+=PAIRS[k][2]?c1(pc,o,tp[o],s):c1(oc,o,to[o],s);}return d;}
static int applyf(int k,int s){int d=0;for(int h=0;h<2;h++){int t[4];for(int i=0;i<4;i++){int j=seat[k*8+h*4+i];t[i]=j*U+off[k*8+j];}d+=apply4(t,s);}return d;}

static void print_state(int U,int W,int haspi,const int*pi,int (*dv)[4],const int*st,const int*of){
  printf("(%d, %d, ",U,W);
  if(haspi){printf("[");for(int j=0;j<L;j++)printf("%s%d",j?", ":"",pi[j]);printf("], [");}else printf("None, [");
  for(int r=0;r<ND;r++){printf("%s[",r?", ":"");for(int t=0;t<T;t++)printf("%s[%d, %d, %d, %d]",t?", ":"",dv[r*T+t][0],dv[r*T+t][1],dv[r*T+t][2],dv[r*T+t][3]);printf("]");}
  printf("], [");
  for(int k=0;k<NF;k++){printf("%s[",k?", ":"");for(int h=0;h<2;h++){printf("%s[",h?", ":"");for(int i=0;i<4;i++){int j=st[k*8+h*4+i];printf("%s%d",i?", ":"",j*U+of[k*8+j]);}printf("]");}printf("]");}
  printf("])\n");
}

int main(int argc,char**argv){
  if(argc<7){fprintf(stderr,"usage: U W PI SEED SECONDS TEMP\n");return 2;}
  U=atoi(argv[1]);W=atoi(argv[2]);const char*pis=argv[3];rs=0x9E3779B97F4A7C15ULL*(atoll(argv[4])+7);double secs=atof(argv[5]),T0=atof(argv[6]),focus=argc>7?atof(argv[7]):0.5;int nkicks=argc>8?atoi(argv[8]):0,dump=argc>9?atoi(argv[9]):-1;
  int pi[L],haspi=strcmp(pis,"-")!=0;for(int j=0;j<L;j++)pi[j]=haspi?pis[j]-'0':j;
  F=1;{long long x=W%U;while(x!=1){x=x*W%U;F++;if(F>U){fprintf(stderr,"W not a unit\n");return 2;}}}
  NV=L*U;T=NV/4;
  /* the group: x -> a x + t (a in <W>), levels fixed or permuted by pi */
  int NG=F*U*(haspi?2:1);int *grp=malloc(sizeof(int)*NG*NV);
  {int g=0;for(int e=0;e<(haspi?2:1);e++)for(int i=0,a=1;i<F;i++,a=a*W%U)for(int t=0;t<U;t++,g++)for(int p=0;p<NV;p++){int j=p/U,x=p%U;grp[g*NV+p]=(e?pi[j]:j)*U+(a*x+t)%U;}}
  int rest=NV-8;ND=rest/NG;NF=rest-ND*NG;
  if(NF%(NG/U)){fprintf(stderr,"no layout\n");return 2;} NF/=NG/U;
  fprintf(stderr,"u=%d w=%d f=%d |G|=%d: %d developed, %d fixed base rounds\n",U,W,F,NG,ND,NF);
  /* orbits of pairs of players of different columns; orbit 0 = same column (target 0) */
  orb=malloc(sizeof(int)*NV*NV);for(int i=0;i<NV*NV;i++)orb[i]=-1;norb=1;
  int *opa=malloc(sizeof(int)*NV*NV),*opb=malloc(sizeof(int)*NV*NV); /* the NG pairs of each orbit (fewer than NV*NV/NG orbits) */
  for(int p=0;p<NV;p++)for(int q=0;q<NV;q++){
    if(p==q||p%U==q%U){orb[p*NV+q]=0;continue;}
    if(orb[p*NV+q]>=0)continue;
    int id=norb++,cnt=0;
    for(int g=0;g<NG;g++){int a=grp[g*NV+p],b=grp[g*NV+q];if(orb[a*NV+b]<0){orb[a*NV+b]=orb[b*NV+a]=id;opa[id*NG+cnt]=a;opb[id*NG+cnt]=b;cnt++;}}
    if(cnt!=NG){fprintf(stderr,"pair with a stabilizer\n");return 2;}
  }
  pc=calloc(norb,sizeof(int));oc=calloc(norb,sizeof(int));tp=malloc(sizeof(int)*norb);to=malloc(sizeof(int)*norb);
  for(int o=0;o<norb;o++){tp[o]=o?1:0;to[o]=o?2:0;}
  fprintf(stderr,"%d orbits, %d slots; base tables give %d\n",norb-1,3*(norb-1),6*(ND*T+2*NF));
  dev=malloc(sizeof(int)*4*ND*T);seat=malloc(sizeof(int)*8*NF);off=malloc(sizeof(int)*8*NF);
  int (*bdev)[4]=malloc(sizeof(int)*4*ND*T),*bseat=malloc(sizeof(int)*8*NF),*boff=malloc(sizeof(int)*8*NF);
  int *pos=malloc(sizeof(int)*ND*NV),*viol=malloc(sizeof(int)*(norb+1)),*cand=malloc(sizeof(int)*4*NV);
  clock_t st=clock();long long steps=0;int gbest=1<<30;
  while((double)(clock()-st)/CLOCKS_PER_SEC<secs){
    memset(pc,0,sizeof(int)*norb);memset(oc,0,sizeof(int)*norb);
    int cost=0;for(int o=1;o<norb;o++)cost+=3;
    for(int r=0;r<ND;r++){int *perm=malloc(sizeof(int)*NV);for(int i=0;i<NV;i++)perm[i]=i;
      for(int i=NV-1;i>0;i--){int k=rnd()%(i+1);int t=perm[i];perm[i]=perm[k];perm[k]=t;}
      for(int t=0;t<T;t++)for(int s=0;s<4;s++){dev[r*T+t][s]=perm[4*t+s];pos[r*NV+perm[4*t+s]]=t*4+s;}
      free(perm);for(int t=0;t<T;t++)cost+=apply4(dev[r*T+t],1);}
    for(int k=0;k<NF;k++){for(int s=0;s<8;s++)seat[k*8+s]=s;for(int s=7;s>0;s--){int q=rnd()%(s+1);int t=seat[k*8+s];seat[k*8+s]=seat[k*8+q];seat[k*8+q]=t;}
      for(int j=0;j<8;j++)off[k*8+j]=rnd()%U;
      cost+=applyf(k,1);}
    int best=cost,kicks=0;long long since=0;
    memcpy(bdev,dev,sizeof(int)*4*ND*T);memcpy(bseat,seat,sizeof(int)*8*NF);memcpy(boff,off,sizeof(int)*8*NF);
    for(;;){
      if(since>=4000000){ /* stagnation: kick the best state KICKS times, then restart */
        if(kicks>=nkicks)break;
        kicks++;since=0;
        memcpy(dev,bdev,sizeof(int)*4*ND*T);memcpy(seat,bseat,sizeof(int)*8*NF);memcpy(off,boff,sizeof(int)*8*NF);
        for(int r=0;r<ND;r++)for(int t=0;t<T;t++)for(int k=0;k<4;k++)pos[r*NV+dev[r*T+t][k]]=t*4+k;
        for(int i=0;i<20;i++){int r=rnd()%ND,p=rnd()%NV,q=rnd()%NV,pp=pos[r*NV+p],pq=pos[r*NV+q];
          dev[r*T+pp/4][pp%4]=q;dev[r*T+pq/4][pq%4]=p;pos[r*NV+p]=pq;pos[r*NV+q]=pp;}
        memset(pc,0,sizeof(int)*norb);memset(oc,0,sizeof(int)*norb);cost=0;for(int o=1;o<norb;o++)cost+=3;
        for(int r=0;r<ND;r++)for(int t=0;t<T;t++)cost+=apply4(dev[r*T+t],1);
        for(int k=0;k<NF;k++)cost+=applyf(k,1);
      }
      steps++;since++;
      if(cost==0)break;
      if(NF&&rnd()%8==0){
        int k=rnd()%NF,d=applyf(k,-1);
        int a,b,oldo=0,isoff=rnd()%2;
        if(isoff){a=rnd()%8;oldo=off[k*8+a];off[k*8+a]=rnd()%U;}
        else{a=rnd()%8;b=rnd()%8;int t=seat[k*8+a];seat[k*8+a]=seat[k*8+b];seat[k*8+b]=t;}
        d+=applyf(k,1);
        if(d<=0||urand()<exp(-d/T0))cost+=d;
        else{applyf(k,-1);if(isoff)off[k*8+a]=oldo;else{int t=seat[k*8+a];seat[k*8+a]=seat[k*8+b];seat[k*8+b]=t;}applyf(k,1);}
      }else{
        int r=rnd()%ND,p=rnd()%NV,q=rnd()%NV;
        if(urand()<focus){ /* focused: repair one violated orbit */
          int nv=0;for(int o=0;o<norb;o++)if(pc[o]!=tp[o]||oc[o]!=to[o])viol[nv++]=o;
          if(!nv)continue;
          int o=viol[rnd()%nv],over=pc[o]>tp[o]||oc[o]>to[o],under=pc[o]<tp[o]||oc[o]<to[o];
          if(under&&(!over||rnd()%2)){ /* seat a pair of orbit o at one table */
            int k=rnd()%NG,a=opa[o*NG+k],b=opb[o*NG+k];if(rnd()%2){int t=a;a=b;b=t;}
            int pa=pos[r*NV+a],wantp=pc[o]<tp[o]&&(oc[o]>=to[o]||rnd()%2);
            int st=wantp?(pa%4+2)%4:(pa%4+(rnd()%2?1:3))%4;
            p=b;q=dev[r*T+pa/4][st];
          }else{ /* break up a pair of orbit o */
            int np=0;
            for(int t=0;t<T;t++)for(int k=0;k<6;k++){int x=dev[r*T+t][PAIRS[k][0]],y=dev[r*T+t][PAIRS[k][1]];if(orb[x*NV+y]==o)cand[np++]=rnd()%2?x:y;}
            if(!np)continue;
            p=cand[rnd()%np];
          }
        }
        if(p==q)continue;
        int pp=pos[r*NV+p],pq=pos[r*NV+q],tpp=pp/4,tq=pq/4;
        int d=apply4(dev[r*T+tpp],-1);if(tq!=tpp)d+=apply4(dev[r*T+tq],-1);
        dev[r*T+tpp][pp%4]=q;dev[r*T+tq][pq%4]=p;
        d+=apply4(dev[r*T+tpp],1);if(tq!=tpp)d+=apply4(dev[r*T+tq],1);
        if(d<=0||urand()<exp(-d/T0)){cost+=d;pos[r*NV+p]=pq;pos[r*NV+q]=pp;}
        else{apply4(dev[r*T+tpp],-1);if(tq!=tpp)apply4(dev[r*T+tq],-1);dev[r*T+tpp][pp%4]=p;dev[r*T+tq][pq%4]=q;apply4(dev[r*T+tpp],1);if(tq!=tpp)apply4(dev[r*T+tq],1);}
      }
      if(cost<best){best=cost;since=0;memcpy(bdev,dev,sizeof(int)*4*ND*T);memcpy(bseat,seat,sizeof(int)*8*NF);memcpy(boff,off,sizeof(int)*8*NF);}
    }
    if(cost==0){
      print_state(U,W,haspi,pi,dev,seat,off);
      fprintf(stderr,"# found %.1fs steps %lld\n",(double)(clock()-st)/CLOCKS_PER_SEC,steps);return 0;}
    if(best<=dump){printf("# best %d\n",best);print_state(U,W,haspi,pi,bdev,bseat,boff);fflush(stdout);}
    if(best<gbest)gbest=best;
    fprintf(stderr,"restart best %d (overall %d)\n",best,gbest);
  }
  fprintf(stderr,"# not found, best %d\n",gbest);return 1;
}
