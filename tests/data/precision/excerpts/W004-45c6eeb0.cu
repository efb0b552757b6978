  float* d_inp;
  cudaCheck(hipMalloc((void**)&d_out, B * T * V * sizeof(float)));
  cudaCheck(hipMalloc((void**)&d_inp, B * T * V * sizeof(float)));
  cudaCheck(hipMemcpy(d_inp, inp, B * T * V * sizeof(float), hipMemcpyHostToDevice));

  // read kernel_num from command line
  int kernel_num = 2;
