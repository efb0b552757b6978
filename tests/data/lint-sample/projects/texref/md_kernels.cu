// Neighbour-list force kernel in the style of the SHOC/Rodinia MD benchmarks.
#include <cuda_runtime.h>

texture<float4, 1, cudaReadModeElementType> posTexture;
texture<int4, 1, cudaReadModeElementType> posTexture_dp;
texture<int, 1, cudaReadModeElementType> neighTexture;
texture<float2, 1, cudaReadModeElementType> coeffTexture;
texture<unsigned char, 2, cudaReadModeElementType> maskTexture;
texture<float, 1, cudaReadModeElementType> energyTexture;
texture<short2, 1> pairTexture;
surface<void, 1> forceSurface;
surface<void, 3> gridSurface;

__global__ void compute_forces(float4 *force, int natoms, int maxNeighbors, float cutsq) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= natoms) return;
  float4 ipos = tex1Dfetch(posTexture, i);
  float4 f = make_float4(0.f, 0.f, 0.f, 0.f);
  for (int j = 0; j < maxNeighbors; j++) {
    int jidx = tex1Dfetch(neighTexture, j * natoms + i);
    float4 jpos = tex1Dfetch(posTexture, jidx);
    float dx = ipos.x - jpos.x, dy = ipos.y - jpos.y, dz = ipos.z - jpos.z;
    float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < cutsq) {
      float2 c = tex1Dfetch(coeffTexture, jidx);
      float r2inv = 1.0f / r2;
      float r6inv = r2inv * r2inv * r2inv;
      float fm = r2inv * r6inv * (c.x * r6inv - c.y);
      f.x += dx * fm; f.y += dy * fm; f.z += dz * fm;
    }
  }
  force[i] = f;
}
