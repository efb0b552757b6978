// Annotating a pipeline with NVTX ranges for Nsight Systems (after the NVIDIA
// developer blog "CUDA Pro Tip: Generate Custom Application Profile Timelines
// with NVTX"), with the profiler started and stopped around the region of interest.

#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>
#include <nvToolsExt.h>

static const uint32_t colors[] = {0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff,
                                  0xff00ffff, 0xffff0000, 0xffffffff};
static const int num_colors = sizeof(colors) / sizeof(uint32_t);

#define PUSH_RANGE(name, cid)                              \
  {                                                        \
    int color_id = cid;                                    \
    color_id = color_id % num_colors;                      \
    nvtxEventAttributes_t eventAttrib = {0};               \
    eventAttrib.version = NVTX_VERSION;                    \
    eventAttrib.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;      \
    eventAttrib.colorType = NVTX_COLOR_ARGB;               \
    eventAttrib.color = colors[color_id];                  \
    eventAttrib.messageType = NVTX_MESSAGE_TYPE_ASCII;     \
    eventAttrib.message.ascii = name;                      \
    nvtxRangePushEx(&eventAttrib);                         \
  }
#define POP_RANGE nvtxRangePop();

#define checkCuda(x)                                                              \
  do {                                                                            \
    cudaError_t e = (x);                                                          \
    if (e != cudaSuccess) {                                                       \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));           \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

__global__ void init(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = i * 0.5f;
}

__global__ void square(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

int main() {
  const int n = 1 << 22;
  float *d, *h;
  nvtxNameOsThreadA(0, "main");
  nvtxMarkA("start");

  PUSH_RANGE("allocate", 0)
  checkCuda(cudaMalloc(&d, n * sizeof(float)));
  checkCuda(cudaMallocHost(&h, n * sizeof(float)));
  POP_RANGE

  checkCuda(cudaProfilerStart());
  nvtxRangeId_t whole = nvtxRangeStartA("compute");
  for (int it = 0; it < 4; ++it) {
    PUSH_RANGE("iteration", it + 1)
    nvtxRangePushA("init");
    init<<<(n + 255) / 256, 256>>>(d, n);
    nvtxRangePop();
    nvtxRangePushA("square");
    square<<<(n + 255) / 256, 256>>>(d, n);
    nvtxRangePop();
    POP_RANGE
  }
  checkCuda(cudaDeviceSynchronize());
  nvtxRangeEnd(whole);
  checkCuda(cudaProfilerStop());

  PUSH_RANGE("copy back", 5)
  checkCuda(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  POP_RANGE
  printf("h[3] = %f\n", h[3]);
  checkCuda(cudaFreeHost(h));
  checkCuda(cudaFree(d));
  return 0;
}
