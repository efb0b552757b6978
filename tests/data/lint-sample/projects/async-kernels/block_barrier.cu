// A block-wide split arrive/wait barrier through the arrive-wait barrier
// primitives (CUDA 11's cuda_awbarrier_primitives.h, as the programming
// guide's producer/consumer example writes it without libcu++).
#include <cuda_awbarrier_primitives.h>

__global__ void split_arrive_wait(float *data, int iterations) {
  __shared__ __mbarrier_t bar;
  if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  for (int i = 0; i < iterations; ++i) {
    data[threadIdx.x] += 1.0f;
    __mbarrier_token_t token = __mbarrier_arrive(&bar);
    data[threadIdx.x] *= 0.5f;
    while (!__mbarrier_test_wait(&bar, token)) {
    }
  }
}
