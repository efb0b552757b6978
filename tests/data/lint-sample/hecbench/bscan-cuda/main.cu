// HeCBench bscan-cuda/main.cu, lines 18-54
  s_data[idx] = 0;
  idx += warpSize;
  int t = s_data[idx] = val;
  s_data[idx] = t += s_data[idx - 1];
  s_data[idx] = t += s_data[idx - 2];
  s_data[idx] = t += s_data[idx - 4];
  s_data[idx] = t += s_data[idx - 8];
  s_data[idx] = t += s_data[idx -16];
  return s_data[idx-1];
}

__device__ __inline__ unsigned int lanemask_lt()
{
#ifdef ASM
  unsigned int mask;
  asm("mov.u32 %0, %lanemask_lt;" : "=r"(mask));
  return mask;
#else
  const unsigned int lane = threadIdx.x & (warpSize-1);
  return (1 << (lane)) - 1;
#endif
}

// warp scan optimized for binary
__device__ __inline__ unsigned int binary_warp_scan(bool p)
{
  const unsigned int mask = lanemask_lt();
#if (CUDART_VERSION < 9000)
  unsigned int b = __ballot(p);
  return __popc(b & mask);
#else
  unsigned int b = __ballot_sync(mask, p);
  return __popc(b);
#endif
}

// positive numbers