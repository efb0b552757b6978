  cudaCheck(hipMalloc(&d_weight, C * sizeof(float)));
  cudaCheck(hipMalloc(&d_bias, C * sizeof(float)));
  cudaCheck(hipMemcpy(d_inp, inp, B * T * C * sizeof(float), hipMemcpyHostToDevice));
  cudaCheck(hipMemcpy(d_weight, weight, C * sizeof(float), hipMemcpyHostToDevice));
  cudaCheck(hipMemcpy(d_bias, bias, C * sizeof(float), hipMemcpyHostToDevice));

  const int block_sizes[] = {32, 64, 128, 256, 512, 1024};
