
  // sums over segments of 16 lanes with the width argument
  int s16 = v;
  for (int offset = 8; offset > 0; offset /= 2) s16 += __shfl_down(s16, offset, 16);
  if ((threadIdx.x & 15) == 0) segSum16[i / 16] = s16;

  // block sum: warp reduce, then first warp reduces warp totals
