    d_nz_v[i] = 0;
    d_nm_v[i] = 0;
  }
  cudaCheckError();


  event_v=(hipEvent_t*)malloc(sizeof(hipEvent_t)*numThreads);
