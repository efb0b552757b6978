// Course lab: tuning one kernel. A 1D convolution with a read-only cache path
// (__ldg, const __restrict__), launch bounds, an opt-in to more dynamic shared
// memory than the default 48 KB, a shared-memory carveout, a cache
// preference, and a report of what the compiler made of each variant.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define cudaCheckError()                                                       \
  {                                                                            \
    cudaError_t e = cudaGetLastError();                                        \
    if (e != cudaSuccess) {                                                    \
      printf("Cuda failure %s:%d: '%s'\n", __FILE__, __LINE__,                 \
             cudaGetErrorString(e));                                           \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  }

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status = (call);                                               \
    if (status != cudaSuccess) {                                               \
      fprintf(stderr, "%s failed: %s (%s)\n", #call,                           \
              cudaGetErrorName(status), cudaGetErrorString(status));           \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

#define RADIUS 8
#define THREADS 256

__global__ void __launch_bounds__(THREADS, 4)
    conv1dGlobal(const float *__restrict__ in, const float *__restrict__ w,
                 float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    int j = min(max(i + k, 0), n - 1);
    acc += __ldg(&in[j]) * __ldg(&w[k + RADIUS]);
  }
  out[i] = acc;
}

// Each block stages TILE = blockDim.x * PER_THREAD inputs plus halos.
template <int PER_THREAD>
__global__ void __launch_bounds__(THREADS)
    conv1dShared(const float *__restrict__ in, const float *__restrict__ w,
                 float *__restrict__ out, int n) {
  extern __shared__ float tile[];
  const int tileLen = blockDim.x * PER_THREAD;
  const int base = blockIdx.x * tileLen;
  for (int t = threadIdx.x; t < tileLen + 2 * RADIUS; t += blockDim.x) {
    int j = min(max(base + t - RADIUS, 0), n - 1);
    tile[t] = in[j];
  }
  __syncthreads();
  for (int p = 0; p < PER_THREAD; ++p) {
    int local = threadIdx.x + p * blockDim.x;
    int i = base + local;
    if (i < n) {
      float acc = 0.0f;
      for (int k = 0; k <= 2 * RADIUS; ++k) acc += tile[local + k] * w[k];
      out[i] = acc;
    }
  }
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("conv1dShared<%d>: tile of %d floats, %d bytes of shared memory\n",
           PER_THREAD, tileLen, (int)((tileLen + 2 * RADIUS) * sizeof(float)));
}

static void report(const char *name, const void *func) {
  cudaFuncAttributes attr;
  CUDA_CHECK(cudaFuncGetAttributes(&attr, func));
  printf("%-16s regs=%3d static smem=%6zu local=%4zu maxThreads=%4d "
         "maxDynSmem=%6d ptx=%d binary=%d\n",
         name, attr.numRegs, attr.sharedSizeBytes, attr.localSizeBytes,
         attr.maxThreadsPerBlock, attr.maxDynamicSharedSizeBytes,
         attr.ptxVersion, attr.binaryVersion);
}

int main() {
  int dev = 0;
  CUDA_CHECK(cudaSetDevice(dev));

  const cudaDeviceAttr attrs[] = {
      cudaDevAttrMaxSharedMemoryPerBlock,
      cudaDevAttrMaxSharedMemoryPerBlockOptin,
      cudaDevAttrMaxSharedMemoryPerMultiprocessor,
      cudaDevAttrMaxRegistersPerBlock,
      cudaDevAttrL2CacheSize,
      cudaDevAttrGlobalL1CacheSupported,
  };
  const char *names[] = {"smem/block",      "smem/block opt-in", "smem/SM",
                         "regs/block",      "L2 bytes",          "global L1"};
  for (int a = 0; a < (int)(sizeof(attrs) / sizeof(attrs[0])); ++a) {
    int v = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&v, attrs[a], dev));
    printf("%-18s %d\n", names[a], v);
  }
  int optin = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));

  const int n = 1 << 24;
  std::vector<float> h(n), hw(2 * RADIUS + 1, 1.0f / (2 * RADIUS + 1));
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 100);
  float *in, *w, *out;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&w, hw.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(w, hw.data(), hw.size() * sizeof(float), cudaMemcpyHostToDevice));

  CUDA_CHECK(cudaFuncSetCacheConfig(conv1dGlobal, cudaFuncCachePreferL1));
  report("conv1dGlobal", (const void *)conv1dGlobal);

  cudaEvent_t t0, t1;
  CUDA_CHECK(cudaEventCreate(&t0));
  CUDA_CHECK(cudaEventCreate(&t1));
  CUDA_CHECK(cudaEventRecord(t0));
  conv1dGlobal<<<(n + THREADS - 1) / THREADS, THREADS>>>(in, w, out, n);
  cudaCheckError();
  CUDA_CHECK(cudaEventRecord(t1));
  CUDA_CHECK(cudaEventSynchronize(t1));
  float msGlobal;
  CUDA_CHECK(cudaEventElapsedTime(&msGlobal, t0, t1));

  // 64 floats per thread: 64 KB of dynamic shared memory per block, more
  // than the default limit, so the kernel has to opt in.
  constexpr int PER = 64;
  size_t smem = (THREADS * PER + 2 * RADIUS) * sizeof(float);
  if ((int)smem > optin) {
    printf("needs %zu bytes of shared memory per block; device allows %d\n", smem, optin);
    return 0;
  }
  CUDA_CHECK(cudaFuncSetAttribute(conv1dShared<PER>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)smem));
  CUDA_CHECK(cudaFuncSetAttribute(conv1dShared<PER>,
                                  cudaFuncAttributePreferredSharedMemoryCarveout,
                                  cudaSharedmemCarveoutMaxShared));
  report("conv1dShared<64>", (const void *)conv1dShared<PER>);

  CUDA_CHECK(cudaEventRecord(t0));
  conv1dShared<PER><<<(n + THREADS * PER - 1) / (THREADS * PER), THREADS, smem>>>(in, w, out, n);
  CUDA_CHECK(cudaPeekAtLastError());
  CUDA_CHECK(cudaEventRecord(t1));
  CUDA_CHECK(cudaDeviceSynchronize());
  float msShared;
  CUDA_CHECK(cudaEventElapsedTime(&msShared, t0, t1));
  printf("global/__ldg: %.3f ms, shared tile: %.3f ms\n", msGlobal, msShared);

  CUDA_CHECK(cudaMemcpy(h.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("out[1000] = %f\n", h[1000]);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(w));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
