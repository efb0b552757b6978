// corpus: kernel; atomics: int histogram, 64-bit unsigned long long, float atomicAdd, atomicCAS-based float atomicMax, min/exch/bitwise
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#define NBINS 16

// The classic CAS loop: there is no native float atomicMax.
__device__ float atomicMaxFloat(float* address, float val) {
  int* addrAsInt = (int*)address;
  int old = *addrAsInt, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= val) break;
    old = atomicCAS(addrAsInt, assumed, __float_as_int(val));
  } while (assumed != old);
  return __int_as_float(old);
}

struct Stats {
  int hist[NBINS];
  unsigned long long bigSum;
  float fsum;
  float fmax;
  int imin;
  unsigned int orBits;
  unsigned int andBits;
  int lastWriter;
};

__global__ void statsKernel(const int* data, int n, Stats* st) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = data[i];
  atomicAdd(&st->hist[v % NBINS], 1);
  atomicAdd(&st->bigSum, (unsigned long long)v * 1000000ull);
  atomicAdd(&st->fsum, (float)(v % 8));
  atomicMaxFloat(&st->fmax, (float)v * 0.25f);
  atomicMin(&st->imin, v - 500);
  atomicOr(&st->orBits, 1u << (v % 32));
  atomicAnd(&st->andBits, ~(1u << (v % 16)));
  if (v == n - 1) atomicExch(&st->lastWriter, i);
}

int main() {
  const int n = 100000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (int)(((long long)i * 7919) % n);  // permutation of 0..n-1
  int* d_data;
  Stats* d_st;
  CUDA_CHECK(cudaMalloc(&d_data, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_st, sizeof(Stats)));
  CUDA_CHECK(cudaMemcpy(d_data, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  Stats init = {};
  init.fmax = -1.0f;
  init.imin = 1 << 30;
  init.andBits = 0xFFFFFFFFu;
  init.lastWriter = -1;
  CUDA_CHECK(cudaMemcpy(d_st, &init, sizeof(Stats), cudaMemcpyHostToDevice));
  statsKernel<<<(n + 255) / 256, 256>>>(d_data, n, d_st);
  CUDA_CHECK(cudaGetLastError());
  Stats st;
  CUDA_CHECK(cudaMemcpy(&st, d_st, sizeof(Stats), cudaMemcpyDeviceToHost));

  Stats e = init;
  double fs = 0;
  int lastIdx = -1;
  for (int i = 0; i < n; ++i) {
    int v = h[i];
    e.hist[v % NBINS]++;
    e.bigSum += (unsigned long long)v * 1000000ull;
    fs += v % 8;
    if (v * 0.25f > e.fmax) e.fmax = v * 0.25f;
    if (v - 500 < e.imin) e.imin = v - 500;
    e.orBits |= 1u << (v % 32);
    e.andBits &= ~(1u << (v % 16));
    if (v == n - 1) lastIdx = i;
  }
  bool ok = st.bigSum == e.bigSum && st.fsum == (float)fs && st.fmax == e.fmax &&
            st.imin == e.imin && st.orBits == e.orBits && st.andBits == e.andBits &&
            st.lastWriter == lastIdx;
  for (int b = 0; b < NBINS; ++b) ok = ok && st.hist[b] == e.hist[b];
  printf("hist[0..3] = %d %d %d %d\n", st.hist[0], st.hist[1], st.hist[2], st.hist[3]);
  printf("u64 sum = %llu\n", st.bigSum);
  printf("float sum = %.1f, float max = %.2f\n", st.fsum, st.fmax);
  printf("min = %d, or = 0x%08x, and = 0x%08x, lastWriter = %d\n", st.imin, st.orBits, st.andBits,
         st.lastWriter);
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_st));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
