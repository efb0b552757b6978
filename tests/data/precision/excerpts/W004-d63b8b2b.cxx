  hipEvent_t& event=event_v[tid];
  hipStream_t& stream=stream_v[tid];
  hipEventSynchronize(event);  //wait for transfers from previous call to finish before overwriting nx,ny,nz,nm
  cudaCheckError();
#endif

  // The interaction list.
