#include <algorithm>
#include <math.h>
#include <stdio.h>
#include <string>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>
#include <driver_functions.h>

#include "CycleTimer.h"
#include "cudaRenderer.h"

#define DEBUG

#ifdef DEBUG
#define cudaCheckError(ans) { cudaAssert((ans), __FILE__, __LINE__); }
inline void cudaAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "CUDA Error: %s at %s:%d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}
#else
#define cudaCheckError(ans) ans
#endif

// All the read-only scene data, in constant memory: one copy per launch.
struct GlobalConstants {
  int numCircles;
  float *position;
  float *velocity;
  float *color;
  float *radius;
  int imageWidth;
  int imageHeight;
  float *imageData;
};

__constant__ GlobalConstants cuConstRendererParams;
__constant__ float cuConstColorRamp[5][3];

#define SCAN_BLOCK_DIM 256
#include "exclusiveScan.cu_inl"

__device__ __inline__ float3 lookupColor(float coord) {
  float scaledCoord = coord * 4.f;
  int base = min(max(0, __float2int_rd(scaledCoord)), 3);
  float weight = scaledCoord - static_cast<float>(base);
  float oneMinusWeight = 1.f - weight;
  float r = oneMinusWeight * cuConstColorRamp[base][0] + weight * cuConstColorRamp[base + 1][0];
  float g = oneMinusWeight * cuConstColorRamp[base][1] + weight * cuConstColorRamp[base + 1][1];
  float b = oneMinusWeight * cuConstColorRamp[base][2] + weight * cuConstColorRamp[base + 1][2];
  return make_float3(r, g, b);
}

__global__ void kernelClearImage(float r, float g, float b, float a) {
  int imageX = blockIdx.x * blockDim.x + threadIdx.x;
  int imageY = blockIdx.y * blockDim.y + threadIdx.y;
  int width = cuConstRendererParams.imageWidth;
  int height = cuConstRendererParams.imageHeight;
  if (imageX >= width || imageY >= height) return;
  int offset = 4 * (imageY * width + imageX);
  float4 value = make_float4(r, g, b, a);
  *(float4 *)(&cuConstRendererParams.imageData[offset]) = value;
}

__global__ void kernelAdvanceBouncingBalls() {
  const float dt = 1.f / 60.f;
  const float kGravity = -2.8f;
  const float kDragCoeff = -0.8f;
  const float epsilon = 0.001f;
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= cuConstRendererParams.numCircles) return;
  float *velocity = cuConstRendererParams.velocity;
  float *position = cuConstRendererParams.position;
  int index3 = 3 * index;
  float oldVelocity = velocity[index3 + 1];
  float oldPosition = position[index3 + 1];
  if (oldVelocity == 0.f && oldPosition == 0.f) return;
  if (position[index3 + 1] < 0 && oldVelocity < 0.f) velocity[index3 + 1] *= kDragCoeff;
  velocity[index3 + 1] += kGravity * dt;
  position[index3 + 1] += velocity[index3 + 1] * dt;
  if (fabsf(velocity[index3 + 1] - oldVelocity) < epsilon && oldPosition < 0.0f &&
      fabsf(position[index3 + 1] - oldPosition) < epsilon) {
    velocity[index3 + 1] = 0.f;
    position[index3 + 1] = 0.f;
  }
}

__device__ __inline__ void shadePixel(int circleIndex, float2 pixelCenter, float3 p, float4 *imagePtr) {
  float diffX = p.x - pixelCenter.x;
  float diffY = p.y - pixelCenter.y;
  float pixelDist = diffX * diffX + diffY * diffY;
  float rad = cuConstRendererParams.radius[circleIndex];
  float maxDist = rad * rad;
  if (pixelDist > maxDist) return;
  float3 rgb = lookupColor(1.f - pixelDist / maxDist);
  float alpha = .5f;
  float oneMinusAlpha = 1.f - alpha;
  float4 existingColor = *imagePtr;
  float4 newColor;
  newColor.x = alpha * rgb.x + oneMinusAlpha * existingColor.x;
  newColor.y = alpha * rgb.y + oneMinusAlpha * existingColor.y;
  newColor.z = alpha * rgb.z + oneMinusAlpha * existingColor.z;
  newColor.w = alpha + existingColor.w;
  *imagePtr = newColor;
}

// One block per 16x16 tile: the circles overlapping the tile are found in
// parallel, compacted by an exclusive scan in shared memory, then shaded in
// order by every pixel of the tile.
__global__ void kernelRenderTiles() {
  __shared__ uint circleFlags[SCAN_BLOCK_DIM];
  __shared__ uint circleOffsets[SCAN_BLOCK_DIM];
  __shared__ uint scratch[2 * SCAN_BLOCK_DIM];
  __shared__ int tileCircles[SCAN_BLOCK_DIM];
  const int linearThreadIndex = threadIdx.y * blockDim.x + threadIdx.x;
  const int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
  const float invWidth = 1.f / width, invHeight = 1.f / height;
  const int pixelX = blockIdx.x * blockDim.x + threadIdx.x;
  const int pixelY = blockIdx.y * blockDim.y + threadIdx.y;
  const float boxL = invWidth * blockIdx.x * blockDim.x, boxR = boxL + invWidth * blockDim.x;
  const float boxB = invHeight * blockIdx.y * blockDim.y, boxT = boxB + invHeight * blockDim.y;
  float4 *imgPtr = (float4 *)(&cuConstRendererParams.imageData[4 * (pixelY * width + pixelX)]);
  float2 pixelCenterNorm = make_float2(invWidth * (static_cast<float>(pixelX) + 0.5f),
                                       invHeight * (static_cast<float>(pixelY) + 0.5f));
  for (int base = 0; base < cuConstRendererParams.numCircles; base += SCAN_BLOCK_DIM) {
    int c = base + linearThreadIndex;
    uint flag = 0;
    if (c < cuConstRendererParams.numCircles) {
      float3 p = *(float3 *)(&cuConstRendererParams.position[3 * c]);
      float rad = cuConstRendererParams.radius[c];
      flag = (p.x + rad >= boxL && p.x - rad <= boxR && p.y + rad >= boxB && p.y - rad <= boxT);
    }
    circleFlags[linearThreadIndex] = flag;
    __syncthreads();
    sharedMemExclusiveScan(linearThreadIndex, circleFlags, circleOffsets, scratch, SCAN_BLOCK_DIM);
    __syncthreads();
    if (flag) tileCircles[circleOffsets[linearThreadIndex]] = c;
    __syncthreads();
    int count = circleOffsets[SCAN_BLOCK_DIM - 1] + circleFlags[SCAN_BLOCK_DIM - 1];
    if (pixelX < width && pixelY < height) {
      for (int i = 0; i < count; i++) {
        int index = tileCircles[i];
        float3 p = *(float3 *)(&cuConstRendererParams.position[3 * index]);
        shadePixel(index, pixelCenterNorm, p, imgPtr);
      }
    }
    __syncthreads();
  }
}

CudaRenderer::CudaRenderer() {
  image = NULL;
  numCircles = 0;
  position = velocity = color = radius = NULL;
  cudaDevicePosition = cudaDeviceVelocity = cudaDeviceColor = cudaDeviceRadius = NULL;
  cudaDeviceImageData = NULL;
}

CudaRenderer::~CudaRenderer() {
  delete image;
  delete[] position;
  delete[] velocity;
  delete[] color;
  delete[] radius;
  if (cudaDevicePosition) {
    cudaFree(cudaDevicePosition);
    cudaFree(cudaDeviceVelocity);
    cudaFree(cudaDeviceColor);
    cudaFree(cudaDeviceRadius);
    cudaFree(cudaDeviceImageData);
  }
}

const Image *CudaRenderer::getImage() {
  cudaCheckError(cudaMemcpy(image->data, cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height,
                            cudaMemcpyDeviceToHost));
  return image;
}

void CudaRenderer::loadScene(int n) {
  numCircles = n;
  position = new float[3 * n];
  velocity = new float[3 * n];
  color = new float[3 * n];
  radius = new float[n];
  for (int i = 0; i < n; i++) {
    position[3 * i] = (i * 37 % 100) / 100.f;
    position[3 * i + 1] = (i * 59 % 100) / 100.f;
    position[3 * i + 2] = i / (float)n;
    velocity[3 * i] = velocity[3 * i + 1] = velocity[3 * i + 2] = 0.f;
    color[3 * i] = color[3 * i + 1] = color[3 * i + 2] = 1.f;
    radius[i] = 0.02f + (i % 7) * 0.01f;
  }
}

void CudaRenderer::setup() {
  int deviceCount = 0;
  std::string name;
  cudaError_t err = cudaGetDeviceCount(&deviceCount);
  printf("---------------------------------------------------------\n");
  printf("Initializing CUDA for CudaRenderer\n");
  printf("Found %d CUDA devices\n", deviceCount);
  for (int i = 0; i < deviceCount; i++) {
    cudaDeviceProp deviceProps;
    cudaGetDeviceProperties(&deviceProps, i);
    name = deviceProps.name;
    printf("Device %d: %s\n", i, deviceProps.name);
    printf("   SMs:        %d\n", deviceProps.multiProcessorCount);
    printf("   Global mem: %.0f MB\n", static_cast<float>(deviceProps.totalGlobalMem) / (1024 * 1024));
    printf("   CUDA Cap:   %d.%d\n", deviceProps.major, deviceProps.minor);
  }
  if (err != cudaSuccess) return;
  cudaCheckError(cudaMalloc(&cudaDevicePosition, sizeof(float) * 3 * numCircles));
  cudaCheckError(cudaMalloc(&cudaDeviceVelocity, sizeof(float) * 3 * numCircles));
  cudaCheckError(cudaMalloc(&cudaDeviceColor, sizeof(float) * 3 * numCircles));
  cudaCheckError(cudaMalloc(&cudaDeviceRadius, sizeof(float) * numCircles));
  cudaCheckError(cudaMalloc(&cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height));
  cudaMemcpy(cudaDevicePosition, position, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
  cudaMemcpy(cudaDeviceVelocity, velocity, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
  cudaMemcpy(cudaDeviceColor, color, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
  cudaMemcpy(cudaDeviceRadius, radius, sizeof(float) * numCircles, cudaMemcpyHostToDevice);
  GlobalConstants params;
  params.numCircles = numCircles;
  params.imageWidth = image->width;
  params.imageHeight = image->height;
  params.position = cudaDevicePosition;
  params.velocity = cudaDeviceVelocity;
  params.color = cudaDeviceColor;
  params.radius = cudaDeviceRadius;
  params.imageData = cudaDeviceImageData;
  cudaCheckError(cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants)));
  float lookupTable[5][3] = {{1.f, 1.f, 1.f}, {1.f, 1.f, 1.f}, {.8f, .9f, 1.f}, {.8f, .9f, 1.f}, {.8f, 0.8f, 1.f}};
  cudaCheckError(cudaMemcpyToSymbol(cuConstColorRamp, lookupTable, sizeof(float) * 3 * 5));
}

void CudaRenderer::allocOutputImage(int width, int height) {
  delete image;
  image = new Image(width, height);
}

void CudaRenderer::clearImage() {
  dim3 blockDim(16, 16, 1);
  dim3 gridDim((image->width + blockDim.x - 1) / blockDim.x, (image->height + blockDim.y - 1) / blockDim.y);
  kernelClearImage<<<gridDim, blockDim>>>(1.f, 1.f, 1.f, 1.f);
  cudaCheckError(cudaDeviceSynchronize());
}

void CudaRenderer::advanceAnimation() {
  dim3 blockDim(256, 1);
  dim3 gridDim((numCircles + blockDim.x - 1) / blockDim.x);
  kernelAdvanceBouncingBalls<<<gridDim, blockDim>>>();
  cudaCheckError(cudaDeviceSynchronize());
}

void CudaRenderer::render() {
  dim3 blockDim(16, 16);
  dim3 gridDim((image->width + blockDim.x - 1) / blockDim.x, (image->height + blockDim.y - 1) / blockDim.y);
  double start = CycleTimer::currentSeconds();
  kernelRenderTiles<<<gridDim, blockDim>>>();
  cudaCheckError(cudaGetLastError());
  cudaCheckError(cudaDeviceSynchronize());
  printf("render: %.3f ms\n", 1000.f * (CycleTimer::currentSeconds() - start));
}
