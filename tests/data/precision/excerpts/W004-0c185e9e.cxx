    hipEventCreate(&event_v[i]);
    hipStreamCreate(&stream_v[i]);
  }
  cudaCheckError();
#endif

  phi = phiLoc;
