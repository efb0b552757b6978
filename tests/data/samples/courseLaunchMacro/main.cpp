// main.cpp -- host driver and CPU reference for assignment 2
#include <cmath>
#include <vector>

#include "utils.h"

static void cpu_saxpy(float a, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i) y[i] = saxpy_op(a, x[i], y[i]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : (1 << 20);
  int device_count = 0;
  CHECK(cudaGetDeviceCount(&device_count));
  if (device_count == 0) {
    printf("no CUDA device\n");
    return 0;
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("Device: %s (SM %d.%d, %d SMs)\n", prop.name, prop.major, prop.minor,
         prop.multiProcessorCount);

  std::vector<float> x(n), y(n), ref(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.001f * i;
    y[i] = ref[i] = 1.0f;
  }

  CpuTimer timer;
  timer.start();
  cpu_saxpy(2.0f, x.data(), ref.data(), n);
  double cpu_ms = timer.stop_ms();
  double gpu_ms = gpu_saxpy(2.0f, x.data(), y.data(), n);

  double max_err = 0.0;
  for (int i = 0; i < n; ++i)
    max_err = std::fmax(max_err, std::fabs(y[i] - ref[i]));
  printf("saxpy: cpu %.3f ms, gpu %.3f ms, max error %g\n", cpu_ms, gpu_ms,
         max_err);

  printf("sum: %f\n", gpu_sum(y.data(), n));
  gpu_clamp_scale(y.data(), n, 0.5f);
  return max_err < 1e-5 ? 0 : 1;
}
