// An MPI-shaped communicator over the GPUs of one process (no MPI): each
// rank is a device with its own stream; sends and receives are peer copies.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_RT_CALL(call)                                                                  \
  {                                                                                         \
    cudaError_t cudaStatus = call;                                                          \
    if (cudaSuccess != cudaStatus) {                                                        \
      fprintf(stderr,                                                                       \
              "ERROR: CUDA RT call \"%s\" in line %d of file %s failed "                    \
              "with %s (%d).\n",                                                            \
              #call, __LINE__, __FILE__, cudaGetErrorString(cudaStatus), cudaStatus);       \
      exit(cudaStatus);                                                                     \
    }                                                                                       \
  }

struct Comm {
  int size;
  std::vector<cudaStream_t> streams;
  std::vector<cudaEvent_t> done;

  explicit Comm(int maxRanks) {
    int devices = 0;
    CUDA_RT_CALL(cudaGetDeviceCount(&devices));
    size = devices < maxRanks ? devices : maxRanks;
    streams.resize(size);
    done.resize(size);
    for (int r = 0; r < size; ++r) {
      CUDA_RT_CALL(cudaSetDevice(r));
      CUDA_RT_CALL(cudaStreamCreateWithFlags(&streams[r], cudaStreamNonBlocking));
      CUDA_RT_CALL(cudaEventCreateWithFlags(&done[r], cudaEventDisableTiming));
      for (int peer : {r - 1, r + 1}) {
        if (peer < 0 || peer >= size) continue;
        int canAccess = 0;
        CUDA_RT_CALL(cudaDeviceCanAccessPeer(&canAccess, r, peer));
        if (canAccess) {
          cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
          if (e == cudaErrorPeerAccessAlreadyEnabled) cudaGetLastError();
          else CUDA_RT_CALL(e);
        }
      }
    }
  }
  ~Comm() {
    for (int r = 0; r < size; ++r) {
      cudaSetDevice(r);
      cudaEventDestroy(done[r]);
      cudaStreamDestroy(streams[r]);
    }
  }
  // Rank `to` receives `count` floats from rank `from`.
  void sendrecv(float *dst, int to, const float *src, int from, size_t count) {
    CUDA_RT_CALL(cudaMemcpyPeerAsync(dst, to, src, from, count * sizeof(float), streams[from]));
  }
  void barrier() {
    for (int r = 0; r < size; ++r) CUDA_RT_CALL(cudaEventRecord(done[r], streams[r]));
    for (int r = 0; r < size; ++r)
      for (int o = 0; o < size; ++o) CUDA_RT_CALL(cudaStreamWaitEvent(streams[r], done[o], 0));
  }
};
