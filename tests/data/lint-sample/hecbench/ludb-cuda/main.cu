// HeCBench ludb-cuda/main.cu, lines 325-345
    checkCudaErrors(cudaMemcpy(d_Aarray, h_AarrayInput, BATCH_SIZE * matSize,
                               cudaMemcpyHostToDevice));

    cudaDeviceSynchronize();
    auto start = std::chrono::steady_clock::now();
    status = getrfBatched(handle, N, d_ptr_array, N, d_pivotArray,
                          d_infoArray, BATCH_SIZE);
    cudaDeviceSynchronize();
    auto end = std::chrono::steady_clock::now();
    if (i != 0)
      time += std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count();
  }

  if (status != CUBLAS_STATUS_SUCCESS) {
    printf("> ERROR: cublasDgetrfBatched() failed with error %s..\n",
           cublasGetStatusString(status));
  } else {
    printf("Average kernel execution time : %f (us)\n", (time * 1e-3f) / repeat);
  }

  // copy data to host from device