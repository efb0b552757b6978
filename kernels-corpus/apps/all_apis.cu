// corpus: apps; one program using the runtime, driver and device APIs, cuRAND (host and device) and cuSPARSE together
// corpus-link: -lcurand -lcusparse -lcuda
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cusparse.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t e_ = (call);                                                     \
    if (e_ != cudaSuccess) {                                                     \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      return EXIT_FAILURE;                                                       \
    }                                                                            \
  } while (0)
#define CHECK_CU(call)                                                  \
  do {                                                                  \
    CUresult r_ = (call);                                               \
    if (r_ != CUDA_SUCCESS) {                                           \
      fprintf(stderr, "%s:%d: driver error %d\n", __FILE__, __LINE__, (int)r_); \
      return EXIT_FAILURE;                                              \
    }                                                                   \
  } while (0)
#define CHECK_RAND(call)                                                          \
  do {                                                                            \
    if ((call) != CURAND_STATUS_SUCCESS) {                                        \
      fprintf(stderr, "%s:%d: curand error\n", __FILE__, __LINE__);               \
      return EXIT_FAILURE;                                                        \
    }                                                                             \
  } while (0)
#define CHECK_SPARSE(call)                                                        \
  do {                                                                            \
    if ((call) != CUSPARSE_STATUS_SUCCESS) {                                      \
      fprintf(stderr, "%s:%d: cusparse error\n", __FILE__, __LINE__);             \
      return EXIT_FAILURE;                                                        \
    }                                                                             \
  } while (0)

// Device API: per-thread cuRAND states, a warp-shuffle sum of each warp's
// draws, and an atomic total of how many fell below 0.5.
__global__ void draw(unsigned long long seed, unsigned* below_half, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, i, 0, &state);
  float u = i < n ? curand_uniform(&state) : 1.0f;
  unsigned hit = u < 0.5f ? 1u : 0u;
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    hit += __shfl_down_sync(0xffffffffffffffffULL, hit, offset);
  if (threadIdx.x % warpSize == 0) atomicAdd(below_half, hit);
}

int main() {
  // Driver API: initialise and query the device the runtime will use.
  CHECK_CU(cuInit(0));
  CUdevice dev;
  CHECK_CU(cuDeviceGet(&dev, 0));
  int sms = 0;
  CHECK_CU(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  printf("driver: multiprocessors>0 %s\n", sms > 0 ? "ok" : "FAIL");

  // Runtime + device API + cuRAND device API.
  const int n = 1 << 16;
  unsigned* d_count;
  CHECK(cudaMalloc(&d_count, sizeof(unsigned)));
  CHECK(cudaMemset(d_count, 0, sizeof(unsigned)));
  draw<<<n / 256, 256>>>(1234ULL, d_count, n);
  CHECK(cudaGetLastError());
  unsigned count = 0;
  CHECK(cudaMemcpy(&count, d_count, sizeof(count), cudaMemcpyDeviceToHost));
  double frac = double(count) / n;
  bool ok = frac > 0.47 && frac < 0.53;
  printf("device rng: fraction below 0.5 in [0.47,0.53] %s\n", ok ? "ok" : "FAIL");

  // cuRAND host API: mean of uniform draws.
  float* d_u;
  CHECK(cudaMalloc(&d_u, n * sizeof(float)));
  curandGenerator_t gen;
  CHECK_RAND(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK_RAND(curandSetPseudoRandomGeneratorSeed(gen, 42ULL));
  CHECK_RAND(curandGenerateUniform(gen, d_u, n));
  float* h_u = (float*)malloc(n * sizeof(float));
  CHECK(cudaMemcpy(h_u, d_u, n * sizeof(float), cudaMemcpyDeviceToHost));
  double mean = 0;
  for (int i = 0; i < n; ++i) mean += h_u[i];
  mean /= n;
  bool mean_ok = mean > 0.48 && mean < 0.52;
  printf("host rng: mean in [0.48,0.52] %s\n", mean_ok ? "ok" : "FAIL");
  ok = ok && mean_ok && sms > 0;

  // cuSPARSE: y = A x for a 3x3 CSR matrix [[1,0,2],[0,3,0],[4,0,5]], x = [1,2,3].
  int h_rows[4] = {0, 2, 3, 5}, h_cols[5] = {0, 2, 1, 0, 2};
  float h_vals[5] = {1, 2, 3, 4, 5}, h_x[3] = {1, 2, 3}, h_y[3] = {0, 0, 0};
  int *d_rows, *d_cols;
  float *d_vals, *d_x, *d_y;
  CHECK(cudaMalloc(&d_rows, sizeof(h_rows)));
  CHECK(cudaMalloc(&d_cols, sizeof(h_cols)));
  CHECK(cudaMalloc(&d_vals, sizeof(h_vals)));
  CHECK(cudaMalloc(&d_x, sizeof(h_x)));
  CHECK(cudaMalloc(&d_y, sizeof(h_y)));
  CHECK(cudaMemcpy(d_rows, h_rows, sizeof(h_rows), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_cols, h_cols, sizeof(h_cols), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_vals, h_vals, sizeof(h_vals), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_x, h_x, sizeof(h_x), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, h_y, sizeof(h_y), cudaMemcpyHostToDevice));
  cusparseHandle_t handle;
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t X, Y;
  CHECK_SPARSE(cusparseCreate(&handle));
  CHECK_SPARSE(cusparseCreateCsr(&A, 3, 3, 5, d_rows, d_cols, d_vals, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_SPARSE(cusparseCreateDnVec(&X, 3, d_x, CUDA_R_32F));
  CHECK_SPARSE(cusparseCreateDnVec(&Y, 3, d_y, CUDA_R_32F));
  const float one = 1.0f, zero = 0.0f;
  size_t bytes = 0;
  CHECK_SPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y,
                                       CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void* buffer;
  CHECK(cudaMalloc(&buffer, bytes > 0 ? bytes : 1));
  CHECK_SPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
                            CUSPARSE_SPMV_ALG_DEFAULT, buffer));
  CHECK(cudaMemcpy(h_y, d_y, sizeof(h_y), cudaMemcpyDeviceToHost));
  printf("sparse: y = %.1f %.1f %.1f\n", h_y[0], h_y[1], h_y[2]);
  ok = ok && h_y[0] == 7.0f && h_y[1] == 6.0f && h_y[2] == 19.0f;

  CHECK_SPARSE(cusparseDestroySpMat(A));
  CHECK_SPARSE(cusparseDestroyDnVec(X));
  CHECK_SPARSE(cusparseDestroyDnVec(Y));
  CHECK_SPARSE(cusparseDestroy(handle));
  CHECK_RAND(curandDestroyGenerator(gen));
  free(h_u);
  CHECK(cudaFree(buffer));
  CHECK(cudaFree(d_rows));
  CHECK(cudaFree(d_cols));
  CHECK(cudaFree(d_vals));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_u));
  CHECK(cudaFree(d_count));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
