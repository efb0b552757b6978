#include "pmpp_common.h"

#include <random>

void spmv_all(const CSRMatrix &A, const std::vector<float> &x, std::vector<float> &y);
std::vector<unsigned int> bfs(const CSRMatrix &graph, unsigned int source);

CSRMatrix random_csr(unsigned int rows, unsigned int cols, unsigned int maxPerRow, unsigned int seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<unsigned int> per(1, maxPerRow), col(0, cols - 1);
  std::uniform_real_distribution<float> val(-1.f, 1.f);
  CSRMatrix m{rows, cols, {0}, {}, {}};
  for (unsigned int r = 0; r < rows; ++r) {
    unsigned int k = per(gen);
    for (unsigned int i = 0; i < k; ++i) {
      m.colIdx.push_back(col(gen));
      m.value.push_back(val(gen));
    }
    m.rowPtrs.push_back(m.colIdx.size());
  }
  return m;
}

int main() {
  int device;
  cudaDeviceProp prop;
  gpuErrchk(cudaGetDevice(&device));
  gpuErrchk(cudaGetDeviceProperties(&prop, device));
  printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);

  CSRMatrix A = random_csr(1 << 14, 1 << 14, 12, 7);
  std::vector<float> x(A.numCols, 1.0f), y;
  Timer t;
  t.start();
  spmv_all(A, x, y);
  printf("spmv: %.3f ms, y[0]=%f\n", t.stop_ms(), y[0]);

  t.start();
  std::vector<unsigned int> level = bfs(A, 0);
  unsigned int reached = 0, depth = 0;
  for (unsigned int l : level)
    if (l != 0xFFFFFFFFu) {
      ++reached;
      depth = max(depth, l);
    }
  printf("bfs: %.3f ms, %u reached, depth %u\n", t.stop_ms(), reached, depth);
  return 0;
}
