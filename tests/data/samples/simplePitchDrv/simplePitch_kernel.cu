// The module simplePitchDrv loads (built with nvcc -fatbin).

__constant__ float g_scale;

extern "C" __global__ void fill2D(float *img, size_t pitch, int width,
                                  int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = (float *)((char *)img + y * pitch);
    row[x] = g_scale * (x + y * width);
  }
}
