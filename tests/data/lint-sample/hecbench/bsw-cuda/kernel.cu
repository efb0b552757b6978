// HeCBench bsw-cuda/kernel.cu, lines 1-18, 39-59, 113-133, 260-280
#include "kernel.hpp"

__inline__ __device__ short
warpReduceMax_with_index(short val, short& myIndex, short& myIndex2, unsigned lengthSeqB, bool inverse)
{
  int   warpSize = 32;
  short myMax    = 0;
  short newInd   = 0;
  short newInd2  = 0;
  short ind      = myIndex;
  short ind2     = myIndex2;
  myMax          = val;
  unsigned mask  = __ballot_sync(0xffffffff, threadIdx.x < lengthSeqB);  // blockDim.x
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
  {

    short tempVal = __shfl_down_sync(mask, val, offset);
    val     = max(val,tempVal);
// ...
          ind = newInd;
          ind2 = newInd2;
        }
      }
    }
  }
  myIndex  = ind;
  myIndex2 = ind2;
  val      = myMax;
  return val;
}

__device__ short
blockShuffleReduce_with_index(short myVal, short& myIndex, short& myIndex2, unsigned lengthSeqB, bool inverse)
{
  int              laneId = threadIdx.x % 32;
  int              warpId = threadIdx.x / 32;
  __shared__ short locTots[32];
  __shared__ short locInds[32];
  __shared__ short locInds2[32];
  short            myInd  = myIndex;
// ...
    const char*__restrict__ seqB_array,
    const unsigned*__restrict__ prefix_lengthA,
    const unsigned*__restrict__ prefix_lengthB,
          short*__restrict__ seqA_align_begin,
          short*__restrict__ seqA_align_end,
          short*__restrict__ seqB_align_begin,
          short*__restrict__ seqB_align_end,
          short*__restrict__ top_scores,
    const short startGap,
    const short extendGap,
    const short*__restrict__ scoring_matrix,
    const short*__restrict__ encoding_matrix)
{
  int block_Id  = blockIdx.x;
  int thread_Id = threadIdx.x;
  short laneId = threadIdx.x%32;
  short warpId = threadIdx.x/32;

  unsigned lengthSeqA;
  unsigned lengthSeqB;
  // local pointers
// ...
      sh_prev_H[warpId] = _prev_H;
      sh_prev_prev_H[warpId] = _prev_prev_H;
    }

    if(diag >= maxSize)
    { // if you are invalid in this iteration, spill your values to shmem
      local_spill_prev_E[thread_Id] = _prev_E;
      local_spill_prev_H[thread_Id] = _prev_H;
      local_spill_prev_prev_H[thread_Id] = _prev_prev_H;
    }

    __syncthreads(); // this is needed so that all the shmem writes are completed.

    if(is_valid[thread_Id] && thread_Id < minSize)
    {
      unsigned mask  = __ballot_sync(__activemask(), (is_valid[thread_Id] &&( thread_Id < minSize)));
      short fVal = _prev_F + extendGap;
      short hfVal = _prev_H + startGap;
      short valeShfl = __shfl_sync(mask, _prev_E, laneId - 1, 32);
      short valheShfl = __shfl_sync(mask, _prev_H, laneId - 1, 32);
