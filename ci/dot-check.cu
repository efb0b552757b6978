// Compares the __dp4a/__dp2a_lo/__dp2a_hi definitions hipify-rs inserts (shim_body.h, written by
// ci/dot-check from its own output) with CUDA's, on an NVIDIA GPU: every overload over 2^26
// argument triples (each byte at 0, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40 in every position; random
// words; accumulators near INT_MAX, so sums wrap).
#include <cstdio>
#include <cstdint>
#include "shim_body.h"

__device__ unsigned int pick(unsigned long long k) {
  // Byte values where sign and range change, in every byte; then random words.
  const unsigned int b8[8] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40};
  if (k < 4096) return b8[k % 8] | b8[(k / 8) % 8] << 8 | b8[(k / 64) % 8] << 16 | b8[(k / 512) % 8] << 24;
  unsigned long long x = k * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
  return (unsigned int)x;
}

__global__ void check(unsigned long long n, unsigned long long *bad, unsigned long long *first) {
  unsigned long long t = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  for (unsigned long long i = t; i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned int a = pick(i % 4096 + (i / 4096) * 7919), b = pick(i / 4096 + 4096 * (i % 3)), c = pick(i * 31 + 5);
    if (i % 5 == 0) c = 0x7fffffffu - (unsigned)(i % 1000);
    char4 ca = *(char4 *)&a, cb = *(char4 *)&b;
    uchar4 ua = *(uchar4 *)&a, ub = *(uchar4 *)&b;
    short2 sa = *(short2 *)&a;
    ushort2 usa = *(ushort2 *)&a;
    unsigned int want[12] = {
        (unsigned)__dp4a((int)a, (int)b, (int)c), __dp4a(a, b, c), (unsigned)__dp4a(ca, cb, (int)c), __dp4a(ua, ub, c),
        (unsigned)__dp2a_lo((int)a, (int)b, (int)c), __dp2a_lo(a, b, c), (unsigned)__dp2a_lo(sa, cb, (int)c), __dp2a_lo(usa, ub, c),
        (unsigned)__dp2a_hi((int)a, (int)b, (int)c), __dp2a_hi(a, b, c), (unsigned)__dp2a_hi(sa, cb, (int)c), __dp2a_hi(usa, ub, c)};
    unsigned int got[12] = {
        (unsigned)hipify_rs_dp4a((int)a, (int)b, (int)c), hipify_rs_dp4a(a, b, c), (unsigned)hipify_rs_dp4a(ca, cb, (int)c), hipify_rs_dp4a(ua, ub, c),
        (unsigned)hipify_rs_dp2a_lo((int)a, (int)b, (int)c), hipify_rs_dp2a_lo(a, b, c), (unsigned)hipify_rs_dp2a_lo(sa, cb, (int)c), hipify_rs_dp2a_lo(usa, ub, c),
        (unsigned)hipify_rs_dp2a_hi((int)a, (int)b, (int)c), hipify_rs_dp2a_hi(a, b, c), (unsigned)hipify_rs_dp2a_hi(sa, cb, (int)c), hipify_rs_dp2a_hi(usa, ub, c)};
    for (int f = 0; f < 12; ++f)
      if (want[f] != got[f]) {
        if (atomicAdd(&bad[f], 1ull) == 0) first[f] = i;
      }
  }
}

int main() {
  const unsigned long long n = 1ull << 26;
  unsigned long long *bad, *first, hbad[12], hfirst[12];
  cudaMalloc(&bad, sizeof(hbad));
  cudaMalloc(&first, sizeof(hfirst));
  cudaMemset(bad, 0, sizeof(hbad));
  check<<<1024, 256>>>(n, bad, first);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(hbad, bad, sizeof(hbad), cudaMemcpyDeviceToHost);
  cudaMemcpy(hfirst, first, sizeof(hfirst), cudaMemcpyDeviceToHost);
  const char *names[12] = {"dp4a(int)", "dp4a(unsigned)", "dp4a(char4)", "dp4a(uchar4)", "dp2a_lo(int)", "dp2a_lo(unsigned)", "dp2a_lo(short2,char4)", "dp2a_lo(ushort2,uchar4)", "dp2a_hi(int)", "dp2a_hi(unsigned)", "dp2a_hi(short2,char4)", "dp2a_hi(ushort2,uchar4)"};
  int fails = 0;
  printf("%s; %llu argument triples per overload\n", cudaGetErrorString(e), n);
  for (int f = 0; f < 12; ++f) {
    printf("%-26s %llu differ%s\n", names[f], hbad[f], hbad[f] ? "" : "");
    fails += hbad[f] != 0;
  }
  return (e != cudaSuccess || fails) ? 1 : 0;
}
