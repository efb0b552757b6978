// 1D stencil with a shared-memory halo, in the style of the OLCF/NERSC CUDA
// training series (homework 2): a cudaCheckErrors(msg) macro after each call
// group, __syncthreads between the halo load and the sum, std::fill on host.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace std;

#define N 4096
#define RADIUS 3
#define BLOCK_SIZE 16

// error checking macro
#define cudaCheckErrors(msg)                                     \
  do {                                                           \
    cudaError_t __err = cudaGetLastError();                      \
    if (__err != cudaSuccess) {                                  \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n", msg,    \
              cudaGetErrorString(__err), __FILE__, __LINE__);    \
      fprintf(stderr, "*** FAILED - ABORTING\n");                \
      exit(1);                                                   \
    }                                                            \
  } while (0)

__global__ void stencil_1d(int *in, int *out) {
  __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x;
  int lindex = threadIdx.x + RADIUS;

  // Read input elements into shared memory
  temp[lindex] = in[gindex];
  if (threadIdx.x < RADIUS) {
    temp[lindex - RADIUS] = in[gindex - RADIUS];
    temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
  }

  // Synchronize (ensure all the data is available)
  __syncthreads();

  // Apply the stencil
  int result = 0;
  for (int offset = -RADIUS; offset <= RADIUS; offset++)
    result += temp[lindex + offset];

  // Store the result
  out[gindex] = result;
}

void fill_ints(int *x, int n) { fill_n(x, n, 1); }

int main(void) {
  int *in, *out;      // host copies of a, b, c
  int *d_in, *d_out;  // device copies of a, b, c

  // Alloc space for host copies and setup values
  int size = (N + 2 * RADIUS) * sizeof(int);
  in = (int *)malloc(size);
  fill_ints(in, N + 2 * RADIUS);
  out = (int *)malloc(size);
  fill_ints(out, N + 2 * RADIUS);

  // Alloc space for device copies
  cudaMalloc((void **)&d_in, size);
  cudaMalloc((void **)&d_out, size);
  cudaCheckErrors("cudaMalloc failure");

  // Copy to device
  cudaMemcpy(d_in, in, size, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, out, size, cudaMemcpyHostToDevice);
  cudaCheckErrors("cudaMemcpy H2D failure");

  // Launch stencil_1d() kernel on GPU
  stencil_1d<<<N / BLOCK_SIZE, BLOCK_SIZE>>>(d_in + RADIUS, d_out + RADIUS);
  cudaCheckErrors("kernel launch failure");

  // Copy result back to host
  cudaMemcpy(out, d_out, size, cudaMemcpyDeviceToHost);
  cudaCheckErrors("cudaMemcpy D2H failure");

  // Error Checking
  for (int i = 0; i < N + 2 * RADIUS; i++) {
    if (i < RADIUS || i >= N + RADIUS) {
      if (out[i] != 1) printf("Mismatch at index %d, was: %d, should be: %d\n", i, out[i], 1);
    } else {
      if (out[i] != 1 + 2 * RADIUS)
        printf("Mismatch at index %d, was: %d, should be: %d\n", i, out[i], 1 + 2 * RADIUS);
    }
  }

  // Cleanup
  free(in);
  free(out);
  cudaFree(d_in);
  cudaFree(d_out);
  printf("Success!\n");
  return 0;
}
