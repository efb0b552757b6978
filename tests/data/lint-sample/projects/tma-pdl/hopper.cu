// Hopper-only paths: programmatic dependent launch and device graph launch.
#include <cuda_runtime.h>
#include <cuda_occupancy.h>

__global__ void producer(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.f * x[i];
  cudaTriggerProgrammaticLaunchCompletion();
}

__global__ void consumer(const float *x, float *y, int n) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + 1.f;
}

__global__ void relaunch(cudaGraphExec_t self) {
  cudaGraphExec_t cur = cudaGetCurrentGraphExec();
  if (threadIdx.x == 0 && cur == self) cudaGraphLaunch(self, cudaStreamGraphTailLaunch);
}

void prefetch_all(void **ptrs, size_t *sizes, size_t count, int device, cudaStream_t s) {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  cudaMemPrefetchBatchAsync(ptrs, sizes, count, &loc, nullptr, 1, 0, s);
}

void use_pool(int device, cudaMemPool_t pool) {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, pool);
  cudaMemPool_t cur;
  cudaMemGetMemPool(&cur, &loc, cudaMemAllocationTypePinned);
}

int occupancy_blocks(int threads) {
  cudaOccDeviceProp prop;
  cudaOccFuncAttributes attrs;
  cudaOccDeviceState state;
  cudaOccResult result;
  cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attrs, &state, threads, 0);
  return result.activeBlocksPerMultiprocessor;
}

cudaChannelFormatDesc nv12_desc() { return cudaCreateChannelDescNV12(); }

void dump_logs() {
  cudaLogsDumpToMemory(nullptr, nullptr, nullptr, 0);
}

void launch_pdl(const float *x, float *y, int n, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 255) / 256);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, consumer, x, y, n);
}

void dump_logs_to_file() {
  cudaLogsDumpToFile(nullptr, "cuda.log", 0);
}

void stop_logging() {
  cudaLogsUnregisterCallback(nullptr);
}

void current_log_position() {
  cudaLogsCurrent(nullptr, 0);
}
