  //call kernel
  Step10_kernel <<< dim3(blocks), dim3(threads), 0, stream >>> (
    count,count1,xx,yy,zz,mass,xx1,yy1,zz1,mass1, vx, vy, vz, fsrrmax2, rsm2, fcoeff);
  cudaCheckError();

  hipStreamSynchronize(stream);
#else
