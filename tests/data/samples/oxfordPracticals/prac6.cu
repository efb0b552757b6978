//
// GPU course practical 6: a kernel template over the block size and the
// element type, called from a C++ main through an explicit instantiation,
// and device printf of the thread and block indices.
//

#include <stdio.h>
#include <helper_cuda.h>

template <int size, typename T>
__global__ void my_first_kernel(T *x)
{
  int tid = threadIdx.x + blockDim.x*blockIdx.x;
  T xl[size];

  for (int i=0; i<size; i++) {
    xl[i] = expf((T) i*tid);
  }

  T sum = 0;
  for (int i=0; i<size; i++) {
    for (int j=0; j<size; j++) {
      sum += xl[i]*xl[j];
    }
  }

  x[tid] = sum;
  if (tid < 2) printf("thread %d of block %d: %f\n", threadIdx.x, blockIdx.x, (double) sum);
}

template <int size, typename T>
void my_first_kernel_wrapper(int nblocks, int nthreads, T *h_x)
{
  T *d_x;
  int nsize = nblocks*nthreads;
  checkCudaErrors(cudaMalloc((void **)&d_x, nsize*sizeof(T)));
  my_first_kernel<size, T><<<nblocks,nthreads>>>(d_x);
  getLastCudaError("my_first_kernel execution failed\n");
  checkCudaErrors( cudaMemcpy(h_x,d_x,nsize*sizeof(T),cudaMemcpyDeviceToHost) );
  checkCudaErrors(cudaFree(d_x));
}

// explicit instantiation for the C++ main in main.cpp
template void my_first_kernel_wrapper<2, float>(int, int, float *);
template void my_first_kernel_wrapper<3, double>(int, int, double *);
