// HeCBench hpl-cuda/src/hpl-2.3/src/cuda/cuda_dgemm.cpp, lines 89-109, 148-168
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 * ---------------------------------------------------------------------
 */

#define NUMBER_OF_STREAMS 4
#define CHUNK_SIZE 512
#define NN 64
#define NM 128
#define ERRCODE(e) (-(__LINE__ * 1000 + (e)))

#define _GNU_SOURCE

// #define DEVICE_DEBUG

#include <cblas.h>
#include <cublas.h>
#include <cuda.h>
#ifdef DEVICE_DEBUG
#include <iostream>
#endif

// ...
#endif

  double *devPtrA, *devPtrB, *devPtrC;
  int status;

  cudaMalloc((void **)&devPtrA, K * LDA * sizeof(double));
  cudaMemcpy(devPtrA, &A[0], K * LDA * sizeof(double), cudaMemcpyHostToDevice);

  cudaMalloc((void **)&devPtrB, N * LDB * sizeof(double));
  cudaMemcpy(devPtrB, &B[0], N * LDB * sizeof(double), cudaMemcpyHostToDevice);

  cudaMalloc((void **)&devPtrC, N * LDC * sizeof(double));
  cudaMemcpy(devPtrC, &C[0], N * LDC * sizeof(double), cudaMemcpyHostToDevice);

  cudaDeviceSynchronize();
  cublasDgemm('N', 'N', M, N, K, ALPHA, devPtrA, LDA, devPtrB, LDB, BETA,
              devPtrC, LDC);
  cudaDeviceSynchronize();
  cudaMemcpy(&C[0], devPtrC, N * LDC * sizeof(double), cudaMemcpyDeviceToHost);
  cudaDeviceSynchronize();
  cudaFree(devPtrA);