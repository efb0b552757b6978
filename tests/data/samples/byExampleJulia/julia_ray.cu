/*
 * In the style of "CUDA by Example" (Sanders, Kandrot), chapters 4 and 6: the
 * Julia set with the book's own cuComplex structure, and a ray tracer whose
 * spheres live in constant memory, timed with events. The bitmap is written
 * as a PPM instead of shown with GLUT.
 */

#include <stdio.h>
#include <stdlib.h>
#include "../Common/book.h"

#define DIM 1000
#define INF 2e10f
#define rnd(x) (x * rand() / RAND_MAX)
#define SPHERES 20

struct cuComplex {
  float r;
  float i;
  __device__ cuComplex(float a, float b) : r(a), i(b) {}
  __device__ float magnitude2(void) { return r * r + i * i; }
  __device__ cuComplex operator*(const cuComplex &a) {
    return cuComplex(r * a.r - i * a.i, i * a.r + r * a.i);
  }
  __device__ cuComplex operator+(const cuComplex &a) {
    return cuComplex(r + a.r, i + a.i);
  }
};

__device__ int julia(int x, int y) {
  const float scale = 1.5;
  float jx = scale * (float)(DIM / 2 - x) / (DIM / 2);
  float jy = scale * (float)(DIM / 2 - y) / (DIM / 2);

  cuComplex c(-0.8, 0.156);
  cuComplex a(jx, jy);

  int i = 0;
  for (i = 0; i < 200; i++) {
    a = a * a + c;
    if (a.magnitude2() > 1000) return 0;
  }

  return 1;
}

__global__ void kernel(unsigned char *ptr) {
  // map from blockIdx to pixel position
  int x = blockIdx.x;
  int y = blockIdx.y;
  int offset = x + y * gridDim.x;

  // now calculate the value at that position
  int juliaValue = julia(x, y);
  ptr[offset * 4 + 0] = 255 * juliaValue;
  ptr[offset * 4 + 1] = 0;
  ptr[offset * 4 + 2] = 0;
  ptr[offset * 4 + 3] = 255;
}

struct Sphere {
  float r, b, g;
  float radius;
  float x, y, z;
  __device__ float hit(float ox, float oy, float *n) {
    float dx = ox - x;
    float dy = oy - y;
    if (dx * dx + dy * dy < radius * radius) {
      float dz = sqrtf(radius * radius - dx * dx - dy * dy);
      *n = dz / sqrtf(radius * radius);
      return dz + z;
    }
    return -INF;
  }
};

__constant__ Sphere s[SPHERES];

__global__ void raytrace(unsigned char *ptr) {
  // map from threadIdx/BlockIdx to pixel position
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  int offset = x + y * blockDim.x * gridDim.x;
  float ox = (x - DIM / 2);
  float oy = (y - DIM / 2);

  float r = 0, g = 0, b = 0;
  float maxz = -INF;
  for (int i = 0; i < SPHERES; i++) {
    float n;
    float t = s[i].hit(ox, oy, &n);
    if (t > maxz) {
      float fscale = n;
      r = s[i].r * fscale;
      g = s[i].g * fscale;
      b = s[i].b * fscale;
      maxz = t;
    }
  }

  ptr[offset * 4 + 0] = (int)(r * 255);
  ptr[offset * 4 + 1] = (int)(g * 255);
  ptr[offset * 4 + 2] = (int)(b * 255);
  ptr[offset * 4 + 3] = 255;
}

static void save(const char *name, const unsigned char *rgba) {
  FILE *f = fopen(name, "wb");
  if (!f) return;
  fprintf(f, "P6\n%d %d\n255\n", DIM, DIM);
  for (int i = 0; i < DIM * DIM; ++i) fwrite(rgba + 4 * i, 1, 3, f);
  fclose(f);
}

int main(void) {
  unsigned char *bitmap = (unsigned char *)malloc(DIM * DIM * 4);
  unsigned char *dev_bitmap;

  HANDLE_ERROR(cudaMalloc((void **)&dev_bitmap, DIM * DIM * 4));

  dim3 grid(DIM, DIM);
  kernel<<<grid, 1>>>(dev_bitmap);

  HANDLE_ERROR(cudaMemcpy(bitmap, dev_bitmap, DIM * DIM * 4,
                          cudaMemcpyDeviceToHost));
  save("julia.ppm", bitmap);

  // capture the start time
  cudaEvent_t start, stop;
  HANDLE_ERROR(cudaEventCreate(&start));
  HANDLE_ERROR(cudaEventCreate(&stop));
  HANDLE_ERROR(cudaEventRecord(start, 0));

  // allocate temp memory, initialize it, copy to constant
  // memory on the GPU, then free our temp memory
  Sphere *temp_s = (Sphere *)malloc(sizeof(Sphere) * SPHERES);
  for (int i = 0; i < SPHERES; i++) {
    temp_s[i].r = rnd(1.0f);
    temp_s[i].g = rnd(1.0f);
    temp_s[i].b = rnd(1.0f);
    temp_s[i].x = rnd(1000.0f) - 500;
    temp_s[i].y = rnd(1000.0f) - 500;
    temp_s[i].z = rnd(1000.0f) - 500;
    temp_s[i].radius = rnd(100.0f) + 20;
  }
  HANDLE_ERROR(cudaMemcpyToSymbol(s, temp_s, sizeof(Sphere) * SPHERES));
  free(temp_s);

  // generate a bitmap from our sphere data
  dim3 grids(DIM / 16, DIM / 16);
  dim3 threads(16, 16);
  raytrace<<<grids, threads>>>(dev_bitmap);

  // copy our bitmap back from the GPU for display
  HANDLE_ERROR(cudaMemcpy(bitmap, dev_bitmap, DIM * DIM * 4,
                          cudaMemcpyDeviceToHost));

  // get stop time, and display the timing results
  HANDLE_ERROR(cudaEventRecord(stop, 0));
  HANDLE_ERROR(cudaEventSynchronize(stop));
  float elapsedTime;
  HANDLE_ERROR(cudaEventElapsedTime(&elapsedTime, start, stop));
  printf("Time to generate:  %3.1f ms\n", elapsedTime);

  HANDLE_ERROR(cudaEventDestroy(start));
  HANDLE_ERROR(cudaEventDestroy(stop));
  save("ray.ppm", bitmap);

  HANDLE_ERROR(cudaFree(dev_bitmap));
  free(bitmap);
  return 0;
}
