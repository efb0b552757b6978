      layernorm_forward_kernel0<UNROLL><<<grid_size, block_size>>>(out, mean, rstd, inp, weight, bias, N, C);
    else
      layernorm_forward_kernel0<1><<<grid_size, block_size>>>(out, mean, rstd, inp, weight, bias, N, C);
    cudaCheck(hipDeviceSynchronize());
}

void layernorm_forward1(float* out, float* mean, float* rstd,
