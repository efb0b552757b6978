  int blocksY=(count+threads.y-1)/threads.y;
  dim3 blocks( min(blocksX,MAXX), min(blocksY,MAXY));

  cudaCheckError();

  //call kernel
  Step10_kernel <<< dim3(blocks), dim3(threads), 0, stream >>> (
