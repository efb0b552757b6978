// Chapter 4: one OpenMP thread per CUDA stream, each enqueuing its work and a
// host function that reports when the stream reaches it.
#include <omp.h>

#include <cstdio>
#include <vector>

#include "util.cuh"

float run_fp16(int n, cudaStream_t stream);
void run_fp32(int n, float *x, float *y, cudaStream_t stream);

struct Operator {
  int index;
  cudaStream_t stream;
  float *x, *y;
  int n;
};

void CUDART_CB report(void *data) {
  Operator *op = static_cast<Operator *>(data);
  printf("stream %d finished its batch\n", op->index);
}

int main(int argc, char *argv[]) {
  const int num_operator = 4;
  const int n = 1 << 20;
  std::vector<Operator> ops(num_operator);

  int priority_low, priority_high;
  checkCudaErrors(cudaDeviceGetStreamPriorityRange(&priority_low, &priority_high));

  for (int i = 0; i < num_operator; i++) {
    ops[i].index = i;
    ops[i].n = n;
    checkCudaErrors(cudaStreamCreateWithPriority(&ops[i].stream, cudaStreamNonBlocking,
                                                 i == 0 ? priority_high : priority_low));
    checkCudaErrors(cudaMalloc((void **)&ops[i].x, n * sizeof(float)));
    checkCudaErrors(cudaMalloc((void **)&ops[i].y, n * sizeof(float)));
  }

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  checkCudaErrors(cudaEventRecord(start));

  omp_set_num_threads(num_operator);
#pragma omp parallel
  {
    int i = omp_get_thread_num();
    run_fp32(ops[i].n, ops[i].x, ops[i].y, ops[i].stream);
    checkCudaErrors(cudaLaunchHostFunc(ops[i].stream, report, &ops[i]));
    float dot = run_fp16(ops[i].n, ops[i].stream);
#pragma omp critical
    printf("thread %d: fp16 dot = %f\n", i, dot);
  }

  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  printf("elapsed %.3f ms with %d streams\n", ms, num_operator);

  for (auto &op : ops) {
    checkCudaErrors(cudaStreamQuery(op.stream) == cudaErrorNotReady ? cudaSuccess : cudaStreamQuery(op.stream));
    checkCudaErrors(cudaStreamSynchronize(op.stream));
    checkCudaErrors(cudaStreamDestroy(op.stream));
    checkCudaErrors(cudaFree(op.x));
    checkCudaErrors(cudaFree(op.y));
  }
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  return 0;
}
