  hipHostFree(d_ny_v);
  hipHostFree(d_nz_v);
  hipHostFree(d_nm_v);
  cudaCheckError();

  for(int i=0;i<numThreads;i++) {
    hipEventDestroy(event_v[i]);
