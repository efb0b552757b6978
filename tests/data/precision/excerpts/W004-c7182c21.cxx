  hipMemcpyAsync(d_nz,nz,sizeof(POSVEL_T)*SIZE,hipMemcpyHostToDevice,stream);
  hipMemcpyAsync(d_nm,nm,sizeof(POSVEL_T)*SIZE,hipMemcpyHostToDevice,stream);
  hipEventRecord(event,stream);  //mark when transfers have finished
  cudaCheckError();
  hipStreamSynchronize(stream);


