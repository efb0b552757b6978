// Course-style helpers: a gpuErrchk macro over every call, a host CSR matrix
// and graph, and a wall-clock timer.
#pragma once
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define gpuErrchk(ans) \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

struct CSRMatrix {
  unsigned int numRows;
  unsigned int numCols;
  std::vector<unsigned int> rowPtrs;
  std::vector<unsigned int> colIdx;
  std::vector<float> value;
};

struct ELLMatrix {
  unsigned int numRows;
  unsigned int maxNnzPerRow;
  unsigned int *nnzPerRow;  // device
  unsigned int *colIdx;     // device, column-major
  float *value;             // device, column-major
};

class Timer {
 public:
  void start() { t0_ = std::chrono::high_resolution_clock::now(); }
  double stop_ms() {
    auto t1 = std::chrono::high_resolution_clock::now();
    return std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0_).count() / 1000.0;
  }

 private:
  std::chrono::high_resolution_clock::time_point t0_;
};

CSRMatrix random_csr(unsigned int rows, unsigned int cols, unsigned int maxPerRow, unsigned int seed);
