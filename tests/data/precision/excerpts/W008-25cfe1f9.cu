// blockDim.x must be a multiple of warpSize (256 is, for 32 and 64).
__global__ void shuffleKernel(const int* in, int* blockSum, int* blockMax, int* scan,
                              int* segSum16, int* errors) {
  __shared__ int warpTotals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
