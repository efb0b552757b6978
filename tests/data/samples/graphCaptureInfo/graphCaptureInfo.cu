// In the style of the developer blog's "Getting Started with CUDA Graphs" and
// "Employing CUDA Graphs in a Dynamic Environment": a time step captured into
// a graph the first time, with a library routine that asks whether its
// stream is being captured, a host node, and the graph written out as DOT.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define N 500000
#define NSTEP 100
#define NKERNEL 20

__global__ void shortKernel(float *out_d, const float *in_d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) out_d[idx] = 1.23f * in_d[idx];
}

__global__ void accumulate(float *acc, const float *in_d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) acc[idx] += in_d[idx];
}

// A library call that must behave differently while its caller captures.
static void libraryScale(float *buf, cudaStream_t stream) {
  cudaStreamCaptureStatus status;
  unsigned long long id = 0;
  checkCudaErrors(cudaStreamGetCaptureInfo(stream, &status, &id));
  if (status == cudaStreamCaptureStatusActive) {
    // Inside a capture: no synchronous calls allowed, launch only.
    shortKernel<<<(N + 511) / 512, 512, 0, stream>>>(buf, buf);
  } else {
    shortKernel<<<(N + 511) / 512, 512, 0, stream>>>(buf, buf);
    checkCudaErrors(cudaStreamSynchronize(stream));
  }
}

static void CUDART_CB stepDone(void *data) {
  int *steps = static_cast<int *>(data);
  ++*steps;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);

  float *in_d, *out_d, *acc_d;
  checkCudaErrors(cudaMalloc(&in_d, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out_d, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&acc_d, N * sizeof(float)));
  checkCudaErrors(cudaMemset(in_d, 0, N * sizeof(float)));
  checkCudaErrors(cudaMemset(acc_d, 0, N * sizeof(float)));

  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  bool graphCreated = false;
  cudaGraph_t graph;
  cudaGraphExec_t instance;
  int steps = 0;
  int threads = 512, blocks = (N + threads - 1) / threads;

  for (int istep = 0; istep < NSTEP; istep++) {
    if (!graphCreated) {
      checkCudaErrors(
          cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
      cudaStreamCaptureStatus capturing;
      checkCudaErrors(cudaStreamIsCapturing(stream, &capturing));
      printf("capturing: %s\n",
             capturing == cudaStreamCaptureStatusActive ? "yes" : "no");

      // Code this thread calls that would make an unsafe call (a
      // cudaMalloc) is let through while the capture is thread-local.
      cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
      checkCudaErrors(cudaThreadExchangeStreamCaptureMode(&mode));
      float *scratch;
      checkCudaErrors(cudaMalloc(&scratch, sizeof(float)));
      checkCudaErrors(cudaThreadExchangeStreamCaptureMode(&mode));

      for (int ikrnl = 0; ikrnl < NKERNEL; ikrnl++) {
        shortKernel<<<blocks, threads, 0, stream>>>(out_d, in_d);
      }
      libraryScale(out_d, stream);
      accumulate<<<blocks, threads, 0, stream>>>(acc_d, out_d);
      checkCudaErrors(cudaLaunchHostFunc(stream, stepDone, &steps));
      checkCudaErrors(cudaStreamEndCapture(stream, &graph));

      size_t numNodes = 0;
      checkCudaErrors(cudaGraphGetNodes(graph, nullptr, &numNodes));
      printf("graph has %zu nodes\n", numNodes);
      checkCudaErrors(cudaGraphDebugDotPrint(
          graph, "graph.dot", cudaGraphDebugDotFlagsVerbose));
      checkCudaErrors(cudaGraphInstantiate(&instance, graph, 0));
      checkCudaErrors(cudaFree(scratch));
      graphCreated = true;
    }
    checkCudaErrors(cudaGraphLaunch(instance, stream));
  }
  checkCudaErrors(cudaStreamSynchronize(stream));
  printf("%d steps completed\n", steps);

  checkCudaErrors(cudaGraphExecDestroy(instance));
  checkCudaErrors(cudaGraphDestroy(graph));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(in_d));
  checkCudaErrors(cudaFree(out_d));
  checkCudaErrors(cudaFree(acc_d));
  return steps == NSTEP ? EXIT_SUCCESS : EXIT_FAILURE;
}
