// Integer and floating-point intrinsics, the way hashing, compression and
// fast-math code use them: bit reversal, byte permutes, funnel shifts, high
// halves of products, sums of absolute differences, reinterpretation and
// rounding-mode conversions; each checked against a host computation.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

struct Results {
  unsigned int brev, perm, funnelL, funnelR, mulhi, mul24, sad, popc, clz, ffs;
  unsigned long long brevll, mul64hi;
  int clzll, ffsll, popcll;
  float fdiv, sat, rcp, fsqrt, fmaRn, sinpi, cospi, ncdf, erfcinv, rsq;
  int f2i_rn, f2i_rz, hi, lo;
  double hilo, dsqrt;
  unsigned int f2u_rd;
  long long f2ll_ru;
};

__global__ void intrinsics(Results *r, unsigned int a, unsigned int b,
                           float x, float y, double d) {
  if (threadIdx.x != 0) return;
  r->brev = __brev(a);
  r->perm = __byte_perm(a, b, 0x5140);
  r->funnelL = __funnelshift_l(a, b, 7);
  r->funnelR = __funnelshift_rc(a, b, 40);
  r->mulhi = __umulhi(a, b);
  r->mul24 = __umul24(a, b);
  r->sad = __usad(a, b, 3u);
  r->popc = __popc(a);
  r->clz = __clz(a);
  r->ffs = __ffs(a);
  r->brevll = __brevll((unsigned long long)a << 32 | b);
  r->mul64hi = __umul64hi((unsigned long long)a << 20, (unsigned long long)b << 30);
  r->clzll = __clzll((long long)b);
  r->ffsll = __ffsll((long long)a << 33);
  r->popcll = __popcll((unsigned long long)a * b);
  r->fdiv = __fdividef(x, y);
  r->sat = __saturatef(x - 2.0f);
  r->rcp = __frcp_rn(y);
  r->fsqrt = __fsqrt_rn(x);
  r->fmaRn = __fmaf_rn(x, y, 1.0f);
  sincospif(0.25f, &r->sinpi, &r->cospi);
  r->ncdf = normcdff(x - 2.0f);
  r->erfcinv = erfcinvf(0.5f);
  r->rsq = rsqrtf(y);
  r->f2i_rn = __float2int_rn(2.5f);
  r->f2i_rz = __float2int_rz(-2.7f);
  r->f2u_rd = __float2uint_rd(3.9f);
  r->f2ll_ru = __float2ll_ru(3.1f);
  r->hi = __double2hiint(d);
  r->lo = __double2loint(d);
  r->hilo = __hiloint2double(r->hi, r->lo);
  r->dsqrt = __dsqrt_rn(d);
}

static unsigned int hostBrev(unsigned int v) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
  return r;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  Results *d_r, h_r;
  checkCudaErrors(cudaMalloc(&d_r, sizeof(Results)));
  const unsigned int a = 0x12345678u, b = 0x9abcdef0u;
  intrinsics<<<1, 32>>>(d_r, a, b, 3.0f, 1.5f, 2.0);
  getLastCudaError("intrinsics launch failed");
  checkCudaErrors(cudaMemcpy(&h_r, d_r, sizeof(Results), cudaMemcpyDeviceToHost));

  int fails = 0;
#define EXPECT(cond)                                       \
  if (!(cond)) {                                           \
    printf("FAILED: %s (line %d)\n", #cond, __LINE__);     \
    ++fails;                                               \
  }
  EXPECT(h_r.brev == hostBrev(a));
  EXPECT(h_r.mulhi == (unsigned int)(((uint64_t)a * b) >> 32));
  EXPECT(h_r.mul24 == (unsigned int)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) & 0xffffffff));
  EXPECT(h_r.popc == (unsigned int)__builtin_popcount(a));
  EXPECT(h_r.clz == (unsigned int)__builtin_clz(a));
  EXPECT(h_r.ffs == (unsigned int)__builtin_ffs(a));
  EXPECT(h_r.f2i_rn == 2);
  EXPECT(h_r.f2i_rz == -2);
  EXPECT(h_r.f2u_rd == 3u);
  EXPECT(h_r.f2ll_ru == 4);
  EXPECT(h_r.hilo == 2.0);
  EXPECT(fabs(h_r.dsqrt - sqrt(2.0)) < 1e-15);
  EXPECT(fabsf(h_r.sinpi - sqrtf(0.5f)) < 1e-6f);
  EXPECT(h_r.sat == 1.0f);
  printf("perm=%08x funnel=%08x/%08x sad=%u brevll=%016llx mul64hi=%llx\n",
         h_r.perm, h_r.funnelL, h_r.funnelR, h_r.sad, h_r.brevll, h_r.mul64hi);
  printf("fdiv=%f rcp=%f ncdf=%f erfcinv=%f rsq=%f\n", h_r.fdiv, h_r.rcp,
         h_r.ncdf, h_r.erfcinv, h_r.rsq);
  checkCudaErrors(cudaFree(d_r));
  printf("%s\n", fails ? "FAILED" : "PASSED");
  return fails ? EXIT_FAILURE : EXIT_SUCCESS;
}
