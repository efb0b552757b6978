  hipDeviceProp_t prop;
  CUDA_CHECK(hipGetDeviceProperties(&prop, dev));
  expect(prop.name[0] != '\0', "name non-empty");
  expect(prop.warpSize == 32 || prop.warpSize == 64, "warpSize is 32 or 64");
  expect(prop.maxThreadsPerBlock >= 256, "maxThreadsPerBlock>=256");
  expect(prop.maxThreadsDim[0] >= 256 && prop.maxThreadsDim[1] >= 1 && prop.maxThreadsDim[2] >= 1,
         "maxThreadsDim sane");
