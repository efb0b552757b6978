// In the style of NVIDIA's cuda-samples mergeSort (6_Performance? 2_Concepts_and_Techniques).
#ifndef MERGESORT_COMMON_H
#define MERGESORT_COMMON_H
typedef unsigned int uint;

#define SHARED_SIZE_LIMIT 1024U
#define SAMPLE_STRIDE 128

extern "C" void initMergeSort(void);
extern "C" void closeMergeSort(void);
extern "C" void mergeSort(uint *dstKey, uint *dstVal, uint *bufKey, uint *bufVal,
                          uint *srcKey, uint *srcVal, uint N, uint sortDir);
#endif
