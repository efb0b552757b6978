// Objects built on the device heap: new/delete and malloc/free inside kernels,
// a class hierarchy with virtual functions constructed on the device, and the
// heap size set from the host (CUDA C++ Programming Guide, "Dynamic Global
// Memory Allocation and Operations"; virtual functions course examples).

#include <cstdio>
#include <cuda_runtime.h>
#include "helper_cuda.h"

class Shape {
 public:
  __device__ virtual ~Shape() {}
  __device__ virtual float area() const = 0;
};

class Circle : public Shape {
  float r_;
 public:
  __device__ explicit Circle(float r) : r_(r) {}
  __device__ float area() const override { return 3.14159265f * r_ * r_; }
};

class Rect : public Shape {
  float w_, h_;
 public:
  __device__ Rect(float w, float h) : w_(w), h_(h) {}
  __device__ float area() const override { return w_ * h_; }
};

struct Vec2 {
  float x, y;
  __host__ __device__ Vec2() : x(0), y(0) {}
  __host__ __device__ Vec2(float a, float b) : x(a), y(b) {}
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  __host__ __device__ Vec2 &operator+=(const Vec2 &o) { x += o.x; y += o.y; return *this; }
  __host__ __device__ float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};

__device__ Shape **g_shapes;

__global__ void build(int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) g_shapes = new Shape *[n];
}

__global__ void create(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) g_shapes[i] = (i & 1) ? (Shape *)new Circle(1.0f + i) : new Rect(i, 2.0f);
}

__global__ void measure(float *areas, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) areas[i] = g_shapes[i]->area();
}

__global__ void destroy(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) delete g_shapes[i];
}

__global__ void scratch(int n) {
  // per-thread scratch from the device heap
  int *buf = (int *)malloc(n * sizeof(int));
  if (buf == NULL) {
    printf("thread %d: malloc failed\n", threadIdx.x);
    return;
  }
  for (int i = 0; i < n; ++i) buf[i] = i * threadIdx.x;
  Vec2 s;
  for (int i = 0; i < n; ++i) s += Vec2(buf[i], 1.0f);
  if (threadIdx.x == 3) printf("thread %d sum (%f, %f)\n", threadIdx.x, s.x, s.y);
  free(buf);
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);

  size_t heap = 0, stack = 0;
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 * 1024 * 1024));
  checkCudaErrors(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  checkCudaErrors(cudaDeviceGetLimit(&stack, cudaLimitStackSize));
  printf("heap %zu B, stack %zu B per thread\n", heap, stack);

  const int n = 1000;
  float *d_areas;
  checkCudaErrors(cudaMalloc(&d_areas, n * sizeof(float)));
  build<<<1, 1>>>(n);
  create<<<(n + 127) / 128, 128>>>(n);
  measure<<<(n + 127) / 128, 128>>>(d_areas, n);
  destroy<<<(n + 127) / 128, 128>>>(n);
  getLastCudaError("shape kernels failed");
  scratch<<<1, 32>>>(16);
  checkCudaErrors(cudaDeviceSynchronize());

  float h_areas[4];
  checkCudaErrors(cudaMemcpy(h_areas, d_areas, sizeof(h_areas), cudaMemcpyDeviceToHost));
  printf("areas: %f %f %f %f\n", h_areas[0], h_areas[1], h_areas[2], h_areas[3]);
  Vec2 a(1, 2), b(3, 4);
  printf("host dot %f\n", (a + b).dot(b));
  checkCudaErrors(cudaFree(d_areas));
  return 0;
}
