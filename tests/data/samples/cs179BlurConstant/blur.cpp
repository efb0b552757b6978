// CS179's host program: gpuErrchk over every runtime call, a START_TIMER /
// STOP_RECORD_TIMER pair of event macros, a CPU reference and a check.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <random>

#include <cuda_runtime.h>
#include "blur_device.cuh"
#include "ta_utilities.hpp"

#define gpuErrchk(ans) \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line,
                      bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file,
            line);
    exit(code);
  }
}

cudaEvent_t start;
cudaEvent_t stop;

#define START_TIMER()                  \
  {                                    \
    gpuErrchk(cudaEventCreate(&start)); \
    gpuErrchk(cudaEventCreate(&stop));  \
    gpuErrchk(cudaEventRecord(start));  \
  }

#define STOP_RECORD_TIMER(name)                          \
  {                                                      \
    gpuErrchk(cudaEventRecord(stop));                     \
    gpuErrchk(cudaEventSynchronize(stop));                \
    gpuErrchk(cudaEventElapsedTime(&name, start, stop));  \
    gpuErrchk(cudaEventDestroy(start));                   \
    gpuErrchk(cudaEventDestroy(stop));                    \
  }

const float PI = 3.14159265358979;

float gaussian(float x, float mean, float std) {
  return (1 / (std * sqrt(2 * PI))) * exp(-1.0 / 2.0 * pow((x - mean) / std, 2));
}

int main(int argc, char **argv) {
  TA_Utilities::select_coldest_GPU();
  TA_Utilities::enforce_time_limit(20);

  if (argc != 3) {
    printf("Usage: ./blur <threads per block> <max number of blocks>\n");
    return -1;
  }
  const unsigned int threads_per_block = atoi(argv[1]);
  const unsigned int max_blocks = atoi(argv[2]);

  const unsigned int GAUSSIAN_SIDE_WIDTH = 10;
  const unsigned int GAUSSIAN_SIZE = 2 * GAUSSIAN_SIDE_WIDTH + 1;
  std::vector<float> blur_v(GAUSSIAN_SIZE);
  float gaussian_sum = 0.0f;
  for (int i = 0; i <= (int)GAUSSIAN_SIDE_WIDTH; i++) {
    blur_v[GAUSSIAN_SIDE_WIDTH - i] = blur_v[GAUSSIAN_SIDE_WIDTH + i] =
        gaussian(i, 0.0, GAUSSIAN_SIDE_WIDTH / 3.0);
    gaussian_sum += (i == 0 ? 1 : 2) * blur_v[GAUSSIAN_SIDE_WIDTH + i];
  }
  for (auto &w : blur_v) w /= gaussian_sum;

  const unsigned int N = 1e7;
  std::vector<float> input(N), output(N), ref(N, 0.0f);
  std::mt19937 gen(1);
  std::normal_distribution<float> dist(0.0f, 1.0f);
  for (auto &v : input) v = dist(gen);

  for (unsigned int i = 0; i < N; i++)
    for (unsigned int j = 0; j < GAUSSIAN_SIZE && j <= i; j++)
      ref[i] += input[i - j] * blur_v[j];

  float *dev_input, *dev_output;
  gpuErrchk(cudaMalloc((void **)&dev_input, N * sizeof(float)));
  gpuErrchk(cudaMalloc((void **)&dev_output, N * sizeof(float)));
  gpuErrchk(cudaMemcpy(dev_input, input.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  cudaCopyBlurWeights(blur_v.data(), GAUSSIAN_SIZE);
  gpuErrchk(cudaPeekAtLastError());

  float gpu_ms = -1;
  START_TIMER();
  unsigned int blocks = std::min(max_blocks, (N + threads_per_block - 1) / threads_per_block);
  cudaCallBlurKernel(blocks, threads_per_block, dev_input, dev_output, N, GAUSSIAN_SIZE);
  gpuErrchk(cudaPeekAtLastError());
  STOP_RECORD_TIMER(gpu_ms);

  gpuErrchk(cudaMemcpy(output.data(), dev_output, N * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (unsigned int i = 0; i < N && ok; i++) ok = fabs(output[i] - ref[i]) < 1e-4;
  printf("GPU blur: %f ms, %s\n", gpu_ms, ok ? "Successful output" : "Incorrect output");

  gpuErrchk(cudaFree(dev_input));
  gpuErrchk(cudaFree(dev_output));
  return ok ? 0 : 1;
}
