#ifdef ASM
  unsigned int mask;
  asm("mov.u32 %0, %lanemask_lt;" : "=r"(mask));
  return mask;
#else
  const unsigned int lane = threadIdx.x & (warpSize-1);
  return (1 << (lane)) - 1;
#endif
