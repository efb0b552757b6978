  free(out);
  free(inp);
  free((void*)outliers);
  cudaCheck(hipFree(d_out));
  cudaCheck(hipFree(d_inp));

  return 0;
