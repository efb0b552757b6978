#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvtx3.hpp>
#include <cuda_runtime.h>

struct Range {
  explicit Range(const char *name) { nvtxRangePushA(name); }
  ~Range() { nvtxRangePop(); }
};

void step(float *d, int n, cudaStream_t s) {
  Range r("step");
  nvtx3::scoped_range inner{"memset"};
  cudaMemsetAsync(d, 0, n * sizeof(float), s);
  nvtxMarkA("after memset");
}
