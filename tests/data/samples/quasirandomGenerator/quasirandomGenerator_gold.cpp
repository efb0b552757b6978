/* CPU reference of the quasirandomGenerator sample (no CUDA). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "quasirandomGenerator_common.h"

static const int LOGP = 3;  // ceil(log2(QRNG_DIMENSIONS))
static int cj[QRNG_RESOLUTION][QRNG_DIMENSIONS];

static void GeneratePolynomials(int buffer[QRNG_DIMENSIONS], bool primitive) {
  int n = 0, k = 4;
  for (; n < QRNG_DIMENSIONS; k++) {
    bool ok = true;
    for (int d = 2; d * d <= k; d++)
      if (k % d == 0) ok = false;
    if (ok || !primitive) buffer[n++] = k;
  }
}

extern "C" void initQuasirandomGenerator(unsigned int table[QRNG_DIMENSIONS][QRNG_RESOLUTION]) {
  int poly[QRNG_DIMENSIONS];
  GeneratePolynomials(poly, false);
  for (int i = 0; i < QRNG_DIMENSIONS; i++)
    for (int j = 0; j < QRNG_RESOLUTION; j++) {
      cj[j][i] = (poly[i] * (j + 1) * 2654435761u) & 0x7fffffff;
      table[i][j] = cj[j][i];
    }
  (void)LOGP;
}

extern "C" float getQuasirandomValue(unsigned int table[QRNG_DIMENSIONS][QRNG_RESOLUTION], int i, int dim) {
  int result = 0;
  for (int bit = 0; bit < QRNG_RESOLUTION; bit++, i >>= 1)
    if (i & 1) result ^= table[dim][bit];
  return (float)(result + 1) * INT_SCALE;
}

extern "C" double getQuasirandomValue63(INT64 i, int dim) {
  const double INT63_SCALE = (1.0 / (double)0x8000000000000001ULL);
  INT64 result = 0;
  for (int bit = 0; bit < QRNG_RESOLUTION; bit++, i >>= 1)
    if (i & 1) result ^= (INT64)cj[bit][dim] << 32;
  return (double)(result + 1) * INT63_SCALE;
}

extern "C" double MoroInvCNDcpu(unsigned int x) {
  const double a1 = 2.50662823884, a2 = -18.61500062529, a3 = 41.39119773534, a4 = -25.44106049637;
  const double b1 = -8.4735109309, b2 = 23.08336743743, b3 = -21.06224101826, b4 = 3.13082909833;
  const double c1 = 0.337475482272615, c2 = 0.976169019091719, c3 = 0.160797971491821;
  const double c4 = 2.76438810333863E-02, c5 = 3.8405729373609E-03, c6 = 3.951896511919E-04;
  const double c7 = 3.21767881768E-05, c8 = 2.888167364E-07, c9 = 3.960315187E-07;
  double z;
  bool negate = false;
  if (x >= 0x80000000UL) {
    x = 0xffffffffUL - x;
    negate = true;
  }
  const double x1 = 1.0 / static_cast<double>(0xffffffffUL);
  const double x2 = x1 / 2.0;
  double p1 = x * x1 + x2;
  double p2 = p1 - 0.5;
  if (p2 > -0.42) {
    z = p2 * p2;
    z = p2 * (((a4 * z + a3) * z + a2) * z + a1) / ((((b4 * z + b3) * z + b2) * z + b1) * z + 1.0);
  } else {
    z = log(-log(p1));
    z = -(c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * (c6 + z * (c7 + z * (c8 + z * c9))))))));
  }
  return negate ? -z : z;
}
