//
// GPU course practical 6: the C++ main, compiled by the host compiler.
//

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>
#include <helper_cuda.h>

template <int size, typename T>
void my_first_kernel_wrapper(int nblocks, int nthreads, T *h_x);

int main(int argc, const char **argv)
{
  int nblocks = 2, nthreads = 8, nsize = nblocks*nthreads;

  findCudaDevice(argc, argv);

  float *h_x = (float *)malloc(nsize*sizeof(float));
  double *h_y = (double *)malloc(nsize*sizeof(double));

  my_first_kernel_wrapper<2, float>(nblocks, nthreads, h_x);
  my_first_kernel_wrapper<3, double>(nblocks, nthreads, h_y);

  for (int n=0; n<nsize; n++) printf(" n,  x, y  =  %d  %g %g\n", n, h_x[n], h_y[n]);

  free(h_x);
  free(h_y);
  checkCudaErrors(cudaDeviceReset());
  return 0;
}
