                             int warp_size, int block_size) {
  const int grid_size = ceil_div(N * warp_size, block_size);
  softmax_forward_baseline_kernel <<<grid_size, block_size >>> (out, inp, N, C);
  cudaCheck(hipDeviceSynchronize());
}

void softmax_forward_online(float* out, const float* inp, int N, int C,
