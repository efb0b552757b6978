  free(bias);
  cudaCheck(hipFree(d_out));
  cudaCheck(hipFree(d_mean));
  cudaCheck(hipFree(d_rstd));
  cudaCheck(hipFree(d_inp));
  cudaCheck(hipFree(d_weight));
  cudaCheck(hipFree(d_bias));
