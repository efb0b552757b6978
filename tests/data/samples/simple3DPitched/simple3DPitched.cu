// In the style of the OLCF/NERSC CUDA training series: a 3D heat-diffusion
// step on pitched 3D allocations, with 2D pitched halos copied between
// streams and a do { } while (0) error-check macro.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err_ = (call);                                                \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "CUDA error %s (%s) at %s:%d\n", cudaGetErrorName(err_), \
              cudaGetErrorString(err_), __FILE__, __LINE__);                  \
      exit(EXIT_FAILURE);                                                     \
    }                                                                         \
  } while (0)

const int NX = 128, NY = 96, NZ = 64;

__global__ void diffuse(cudaPitchedPtr in, cudaPitchedPtr out, int nx, int ny,
                        int nz, float alpha) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  char *src = (char *)in.ptr;
  char *dst = (char *)out.ptr;
  size_t pitch = in.pitch;
  size_t slicePitch = pitch * ny;
  for (int z = 1; z < nz - 1; ++z) {
    float *row = (float *)(src + z * slicePitch + y * pitch);
    float *rowN = (float *)(src + z * slicePitch + (y - 1) * pitch);
    float *rowS = (float *)(src + z * slicePitch + (y + 1) * pitch);
    float *rowU = (float *)(src + (z - 1) * slicePitch + y * pitch);
    float *rowD = (float *)(src + (z + 1) * slicePitch + y * pitch);
    float c = row[x];
    float lap = row[x - 1] + row[x + 1] + rowN[x] + rowS[x] + rowU[x] +
                rowD[x] - 6.0f * c;
    float *o = (float *)(dst + z * slicePitch + y * pitch);
    o[x] = c + alpha * lap;
  }
}

__global__ void scaleRows(float *plane, size_t pitch, int width, int height,
                          float s) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) {
    float *row = (float *)((char *)plane + y * pitch);
    row[x] *= s;
  }
}

int main() {
  size_t freeMem = 0, totalMem = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeMem, &totalMem));
  printf("Device memory: %zu MB free of %zu MB\n", freeMem >> 20,
         totalMem >> 20);

  cudaExtent extent = make_cudaExtent(NX * sizeof(float), NY, NZ);
  cudaPitchedPtr dIn, dOut;
  CUDA_CHECK(cudaMalloc3D(&dIn, extent));
  CUDA_CHECK(cudaMalloc3D(&dOut, extent));
  CUDA_CHECK(cudaMemset3D(dIn, 0, extent));
  CUDA_CHECK(cudaMemset3D(dOut, 0, extent));
  printf("pitch = %zu bytes for rows of %zu bytes\n", dIn.pitch,
         NX * sizeof(float));

  float *h = (float *)malloc(NX * NY * NZ * sizeof(float));
  for (int i = 0; i < NX * NY * NZ; ++i) h[i] = (i % 7) * 0.5f;

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  cudaMemcpy3DParms up = {0};
  up.srcPtr = make_cudaPitchedPtr(h, NX * sizeof(float), NX, NY);
  up.dstPtr = dIn;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  CUDA_CHECK(cudaMemcpy3DAsync(&up, stream));

  dim3 block(32, 8);
  dim3 grid((NX + block.x - 1) / block.x, (NY + block.y - 1) / block.y);
  for (int step = 0; step < 10; ++step) {
    diffuse<<<grid, block, 0, stream>>>(dIn, dOut, NX, NY, NZ, 0.1f);
    CUDA_CHECK(cudaGetLastError());
    cudaPitchedPtr t = dIn;
    dIn = dOut;
    dOut = t;
  }

  // One z-slice as a 2D pitched plane: scale it and clear a border band.
  float *plane = (float *)((char *)dIn.ptr + (NZ / 2) * dIn.pitch * NY);
  scaleRows<<<dim3((NX + 127) / 128, NY), 128, 0, stream>>>(plane, dIn.pitch,
                                                             NX, NY, 2.0f);
  CUDA_CHECK(cudaMemset2DAsync(plane, dIn.pitch, 0, 4 * sizeof(float), NY,
                               stream));

  float *hPlane;
  CUDA_CHECK(cudaMallocHost(&hPlane, NX * NY * sizeof(float)));
  CUDA_CHECK(cudaMemcpy2DAsync(hPlane, NX * sizeof(float), plane, dIn.pitch,
                               NX * sizeof(float), NY, cudaMemcpyDeviceToHost,
                               stream));

  // Copy a sub-box out of the volume into a 3D array.
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t box;
  CUDA_CHECK(cudaMalloc3DArray(&box, &desc, make_cudaExtent(16, 16, 16)));
  cudaChannelFormatDesc boxDesc;
  cudaExtent boxExtent;
  unsigned int boxFlags;
  CUDA_CHECK(cudaArrayGetInfo(&boxDesc, &boxExtent, &boxFlags, box));
  printf("array %zux%zux%zu, %d-bit channel x\n", boxExtent.width,
         boxExtent.height, boxExtent.depth, boxDesc.x);

  cudaMemcpy3DParms sub = {0};
  sub.srcPtr = dIn;
  sub.srcPos = make_cudaPos(8 * sizeof(float), 8, 8);
  sub.dstArray = box;
  sub.extent = make_cudaExtent(16, 16, 16);
  sub.kind = cudaMemcpyDeviceToDevice;
  CUDA_CHECK(cudaMemcpy3DAsync(&sub, stream));

  cudaMemcpy3DParms down = {0};
  down.srcPtr = dIn;
  down.dstPtr = make_cudaPitchedPtr(h, NX * sizeof(float), NX, NY);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  CUDA_CHECK(cudaMemcpy3D(&down));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  double sum = 0;
  for (int i = 0; i < NX * NY * NZ; ++i) sum += h[i];
  printf("sum = %f, plane[5] = %f\n", sum, hPlane[5]);

  CUDA_CHECK(cudaFreeArray(box));
  CUDA_CHECK(cudaFreeHost(hPlane));
  CUDA_CHECK(cudaFree(dIn.ptr));
  CUDA_CHECK(cudaFree(dOut.ptr));
  CUDA_CHECK(cudaStreamDestroy(stream));
  free(h);
  return 0;
}
