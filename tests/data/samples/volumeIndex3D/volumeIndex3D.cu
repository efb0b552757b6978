// A 3D box filter over a volume, indexed the way helper_math.h lets code
// write it: the thread's 3D position computed on uint3 values
// (blockIdx * blockDim + threadIdx), clamped neighbours through int3 and
// the volume extent passed as a uint3; the launch shape kept as uint3
// values and converted to dim3.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_math.h>

__device__ __forceinline__ unsigned flatten(uint3 p, uint3 n) {
  return (p.z * n.y + p.y) * n.x + p.x;
}

__global__ void boxFilter3D(const float *__restrict__ in, float *__restrict__ out, uint3 n) {
  const uint3 pos = blockIdx * blockDim + threadIdx;
  if (pos.x >= n.x || pos.y >= n.y || pos.z >= n.z) return;
  const int3 p = make_int3(pos);
  float sum = 0.0f;
  int count = 0;
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = p.x + dx, y = p.y + dy, z = p.z + dz;
        if (x < 0 || y < 0 || z < 0 || x >= (int)n.x || y >= (int)n.y || z >= (int)n.z) continue;
        sum += in[flatten(make_uint3(x, y, z), n)];
        ++count;
      }
  out[flatten(pos, n)] = sum / count;
}

__global__ void coordinates(float3 *out, uint3 n) {
  const uint3 pos = threadIdx + blockDim * blockIdx;
  if (pos.x < n.x && pos.y < n.y && pos.z < n.z)
    out[flatten(pos, n)] = make_float3(pos) / make_float3(n.x, n.y, n.z);
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  (void)dev;
  const uint3 extent = make_uint3(64, 48, 32);
  const uint3 threads = make_uint3(8, 8, 4);
  uint3 blocks;
  blocks.x = (extent.x + threads.x - 1) / threads.x;
  blocks.y = (extent.y + threads.y - 1) / threads.y;
  blocks.z = (extent.z + threads.z - 1) / threads.z;
  const size_t count = (size_t)extent.x * extent.y * extent.z;

  float *h_in = (float *)malloc(count * sizeof(float));
  float *h_out = (float *)malloc(count * sizeof(float));
  for (size_t i = 0; i < count; ++i) h_in[i] = (float)(rand() % 100) / 10.0f;

  float *d_in, *d_out;
  float3 *d_coords;
  checkCudaErrors(cudaMalloc((void **)&d_in, count * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_out, count * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_coords, count * sizeof(float3)));
  checkCudaErrors(cudaMemcpy(d_in, h_in, count * sizeof(float), cudaMemcpyHostToDevice));

  dim3 grid(blocks);
  dim3 block = threads;
  boxFilter3D<<<grid, block>>>(d_in, d_out, extent);
  getLastCudaError("boxFilter3D failed");
  coordinates<<<grid, block>>>(d_coords, extent);
  getLastCudaError("coordinates failed");
  checkCudaErrors(cudaMemcpy(h_out, d_out, count * sizeof(float), cudaMemcpyDeviceToHost));

  double total = 0.0;
  for (size_t i = 0; i < count; ++i) total += h_out[i];
  printf("mean of the filtered volume: %f\n", total / count);

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_coords));
  free(h_in);
  free(h_out);
  return 0;
}
