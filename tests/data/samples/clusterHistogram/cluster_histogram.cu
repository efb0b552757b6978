// The CUDA C++ Programming Guide's distributed shared memory histogram:
// a thread block cluster shares its blocks' shared-memory bins through
// cluster.map_shared_rank, launched with cudaLaunchKernelEx and a cluster
// dimension attribute; a second kernel fixes its cluster shape with
// __cluster_dims__ and reads its place through the cluster group.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

// Distributed Shared memory histogram kernel
__global__ void clusterHist_kernel(int *bins, const int nbins, const int bins_per_block,
                                   const int *__restrict__ input, size_t array_size) {
  extern __shared__ int smem[];
  namespace cg = cooperative_groups;
  int tid = cg::this_grid().thread_rank();

  // Cluster initialization, size and calculating local bin offsets.
  cg::cluster_group cluster = cg::this_cluster();
  unsigned int clusterBlockRank = cluster.block_rank();
  int cluster_size = cluster.dim_blocks().x;

  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) {
    smem[i] = 0;  // Initialize shared memory histogram to zeros
  }

  // cluster synchronization ensures that shared memory is initialized to zero in
  // all thread blocks in the cluster. It also ensures that all thread blocks
  // have started executing and they exist concurrently.
  cluster.sync();

  for (int i = tid; i < array_size; i += blockDim.x * gridDim.x) {
    int ldata = input[i];

    // Find the right histogram bin.
    int binid = ldata;
    if (ldata < 0)
      binid = 0;
    else if (ldata >= nbins)
      binid = nbins - 1;

    // Find destination block rank and offset for computing
    // distributed shared memory histogram
    int dst_block_rank = (int)(binid / bins_per_block);
    int dst_offset = binid % bins_per_block;

    // Pointer to target block shared memory
    int *dst_smem = cluster.map_shared_rank(smem, dst_block_rank);

    // Perform atomic update of the histogram bin
    atomicAdd(dst_smem + dst_offset, 1);
  }

  // cluster synchronization is required to ensure all distributed shared
  // memory operations are completed and no thread block exits while
  // other thread blocks are still accessing distributed shared memory
  cluster.sync();

  // Perform global memory histogram, using the local distributed memory histogram
  int *lbins = bins + cluster.block_rank() * bins_per_block;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) {
    atomicAdd(&lbins[i], smem[i]);
  }
}

// Compile time cluster size 2 in X-dimension and 1 in Y and Z dimension
__global__ void __cluster_dims__(2, 1, 1) cluster_kernel(float *input, float *output) {
  cg::cluster_group cluster = cg::this_cluster();
  dim3 rank = cluster.block_index();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  output[i] = input[i] * (rank.x + 1) + cluster.num_blocks();
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  if (prop.major < 9) {
    printf("Thread block clusters need compute capability 9.0; waiving\n");
    return 0;
  }

  const int nbins = 256, threads_per_block = 128;
  const size_t array_size = 1 << 22;
  int *h_input = (int *)malloc(array_size * sizeof(int));
  for (size_t i = 0; i < array_size; i++) h_input[i] = rand() % nbins;
  int *d_input, *d_bins;
  checkCudaErrors(cudaMalloc(&d_input, array_size * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_bins, nbins * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_input, h_input, array_size * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_bins, 0, nbins * sizeof(int)));

  // Launch via extensible launch
  {
    cudaLaunchConfig_t config = {0};
    config.gridDim = array_size / threads_per_block;
    config.blockDim = threads_per_block;

    // cluster_size depends on the histogram size.
    // ( cluster_size == 1 ) implies no distributed shared memory, just thread block local shared memory
    int cluster_size = 2;  // size 2 is an example here
    int nbins_per_block = nbins / cluster_size;

    // dynamic shared memory size is per block.
    // Distributed shared memory size =  cluster_size * nbins_per_block * sizeof(int)
    config.dynamicSmemBytes = nbins_per_block * sizeof(int);

    checkCudaErrors(cudaFuncSetAttribute((void *)clusterHist_kernel,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         config.dynamicSmemBytes));

    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = cluster_size;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;

    config.numAttrs = 1;
    config.attrs = attribute;

    checkCudaErrors(cudaLaunchKernelEx(&config, clusterHist_kernel, d_bins, nbins,
                                       nbins_per_block, (const int *)d_input, array_size));
  }

  float *d_f, *d_g;
  checkCudaErrors(cudaMalloc(&d_f, 1024 * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_g, 1024 * sizeof(float)));
  checkCudaErrors(cudaMemset(d_f, 0, 1024 * sizeof(float)));
  // The grid dimension is not affected by cluster launch, and is still
  // enumerated using number of blocks; it must be a multiple of cluster size.
  cluster_kernel<<<8, 128>>>(d_f, d_g);
  checkCudaErrors(cudaGetLastError());

  int h_bins[nbins];
  checkCudaErrors(cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost));
  long total = 0;
  for (int b = 0; b < nbins; b++) total += h_bins[b];
  printf("%ld of %zu counted\n", total, array_size);

  checkCudaErrors(cudaFree(d_input));
  checkCudaErrors(cudaFree(d_bins));
  checkCudaErrors(cudaFree(d_f));
  checkCudaErrors(cudaFree(d_g));
  free(h_input);
  return total == (long)array_size ? 0 : 1;
}
