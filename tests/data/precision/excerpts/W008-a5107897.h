__inline__ __device__
float ReduceSum(const float* vec, const int length) {
  
  __shared__ float shared[32];

  // figure out the warp/ position inside the warp
  int warp =  threadIdx.x / WARP_SIZE;
