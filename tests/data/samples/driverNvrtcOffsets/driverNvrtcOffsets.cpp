// NVRTC compiles a kernel held in a string; the driver API loads the PTX,
// finds the kernel and a __device__ global by name, and launches it with a
// void *args[] array on sub-buffers of one allocation (offsets into a
// CUdeviceptr), the way JIT tutorials and cuda-samples' *Drv programs do.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda.h>
#include <nvrtc.h>

#define NVRTC_SAFE_CALL(x)                                                     \
  do {                                                                         \
    nvrtcResult result = x;                                                    \
    if (result != NVRTC_SUCCESS) {                                             \
      fprintf(stderr, "error: " #x " failed with error %s\n",                  \
              nvrtcGetErrorString(result));                                    \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CUDA_SAFE_CALL(x)                                                      \
  do {                                                                         \
    CUresult result = x;                                                       \
    if (result != CUDA_SUCCESS) {                                              \
      const char *msg;                                                         \
      cuGetErrorName(result, &msg);                                            \
      fprintf(stderr, "error: " #x " failed with error %s\n", msg);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char *saxpySource = R"(
__device__ float scaleFactor;
extern "C" __global__ void saxpy(const float *x, const float *y, float *out, size_t n) {
  size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) out[tid] = scaleFactor * x[tid] + y[tid];
}
)";

int main() {
  const size_t n = 1 << 20;
  const size_t bytes = n * sizeof(float);

  nvrtcProgram prog;
  NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, saxpySource, "saxpy.cu", 0, NULL, NULL));
  const char *opts[] = {"--fmad=false"};
  nvrtcResult compileResult = nvrtcCompileProgram(prog, 1, opts);
  size_t logSize;
  NVRTC_SAFE_CALL(nvrtcGetProgramLogSize(prog, &logSize));
  if (logSize > 1) {
    std::vector<char> log(logSize);
    NVRTC_SAFE_CALL(nvrtcGetProgramLog(prog, log.data()));
    printf("%s\n", log.data());
  }
  if (compileResult != NVRTC_SUCCESS) exit(1);
  size_t ptxSize;
  NVRTC_SAFE_CALL(nvrtcGetPTXSize(prog, &ptxSize));
  std::vector<char> ptx(ptxSize);
  NVRTC_SAFE_CALL(nvrtcGetPTX(prog, ptx.data()));
  NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));

  CUdevice cuDevice;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CUDA_SAFE_CALL(cuInit(0));
  CUDA_SAFE_CALL(cuDeviceGet(&cuDevice, 0));
  CUDA_SAFE_CALL(cuCtxCreate(&context, 0, cuDevice));
  CUDA_SAFE_CALL(cuModuleLoadDataEx(&module, ptx.data(), 0, 0, 0));
  CUDA_SAFE_CALL(cuModuleGetFunction(&kernel, module, "saxpy"));

  CUdeviceptr dScale;
  size_t scaleBytes;
  CUDA_SAFE_CALL(cuModuleGetGlobal(&dScale, &scaleBytes, module, "scaleFactor"));
  float a = 5.1f;
  CUDA_SAFE_CALL(cuMemcpyHtoD(dScale, &a, sizeof(a)));

  std::vector<float> hX(n), hY(n), hOut(n);
  for (size_t i = 0; i < n; ++i) {
    hX[i] = static_cast<float>(i);
    hY[i] = static_cast<float>(i * 2);
  }
  // One allocation, three arrays in it.
  CUdeviceptr dBase;
  CUDA_SAFE_CALL(cuMemAlloc(&dBase, 3 * bytes));
  CUdeviceptr dX = dBase;
  CUdeviceptr dY = dBase + bytes;
  CUdeviceptr dOut = dY + bytes;
  CUDA_SAFE_CALL(cuMemcpyHtoD(dX, hX.data(), bytes));
  CUDA_SAFE_CALL(cuMemcpyHtoD(dY, hY.data(), bytes));

  size_t count = n;
  void *args[] = {&dX, &dY, &dOut, &count};
  const unsigned threads = 128;
  const unsigned blocks = (unsigned)((n + threads - 1) / threads);
  CUDA_SAFE_CALL(cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, NULL, args, 0));
  CUDA_SAFE_CALL(cuCtxSynchronize());
  CUDA_SAFE_CALL(cuMemcpyDtoH(hOut.data(), dOut, bytes));
  printf("output starts %llu bytes into the buffer\n", (unsigned long long)(dOut - dBase));

  int errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (hOut[i] != a * hX[i] + hY[i]) ++errors;
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);

  CUDA_SAFE_CALL(cuMemFree(dBase));
  CUDA_SAFE_CALL(cuModuleUnload(module));
  CUDA_SAFE_CALL(cuCtxDestroy(context));
  return errors ? 1 : 0;
}
