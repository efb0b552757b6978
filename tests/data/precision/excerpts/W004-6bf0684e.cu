  start = std::chrono::steady_clock::now();

  for (int n = 0; n < repeat; n++) {
    cuThomasBatch<<<(N/BlockSize)+1, BlockSize>>>(l_device, d_device, u_device, rhs_device, M, N);
  }

  hipDeviceSynchronize();
