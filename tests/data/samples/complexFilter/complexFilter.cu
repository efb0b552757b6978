// A frequency-domain filter on complex samples with cuComplex.h, the way
// course repos and signal-processing tutorials write it: cuFloatComplex
// arithmetic in a kernel, double-precision accumulation, host-side checks.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <cuComplex.h>
#include <helper_cuda.h>

#define N (1 << 16)

__device__ __forceinline__ cuFloatComplex rotate(cuFloatComplex z, float theta) {
  cuFloatComplex w = make_cuFloatComplex(cosf(theta), sinf(theta));
  return cuCmulf(z, w);
}

__global__ void applyFilter(cuFloatComplex *signal, const cuFloatComplex *taps, int n, float gain) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuFloatComplex z = signal[i];
  cuFloatComplex t = taps[i % 64];
  z = cuCaddf(cuCmulf(z, t), cuConjf(z));
  z = rotate(z, 0.001f * i);
  float mag = cuCabsf(z);
  if (mag > 0.0f) z = cuCdivf(z, make_cuFloatComplex(mag / gain, 0.0f));
  signal[i] = z;
}

__global__ void energy(const cuFloatComplex *signal, cuDoubleComplex *partial, int n) {
  extern __shared__ cuDoubleComplex acc[];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  acc[tid] = make_cuDoubleComplex(0.0, 0.0);
  if (i < n) {
    cuDoubleComplex z = cuComplexFloatToDouble(signal[i]);
    acc[tid] = cuCmul(z, cuConj(z));
  }
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) acc[tid] = cuCadd(acc[tid], acc[tid + s]);
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = acc[0];
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  (void)dev;
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  cuFloatComplex *h_signal = (cuFloatComplex *)malloc(N * sizeof(cuFloatComplex));
  cuFloatComplex h_taps[64];
  for (int i = 0; i < N; ++i)
    h_signal[i] = make_cuFloatComplex(sinf(i * 0.01f), cosf(i * 0.02f));
  for (int k = 0; k < 64; ++k)
    h_taps[k] = make_cuFloatComplex(1.0f / (k + 1), 0.5f / (k + 1));

  cuFloatComplex *d_signal, *d_taps;
  cuDoubleComplex *d_partial;
  checkCudaErrors(cudaMalloc((void **)&d_signal, N * sizeof(cuFloatComplex)));
  checkCudaErrors(cudaMalloc((void **)&d_taps, sizeof(h_taps)));
  checkCudaErrors(cudaMalloc((void **)&d_partial, blocks * sizeof(cuDoubleComplex)));
  checkCudaErrors(cudaMemcpy(d_signal, h_signal, N * sizeof(cuFloatComplex), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_taps, h_taps, sizeof(h_taps), cudaMemcpyHostToDevice));

  applyFilter<<<blocks, threads>>>(d_signal, d_taps, N, 2.0f);
  getLastCudaError("applyFilter failed");
  energy<<<blocks, threads, threads * sizeof(cuDoubleComplex)>>>(d_signal, d_partial, N);
  getLastCudaError("energy failed");

  cuDoubleComplex *h_partial = (cuDoubleComplex *)malloc(blocks * sizeof(cuDoubleComplex));
  checkCudaErrors(cudaMemcpy(h_partial, d_partial, blocks * sizeof(cuDoubleComplex), cudaMemcpyDeviceToHost));
  cuDoubleComplex total = make_cuDoubleComplex(0.0, 0.0);
  for (int b = 0; b < blocks; ++b) total = cuCadd(total, h_partial[b]);
  printf("energy = %f (imag %g)\n", cuCreal(total), cuCimag(total));
  bool ok = fabs(cuCimag(total)) < 1e-3 * cuCabs(total);

  checkCudaErrors(cudaFree(d_signal));
  checkCudaErrors(cudaFree(d_taps));
  checkCudaErrors(cudaFree(d_partial));
  free(h_signal);
  free(h_partial);
  printf("%s\n", ok ? "Test passed" : "Test failed");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
