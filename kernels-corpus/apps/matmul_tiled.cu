// corpus: apps; tiled shared-memory matrix multiply (template tile size, 2D grid, boundary handling) using a local helper header
#include <vector>
#include "helper_cuda.cuh"

template <int TILE>
__global__ void matmulTiled(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int aCol = t * TILE + threadIdx.x;
    int bRow = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

template <int TILE>
static bool run(int M, int N, int K) {
  std::vector<float> hA(M * K), hB(K * N), hC(M * N);
  for (int i = 0; i < M * K; ++i) hA[i] = (float)((i * 3) % 7 - 3);
  for (int i = 0; i < K * N; ++i) hB[i] = (float)((i * 5) % 11 - 5);
  app::DeviceBuffer<float> dA(M * K), dB(K * N), dC(M * N);
  dA.upload(hA.data());
  dB.upload(hB.data());
  dim3 block(TILE, TILE);
  dim3 grid(app::ceilDiv(N, TILE), app::ceilDiv(M, TILE));
  app::GpuTimer timer;
  timer.start();
  matmulTiled<TILE><<<grid, block>>>(dA.get(), dB.get(), dC.get(), M, N, K);
  CHECK_LAST("matmulTiled");
  timer.stop();
  float ms = timer.elapsedMs();
  dC.download(hC.data());

  bool ok = ms >= 0.0f;
  double checksum = 0;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float acc = 0.0f;  // small integers: exact regardless of summation order
      for (int k = 0; k < K; ++k) acc += hA[r * K + k] * hB[k * N + c];
      ok = ok && hC[r * N + c] == acc;
      checksum += hC[r * N + c];
    }
  printf("TILE=%2d %dx%dx%d checksum=%.0f C[0]=%.0f timing sane: %s %s\n", TILE, M, N, K, checksum, hC[0],
         ms >= 0.0f ? "ok" : "FAIL", ok ? "ok" : "FAIL");
  return ok;
}

int main() {
  bool ok = run<16>(100, 75, 130);
  ok = run<32>(64, 64, 64) && ok;
  ok = run<8>(33, 17, 9) && ok;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
