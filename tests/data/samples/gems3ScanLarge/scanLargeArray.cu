/* GPU Gems 3 chapter 39's host side (scanLargeArray_kernel.cu /
 * scan_largearray.cu from the CUDA SDK 1.x era, with its cutil macros
 * written out): block sums preallocated per level, the recursion over
 * levels, and the CUDA_SAFE_CALL / CUT_CHECK_ERROR idiom. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <assert.h>
#include <cuda_runtime.h>

#include "scanLargeArray_kernel.cuh"

#define CUDA_SAFE_CALL(call)                                                   \
  do {                                                                         \
    cudaError err = call;                                                      \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__, \
              __LINE__, cudaGetErrorString(err));                              \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

#define CUT_CHECK_ERROR(errorMessage)                                          \
  do {                                                                         \
    cudaError_t err = cudaGetLastError();                                      \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n",        \
              errorMessage, __FILE__, __LINE__, cudaGetErrorString(err));      \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
    err = cudaDeviceSynchronize();                                             \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n",        \
              errorMessage, __FILE__, __LINE__, cudaGetErrorString(err));      \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

inline bool isPowerOfTwo(int n) { return ((n & (n - 1)) == 0); }

inline int floorPow2(int n) {
  int exp;
  frexp((float)n, &exp);
  return 1 << (exp - 1);
}

#define BLOCK_SIZE 256

float **g_scanBlockSums;
unsigned int g_numEltsAllocated = 0;
unsigned int g_numLevelsAllocated = 0;

void preallocBlockSums(unsigned int maxNumElements) {
  assert(g_numEltsAllocated == 0);  // shouldn't be called

  g_numEltsAllocated = maxNumElements;

  unsigned int blockSize = BLOCK_SIZE;  // max size of the thread blocks
  unsigned int numElts = maxNumElements;

  int level = 0;

  do {
    unsigned int numBlocks = max(1, (int)ceil((float)numElts / (2.f * blockSize)));
    if (numBlocks > 1) {
      level++;
    }
    numElts = numBlocks;
  } while (numElts > 1);

  g_scanBlockSums = (float **)malloc(level * sizeof(float *));
  g_numLevelsAllocated = level;

  numElts = maxNumElements;
  level = 0;

  do {
    unsigned int numBlocks = max(1, (int)ceil((float)numElts / (2.f * blockSize)));
    if (numBlocks > 1) {
      CUDA_SAFE_CALL(cudaMalloc((void **)&g_scanBlockSums[level++], numBlocks * sizeof(float)));
    }
    numElts = numBlocks;
  } while (numElts > 1);

  CUT_CHECK_ERROR("preallocBlockSums");
}

void deallocBlockSums() {
  for (unsigned int i = 0; i < g_numLevelsAllocated; i++) {
    cudaFree(g_scanBlockSums[i]);
  }

  CUT_CHECK_ERROR("deallocBlockSums");

  free((void **)g_scanBlockSums);

  g_scanBlockSums = 0;
  g_numEltsAllocated = 0;
  g_numLevelsAllocated = 0;
}

void prescanArrayRecursive(float *outArray, const float *inArray, int numElements, int level) {
  unsigned int blockSize = BLOCK_SIZE;  // max size of the thread blocks
  unsigned int numBlocks = max(1, (int)ceil((float)numElements / (2.f * blockSize)));
  unsigned int numThreads;

  if (numBlocks > 1)
    numThreads = blockSize;
  else if (isPowerOfTwo(numElements))
    numThreads = numElements / 2;
  else
    numThreads = floorPow2(numElements);

  unsigned int numEltsPerBlock = numThreads * 2;

  // if this is a non-power-of-2 array, the last block will be non-full
  // compute the smallest power of 2 able to compute its scan.
  unsigned int numEltsLastBlock = numElements - (numBlocks - 1) * numEltsPerBlock;
  unsigned int numThreadsLastBlock = max(1, numEltsLastBlock / 2);
  unsigned int np2LastBlock = 0;
  unsigned int sharedMemLastBlock = 0;

  if (numEltsLastBlock != numEltsPerBlock) {
    np2LastBlock = 1;

    if (!isPowerOfTwo(numEltsLastBlock)) numThreadsLastBlock = floorPow2(numEltsLastBlock);

    unsigned int extraSpace = (2 * numThreadsLastBlock) / NUM_BANKS;
    sharedMemLastBlock = sizeof(float) * (2 * numThreadsLastBlock + extraSpace);
  }

  // padding space is used to avoid shared memory bank conflicts
  unsigned int extraSpace = numEltsPerBlock / NUM_BANKS;
  unsigned int sharedMemSize = sizeof(float) * (numEltsPerBlock + extraSpace);

  // setup execution parameters
  // if NP2, we process the last block separately
  dim3 grid(max(1, numBlocks - np2LastBlock), 1, 1);
  dim3 threads(numThreads, 1, 1);

  // make sure there are no CUDA errors before we start
  CUT_CHECK_ERROR("prescanArrayRecursive before kernels");

  // execute the scan
  if (numBlocks > 1) {
    prescan<true, false><<<grid, threads, sharedMemSize>>>(outArray, inArray, g_scanBlockSums[level],
                                                           numThreads * 2, 0, 0);
    CUT_CHECK_ERROR("prescanWithBlockSums");
    if (np2LastBlock) {
      prescan<true, true><<<1, numThreadsLastBlock, sharedMemLastBlock>>>(
          outArray, inArray, g_scanBlockSums[level], numEltsLastBlock, numBlocks - 1,
          numElements - numEltsLastBlock);
      CUT_CHECK_ERROR("prescanNP2WithBlockSums");
    }

    // After scanning all the sub-blocks, we are mostly done.  But now we
    // need to take all of the last values of the sub-blocks and scan those.
    // This will give us a new value that must be sdded to each block to
    // get the final results.
    // recursive (CPU) call
    prescanArrayRecursive(g_scanBlockSums[level], g_scanBlockSums[level], numBlocks, level + 1);

    uniformAdd<<<grid, threads>>>(outArray, g_scanBlockSums[level], numElements - numEltsLastBlock, 0, 0);
    CUT_CHECK_ERROR("uniformAdd");
    if (np2LastBlock) {
      uniformAdd<<<1, numThreadsLastBlock>>>(outArray, g_scanBlockSums[level], numEltsLastBlock,
                                             numBlocks - 1, numElements - numEltsLastBlock);
      CUT_CHECK_ERROR("uniformAdd");
    }
  } else if (isPowerOfTwo(numElements)) {
    prescan<false, false><<<grid, threads, sharedMemSize>>>(outArray, inArray, 0, numThreads * 2, 0, 0);
    CUT_CHECK_ERROR("prescan");
  } else {
    prescan<false, true><<<grid, threads, sharedMemSize>>>(outArray, inArray, 0, numElements, 0, 0);
    CUT_CHECK_ERROR("prescanNP2");
  }
}

void prescanArray(float *outArray, float *inArray, int numElements) {
  prescanArrayRecursive(outArray, inArray, numElements, 0);
}

void computeGold(float *reference, float *idata, const unsigned int len) {
  reference[0] = 0;
  double total_sum = 0;
  for (unsigned int i = 1; i < len; ++i) {
    total_sum += idata[i - 1];
    reference[i] = idata[i - 1] + reference[i - 1];
  }
  if (total_sum != reference[len - 1]) printf("Warning: exceeding single-precision accuracy.\n");
}

int main(int argc, char **argv) {
  unsigned int num_elements = argc > 1 ? atoi(argv[1]) : 1000000;
  const unsigned int mem_size = sizeof(float) * num_elements;

  float *h_data = (float *)malloc(mem_size);
  for (unsigned int i = 0; i < num_elements; ++i) h_data[i] = floorf(1000 * (rand() / (float)RAND_MAX));

  float *reference = (float *)malloc(mem_size);
  computeGold(reference, h_data, num_elements);

  float *d_idata = NULL;
  float *d_odata = NULL;
  CUDA_SAFE_CALL(cudaMalloc((void **)&d_idata, mem_size));
  CUDA_SAFE_CALL(cudaMalloc((void **)&d_odata, mem_size));
  CUDA_SAFE_CALL(cudaMemcpy(d_idata, h_data, mem_size, cudaMemcpyHostToDevice));
  CUDA_SAFE_CALL(cudaMemcpy(d_odata, h_data, mem_size, cudaMemcpyHostToDevice));

  preallocBlockSums(num_elements);

  // run once to remove startup overhead
  prescanArray(d_odata, d_idata, num_elements);

  cudaEvent_t start, stop;
  CUDA_SAFE_CALL(cudaEventCreate(&start));
  CUDA_SAFE_CALL(cudaEventCreate(&stop));
  CUDA_SAFE_CALL(cudaEventRecord(start, 0));
  int numIterations = 100;
  for (int i = 0; i < numIterations; i++) prescanArray(d_odata, d_idata, num_elements);
  CUDA_SAFE_CALL(cudaEventRecord(stop, 0));
  CUDA_SAFE_CALL(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_SAFE_CALL(cudaEventElapsedTime(&ms, start, stop));
  printf("Average time: %f ms\n\n", ms / numIterations);

  CUDA_SAFE_CALL(cudaMemcpy(h_data, d_odata, sizeof(float) * num_elements, cudaMemcpyDeviceToHost));

  float epsilon = 0.0f;
  unsigned int bad = 0;
  for (unsigned int i = 0; i < num_elements; ++i)
    if (fabs(reference[i] - h_data[i]) > epsilon + 1e-3f * fabs(reference[i])) bad++;
  printf("Test %s\n", bad == 0 ? "PASSED" : "FAILED");

  free(h_data);
  free(reference);
  deallocBlockSums();
  cudaFree(d_odata);
  cudaFree(d_idata);
  return bad != 0;
}
