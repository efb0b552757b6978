  cudaCheck(hipFree(d_rstd));
  cudaCheck(hipFree(d_inp));
  cudaCheck(hipFree(d_weight));
  cudaCheck(hipFree(d_bias));

  return 0;
}
