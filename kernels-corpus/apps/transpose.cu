// corpus: apps; matrix transpose: naive vs shared-memory tile with +1 padding against bank conflicts, non-square sizes
#include <vector>
#include "helper_cuda.cuh"

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(float* out, const float* in, int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height) out[x * height + (y + j)] = in[(y + j) * width + x];
}

__global__ void transposeTiled(float* out, const float* in, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;  // swapped block offsets
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 300, height = 170;  // in: height rows x width cols
  std::vector<float> h(width * height), o1(width * height), o2(width * height);
  for (int i = 0; i < width * height; ++i) h[i] = (float)i;
  app::DeviceBuffer<float> dIn(width * height), dOut1(width * height), dOut2(width * height);
  dIn.upload(h.data());
  dim3 grid(app::ceilDiv(width, TILE_DIM), app::ceilDiv(height, TILE_DIM));
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeNaive<<<grid, block>>>(dOut1.get(), dIn.get(), width, height);
  CHECK_LAST("transposeNaive");
  transposeTiled<<<grid, block>>>(dOut2.get(), dIn.get(), width, height);
  CHECK_LAST("transposeTiled");
  dOut1.download(o1.data());
  dOut2.download(o2.data());
  bool ok = true;
  double checksum = 0;
  for (int r = 0; r < width; ++r)
    for (int c = 0; c < height; ++c) {
      float e = h[c * width + r];
      ok = ok && o1[r * height + c] == e && o2[r * height + c] == e;
      checksum += o2[r * height + c] * (double)((r + c) % 3);
    }
  printf("out[1] = %.0f, out[height] = %.0f, weighted checksum = %.0f\n", o2[1], o2[height], checksum);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
