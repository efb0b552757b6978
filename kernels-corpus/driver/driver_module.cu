// corpus: driver; cuModuleLoad of a code object built from this same file, cuModuleGetFunction/cuModuleGetGlobal, cuLaunchKernel
// corpus-link: -lcuda
// corpus-module: yes
//
// Build (NVIDIA):  nvcc -arch=sm_90 driver_module.cu -o driver_module -lcuda
//                  nvcc -arch=sm_90 --fatbin driver_module.cu -o driver_module.module
// Build (AMD, after translation to driver_module.hip):
//                  hipcc --offload-arch=gfx90a driver_module.hip -o driver_module
//                  hipcc --offload-arch=gfx90a --genco driver_module.hip -o driver_module.module
// Run:             ./driver_module [path/to/module]   (default: <executable>.module)
//
// The module is a separate device-code object of the kernels below (fatbin on
// NVIDIA, HSA code object on AMD), loaded by file name: that works on both
// platforms, unlike embedding PTX text.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <cuda.h>

#define CU_CHECK(call)                                                           \
  do {                                                                           \
    CUresult res_ = (call);                                                      \
    if (res_ != CUDA_SUCCESS) {                                                  \
      fprintf(stderr, "driver API error %d at %s:%d (%s)\n", (int)res_, __FILE__, \
              __LINE__, #call);                                                  \
      exit(EXIT_FAILURE);                                                        \
    }                                                                            \
  } while (0)

__device__ int launchCount;

extern "C" __global__ void scale_add(float* y, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
  if (i == 0) atomicAdd(&launchCount, 1);
}

extern "C" __global__ void fill(float* p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : std::string(argv[0]) + ".module";
  CU_CHECK(cuInit(0));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  CUmodule module;
  CUresult loadRes = cuModuleLoad(&module, path.c_str());
  if (loadRes != CUDA_SUCCESS) {
    fprintf(stderr, "cannot load module '%s' (error %d); see the build recipe at the top\n",
            path.c_str(), (int)loadRes);
    return EXIT_FAILURE;
  }
  CUfunction fScaleAdd, fFill;
  CU_CHECK(cuModuleGetFunction(&fScaleAdd, module, "scale_add"));
  CU_CHECK(cuModuleGetFunction(&fFill, module, "fill"));
  CUdeviceptr dCount;
  size_t countBytes = 0;
  CU_CHECK(cuModuleGetGlobal(&dCount, &countBytes, module, "launchCount"));
  int zero = 0;
  CU_CHECK(cuMemcpyHtoD(dCount, &zero, sizeof(int)));

  const int n = 10000;
  std::vector<float> hx(n);
  for (int i = 0; i < n; ++i) hx[i] = (float)(i % 100);
  CUdeviceptr dx, dy;
  CU_CHECK(cuMemAlloc(&dx, n * sizeof(float)));
  CU_CHECK(cuMemAlloc(&dy, n * sizeof(float)));
  CU_CHECK(cuMemcpyHtoD(dx, hx.data(), n * sizeof(float)));

  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
  unsigned int threads = 128, blocks = (n + threads - 1) / threads;
  float one = 1.0f;
  int nArg = n;
  void* fillArgs[] = {&dy, &one, &nArg};
  CU_CHECK(cuLaunchKernel(fFill, blocks, 1, 1, threads, 1, 1, 0, stream, fillArgs, nullptr));
  float a = 2.0f;
  void* saArgs[] = {&dy, &dx, &a, &nArg};
  for (int r = 0; r < 3; ++r)
    CU_CHECK(cuLaunchKernel(fScaleAdd, blocks, 1, 1, threads, 1, 1, 0, stream, saArgs, nullptr));
  CU_CHECK(cuStreamSynchronize(stream));

  std::vector<float> hy(n);
  int launches = 0;
  CU_CHECK(cuMemcpyDtoH(hy.data(), dy, n * sizeof(float)));
  CU_CHECK(cuMemcpyDtoH(&launches, dCount, sizeof(int)));
  bool ok = launches == 3 && countBytes == sizeof(int);
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    ok = ok && hy[i] == 1.0f + 6.0f * hx[i];
    sum += hy[i];
  }
  printf("global size = %zu, launches = %d\n", countBytes, launches);
  printf("y[99] = %.1f, sum = %.1f\n", hy[99], sum);

  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(dx));
  CU_CHECK(cuMemFree(dy));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
