// The CUDA C++ Programming Guide's shared-memory matrix multiplication
// (section 3.2.4): a Matrix struct with a stride, __device__ accessors,
// GetSubMatrix, a host MatMul that copies the matrices to the device and
// launches with dim3 built from the block size, timed with events.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_timer.h>

// Matrices are stored in row-major order:
// M(row, col) = *(M.elements + row * M.stride + col)
typedef struct {
  int width;
  int height;
  int stride;
  float *elements;
} Matrix;

#define BLOCK_SIZE 16

__device__ float GetElement(const Matrix A, int row, int col) {
  return A.elements[row * A.stride + col];
}

__device__ void SetElement(Matrix A, int row, int col, float value) {
  A.elements[row * A.stride + col] = value;
}

__device__ Matrix GetSubMatrix(Matrix A, int row, int col) {
  Matrix Asub;
  Asub.width = BLOCK_SIZE;
  Asub.height = BLOCK_SIZE;
  Asub.stride = A.stride;
  Asub.elements = &A.elements[A.stride * BLOCK_SIZE * row + BLOCK_SIZE * col];
  return Asub;
}

__global__ void MatMulKernel(Matrix A, Matrix B, Matrix C) {
  int blockRow = blockIdx.y;
  int blockCol = blockIdx.x;
  Matrix Csub = GetSubMatrix(C, blockRow, blockCol);
  float Cvalue = 0;
  int row = threadIdx.y;
  int col = threadIdx.x;
  for (int m = 0; m < (A.width / BLOCK_SIZE); ++m) {
    Matrix Asub = GetSubMatrix(A, blockRow, m);
    Matrix Bsub = GetSubMatrix(B, m, blockCol);
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[row][col] = GetElement(Asub, row, col);
    Bs[row][col] = GetElement(Bsub, row, col);
    __syncthreads();
#pragma unroll
    for (int e = 0; e < BLOCK_SIZE; ++e) Cvalue += As[row][e] * Bs[e][col];
    __syncthreads();
  }
  SetElement(Csub, row, col, Cvalue);
}

void MatMul(const Matrix A, const Matrix B, Matrix C) {
  Matrix d_A;
  d_A.width = d_A.stride = A.width;
  d_A.height = A.height;
  size_t size = A.width * A.height * sizeof(float);
  checkCudaErrors(cudaMalloc(&d_A.elements, size));
  checkCudaErrors(cudaMemcpy(d_A.elements, A.elements, size, cudaMemcpyHostToDevice));
  Matrix d_B;
  d_B.width = d_B.stride = B.width;
  d_B.height = B.height;
  size = B.width * B.height * sizeof(float);
  checkCudaErrors(cudaMalloc(&d_B.elements, size));
  checkCudaErrors(cudaMemcpy(d_B.elements, B.elements, size, cudaMemcpyHostToDevice));
  Matrix d_C;
  d_C.width = d_C.stride = C.width;
  d_C.height = C.height;
  size = C.width * C.height * sizeof(float);
  checkCudaErrors(cudaMalloc(&d_C.elements, size));

  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(B.width / dimBlock.x, A.height / dimBlock.y);
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start, 0));
  MatMulKernel<<<dimGrid, dimBlock>>>(d_A, d_B, d_C);
  getLastCudaError("MatMulKernel");
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  printf("MatMulKernel: %.3f ms\n", ms);
  checkCudaErrors(cudaMemcpy(C.elements, d_C.elements, size, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_A.elements));
  checkCudaErrors(cudaFree(d_B.elements));
  checkCudaErrors(cudaFree(d_C.elements));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 256;
  Matrix A = {n, n, n, (float *)malloc(n * n * sizeof(float))};
  Matrix B = {n, n, n, (float *)malloc(n * n * sizeof(float))};
  Matrix C = {n, n, n, (float *)malloc(n * n * sizeof(float))};
  for (int i = 0; i < n * n; ++i) {
    A.elements[i] = 1.0f;
    B.elements[i] = 0.5f;
  }
  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  MatMul(A, B, C);
  sdkStopTimer(&timer);
  printf("MatMul total: %.3f ms, C[0] = %f (expected %f)\n", sdkGetTimerValue(&timer), C.elements[0], n * 0.5f);
  sdkDeleteTimer(&timer);
  free(A.elements);
  free(B.elements);
  free(C.elements);
  return 0;
}
