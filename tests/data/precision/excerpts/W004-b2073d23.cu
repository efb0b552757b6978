                            int warp_size, int block_size) {
  const int grid_size = ceil_div(N * warp_size, block_size);
  softmax_forward_online_kernel <<<grid_size, block_size >>> (out, inp, N, C);
  cudaCheck(hipDeviceSynchronize());
}

void softmax_forward_online2(float* out, const float* inp, int N, int C,
