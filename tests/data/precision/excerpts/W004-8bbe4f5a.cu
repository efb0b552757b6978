  float* d_bias;
  cudaCheck(hipMalloc(&d_out, B * T * C * sizeof(float)));
  cudaCheck(hipMalloc(&d_mean, B * T * sizeof(float)));
  cudaCheck(hipMalloc(&d_rstd, B * T * sizeof(float)));
  cudaCheck(hipMalloc(&d_inp, B * T * C * sizeof(float)));
  cudaCheck(hipMalloc(&d_weight, C * sizeof(float)));
  cudaCheck(hipMalloc(&d_bias, C * sizeof(float)));
