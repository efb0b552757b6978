#ifndef BINOMIALOPTIONS_COMMON_H
#define BINOMIALOPTIONS_COMMON_H

// Number of time steps, and the largest batch of options one launch prices.
#define NUM_STEPS 2048
#define MAX_OPTIONS 1024

#ifdef DOUBLE_PRECISION
typedef double real;
#else
typedef float real;
#endif

typedef struct {
  real S;
  real X;
  real T;
  real R;
  real V;
} TOptionData;

typedef struct {
  real S;
  real X;
  real vDt;
  real puByDf;
  real pdByDf;
} __TOptionData;

extern "C" void binomialOptionsGPU(real *callValue, TOptionData *optionData, int optN);

#endif
