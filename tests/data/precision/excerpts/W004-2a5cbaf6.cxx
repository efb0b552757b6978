    hipEventDestroy(event_v[i]);
    hipStreamDestroy(stream_v[i]);
  }
  cudaCheckError();

  free(event_v);
  free(stream_v);
