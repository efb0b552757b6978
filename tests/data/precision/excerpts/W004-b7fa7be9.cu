                             int warp_size, int block_size) {
  const int grid_size = N;
  softmax_forward_online_kernel3 <<<grid_size, block_size >>> (out, inp, N, C);
  cudaCheck(hipDeviceSynchronize());
}

// kernel version dispatch
