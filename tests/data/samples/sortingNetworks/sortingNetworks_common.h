/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (cuda-samples 2_Concepts_and_Techniques/sortingNetworks, abridged for hipify-rs) */
#ifndef SORTINGNETWORKS_COMMON_H
#define SORTINGNETWORKS_COMMON_H

typedef unsigned int uint;

#define SHARED_SIZE_LIMIT 1024U
#define UMUL(a, b) __umul24((a), (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))

extern "C" uint factorRadix2(uint *log2L, uint L);

extern "C" uint bitonicSort(uint *d_DstKey, uint *d_DstVal, uint *d_SrcKey,
                            uint *d_SrcVal, uint batchSize, uint arrayLength,
                            uint dir);

#endif
