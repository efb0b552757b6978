  int              laneId = threadIdx.x % 32;
  int              warpId = threadIdx.x / 32;
  __shared__ short locTots[32];
  __shared__ short locInds[32];
  __shared__ short locInds2[32];
  short            myInd  = myIndex;
  short            myInd2 = myIndex2;
