// PMPP chapter 15: vertex-centric BFS with a frontier, privatized in shared
// memory and flushed with one atomicAdd per block.
#include "pmpp_common.h"

#define LOCAL_FRONTIER_CAPACITY 256
#define UINT_MAX_LEVEL 0xFFFFFFFFu

__device__ unsigned int d_numCurrFrontier;

__global__ void bfs_frontier_kernel(const unsigned int *__restrict__ srcPtrs, const unsigned int *__restrict__ dst,
                                    unsigned int *level, const unsigned int *prevFrontier,
                                    unsigned int *currFrontier, unsigned int numPrevFrontier,
                                    unsigned int currLevel) {
  __shared__ unsigned int currFrontier_s[LOCAL_FRONTIER_CAPACITY];
  __shared__ unsigned int numCurrFrontier_s;
  if (threadIdx.x == 0) numCurrFrontier_s = 0;
  __syncthreads();

  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numPrevFrontier) {
    unsigned int vertex = prevFrontier[i];
    for (unsigned int edge = srcPtrs[vertex]; edge < srcPtrs[vertex + 1]; ++edge) {
      unsigned int neighbor = dst[edge];
      if (atomicCAS(&level[neighbor], UINT_MAX_LEVEL, currLevel) == UINT_MAX_LEVEL) {
        unsigned int idx_s = atomicAdd(&numCurrFrontier_s, 1);
        if (idx_s < LOCAL_FRONTIER_CAPACITY) {
          currFrontier_s[idx_s] = neighbor;
        } else {
          numCurrFrontier_s = LOCAL_FRONTIER_CAPACITY;
          unsigned int idx = atomicAdd(&d_numCurrFrontier, 1);
          currFrontier[idx] = neighbor;
        }
      }
    }
  }
  __syncthreads();

  __shared__ unsigned int currFrontierStartIdx;
  if (threadIdx.x == 0) currFrontierStartIdx = atomicAdd(&d_numCurrFrontier, numCurrFrontier_s);
  __syncthreads();

  for (unsigned int idx_s = threadIdx.x; idx_s < numCurrFrontier_s; idx_s += blockDim.x)
    currFrontier[currFrontierStartIdx + idx_s] = currFrontier_s[idx_s];
}

std::vector<unsigned int> bfs(const CSRMatrix &graph, unsigned int source) {
  const unsigned int n = graph.numRows;
  unsigned int *d_src, *d_dst, *d_level, *d_front[2];
  gpuErrchk(cudaMalloc(&d_src, (n + 1) * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_dst, graph.colIdx.size() * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_level, n * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_front[0], n * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_front[1], n * sizeof(unsigned int)));
  gpuErrchk(cudaMemcpy(d_src, graph.rowPtrs.data(), (n + 1) * sizeof(unsigned int), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(d_dst, graph.colIdx.data(), graph.colIdx.size() * sizeof(unsigned int),
                       cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemset(d_level, 0xFF, n * sizeof(unsigned int)));
  const unsigned int zero = 0;
  gpuErrchk(cudaMemset(d_level + source, 0, sizeof(unsigned int)));
  gpuErrchk(cudaMemcpy(d_front[0], &source, sizeof(unsigned int), cudaMemcpyHostToDevice));

  unsigned int numPrev = 1;
  for (unsigned int lvl = 1; numPrev > 0; ++lvl) {
    gpuErrchk(cudaMemcpyToSymbol(d_numCurrFrontier, &zero, sizeof(unsigned int)));
    const unsigned int threads = LOCAL_FRONTIER_CAPACITY;
    bfs_frontier_kernel<<<(numPrev + threads - 1) / threads, threads>>>(
        d_src, d_dst, d_level, d_front[(lvl - 1) % 2], d_front[lvl % 2], numPrev, lvl);
    gpuErrchk(cudaGetLastError());
    gpuErrchk(cudaMemcpyFromSymbol(&numPrev, d_numCurrFrontier, sizeof(unsigned int)));
  }
  std::vector<unsigned int> level(n);
  gpuErrchk(cudaMemcpy(level.data(), d_level, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));
  for (unsigned int *p : {d_src, d_dst, d_level, d_front[0], d_front[1]}) gpuErrchk(cudaFree(p));
  return level;
}
