#include <cstdio>
#include <cstdlib>
#include "gpu_compat.h"

namespace proj {

struct StreamPool {
  cudaStream_t streams[4];
  void init() {
    for (auto &s : streams)
      PROJ_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  }
};

void flush_rdma(int device) {
#if !defined(USE_HIP)
  // GPUDirect RDMA writes must be visible before the NIC reads them.
  cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                     cudaFlushGPUDirectRDMAWritesToOwner);
#endif
  (void)device;
}

void set_l2_window(cudaStream_t s, void *ptr, size_t bytes) {
#ifdef PROJ_USE_HIP
  (void)s; (void)ptr; (void)bytes;  // no persisting L2 on ROCm
#else
  cudaStreamAttrValue attr = {};
  attr.accessPolicyWindow.base_ptr = ptr;
  attr.accessPolicyWindow.num_bytes = bytes;
  attr.accessPolicyWindow.hitRatio = 1.0f;
  attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &attr);
#endif
}

__global__ void scale_kernel(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
#if !defined(USE_HIP)
  // nothing to do after the store on CUDA; keep PTX-level fence for NVLink peers
  asm volatile("fence.sc.sys;" ::: "memory");
#endif
}

__device__ inline unsigned lane_id() {
#ifdef PROJ_USE_HIP
  return __lane_id();
#else
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
#endif
}

__device__ float warp_sum(float v) {
  for (int o = PROJ_WARP / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o, PROJ_WARP);
  return v;
}

void capture(cudaStream_t s) {
#if !defined(USE_HIP)
  cudaGraph_t g;
  cudaGraphExec_t e;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiateWithFlags(&e, g, cudaGraphInstantiateFlagUseNodePriority);
#endif
}

}  // namespace proj
