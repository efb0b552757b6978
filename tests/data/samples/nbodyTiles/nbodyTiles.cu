// In the style of GPU Gems 3, chapter 31 ("Fast N-Body Simulation with CUDA") and
// NVIDIA's cuda-samples nbody: float4 positions (w = mass), shared-memory tiles,
// rsqrtf, a template over float and double vector types and a leapfrog step.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

template <typename T> struct vec3 { typedef float Type; };
template <> struct vec3<double> { typedef double3 Type; };
template <> struct vec3<float> { typedef float3 Type; };
template <typename T> struct vec4 { typedef float4 Type; };
template <> struct vec4<double> { typedef double4 Type; };
template <> struct vec4<float> { typedef float4 Type; };

template <typename T> __device__ T rsqrt_T(T x) { return rsqrt(x); }
template <> __device__ float rsqrt_T<float>(float x) { return rsqrtf(x); }
template <> __device__ double rsqrt_T<double>(double x) { return rsqrt(x); }

#define SX(i) sharedPos[i + blockDim.x * threadIdx.y]

template <typename T> __device__ T getSofteningSquared();
__constant__ float softeningSquared;
__constant__ double softeningSquared_fp64;
template <> __device__ float getSofteningSquared<float>() { return softeningSquared; }
template <> __device__ double getSofteningSquared<double>() { return softeningSquared_fp64; }

template <typename T>
__device__ typename vec3<T>::Type bodyBodyInteraction(typename vec3<T>::Type ai,
                                                      typename vec4<T>::Type bi,
                                                      typename vec4<T>::Type bj) {
  typename vec3<T>::Type r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  T distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
  distSqr += getSofteningSquared<T>();
  T invDist = rsqrt_T(distSqr);
  T invDistCube = invDist * invDist * invDist;
  T s = bj.w * invDistCube;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

template <typename T>
__device__ typename vec3<T>::Type computeBodyAccel(typename vec4<T>::Type bodyPos,
                                                   typename vec4<T>::Type *positions,
                                                   int numTiles) {
  extern __shared__ __align__(16) unsigned char smem[];
  typename vec4<T>::Type *sharedPos = reinterpret_cast<typename vec4<T>::Type *>(smem);
  typename vec3<T>::Type acc = {0.0f, 0.0f, 0.0f};
  for (int tile = 0; tile < numTiles; tile++) {
    sharedPos[threadIdx.x] = positions[tile * blockDim.x + threadIdx.x];
    __syncthreads();
#pragma unroll 128
    for (unsigned int counter = 0; counter < blockDim.x; counter++) {
      acc = bodyBodyInteraction<T>(acc, bodyPos, sharedPos[counter]);
    }
    __syncthreads();
  }
  return acc;
}

template <typename T>
__global__ void integrateBodies(typename vec4<T>::Type *__restrict__ newPos,
                                typename vec4<T>::Type *__restrict__ oldPos,
                                typename vec4<T>::Type *vel, unsigned int deviceOffset,
                                unsigned int deviceNumBodies, float deltaTime,
                                float damping, int numTiles) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= deviceNumBodies) return;
  typename vec4<T>::Type position = oldPos[deviceOffset + index];
  typename vec3<T>::Type accel = computeBodyAccel<T>(position, oldPos, numTiles);
  typename vec4<T>::Type velocity = vel[deviceOffset + index];
  velocity.x += accel.x * deltaTime;
  velocity.y += accel.y * deltaTime;
  velocity.z += accel.z * deltaTime;
  velocity.x *= damping;
  velocity.y *= damping;
  velocity.z *= damping;
  position.x += velocity.x * deltaTime;
  position.y += velocity.y * deltaTime;
  position.z += velocity.z * deltaTime;
  newPos[deviceOffset + index] = position;
  vel[deviceOffset + index] = velocity;
}

template <typename T>
void integrateNbodySystem(typename vec4<T>::Type *dPos[2], typename vec4<T>::Type *dVel,
                          unsigned int currentRead, float deltaTime, float damping,
                          unsigned int numBodies, int blockSize) {
  int numBlocks = (numBodies + blockSize - 1) / blockSize;
  int numTiles = (numBodies + blockSize - 1) / blockSize;
  int sharedMemSize = blockSize * 4 * sizeof(T);
  if (sharedMemSize > 48 * 1024) {
    checkCudaErrors(cudaFuncSetAttribute(integrateBodies<T>,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         sharedMemSize));
  }
  integrateBodies<T><<<numBlocks, blockSize, sharedMemSize>>>(
      dPos[1 - currentRead], dPos[currentRead], dVel, 0, numBodies, deltaTime, damping,
      numTiles);
  getLastCudaError("Kernel execution failed");
}

template <typename T> void setSofteningSquared(T softening);
template <> void setSofteningSquared<float>(float s) {
  checkCudaErrors(cudaMemcpyToSymbol(softeningSquared, &s, sizeof(float), 0,
                                     cudaMemcpyHostToDevice));
}
template <> void setSofteningSquared<double>(double s) {
  checkCudaErrors(cudaMemcpyToSymbol(softeningSquared_fp64, &s, sizeof(double), 0,
                                     cudaMemcpyHostToDevice));
}

template <typename T> double runNbody(int numBodies, int iterations, int blockSize) {
  typedef typename vec4<T>::Type V4;
  V4 *hPos = (V4 *)malloc(numBodies * sizeof(V4));
  V4 *hVel = (V4 *)malloc(numBodies * sizeof(V4));
  for (int i = 0; i < numBodies; i++) {
    hPos[i].x = (T)rand() / RAND_MAX * 2 - 1;
    hPos[i].y = (T)rand() / RAND_MAX * 2 - 1;
    hPos[i].z = (T)rand() / RAND_MAX * 2 - 1;
    hPos[i].w = 1;
    hVel[i].x = hVel[i].y = hVel[i].z = 0;
    hVel[i].w = 1;
  }
  V4 *dPos[2], *dVel;
  checkCudaErrors(cudaMalloc((void **)&dPos[0], numBodies * sizeof(V4)));
  checkCudaErrors(cudaMalloc((void **)&dPos[1], numBodies * sizeof(V4)));
  checkCudaErrors(cudaMalloc((void **)&dVel, numBodies * sizeof(V4)));
  checkCudaErrors(cudaMemcpy(dPos[0], hPos, numBodies * sizeof(V4), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dVel, hVel, numBodies * sizeof(V4), cudaMemcpyHostToDevice));
  setSofteningSquared<T>((T)0.00125f);

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  checkCudaErrors(cudaEventRecord(start, 0));
  unsigned int currentRead = 0;
  for (int i = 0; i < iterations; i++) {
    integrateNbodySystem<T>(dPos, dVel, currentRead, 0.016f, 0.995f, numBodies, blockSize);
    currentRead = 1 - currentRead;
  }
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  sdkStopTimer(&timer);
  float milliseconds = 0;
  checkCudaErrors(cudaEventElapsedTime(&milliseconds, start, stop));
  double interactionsPerSecond =
      (double)numBodies * numBodies * iterations * 1e-9 / (milliseconds * 1e-3);
  printf("%d bodies, total time for %d iterations: %.3f ms (timer %.3f ms)\n", numBodies,
         iterations, milliseconds, sdkGetTimerValue(&timer));
  printf("= %.3f billion interactions per second\n", interactionsPerSecond);
  sdkDeleteTimer(&timer);
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(dPos[0]));
  checkCudaErrors(cudaFree(dPos[1]));
  checkCudaErrors(cudaFree(dVel));
  free(hPos);
  free(hVel);
  return interactionsPerSecond;
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp props;
  checkCudaErrors(cudaGetDeviceProperties(&props, devID));
  int numBodies = 16384, blockSize = 256;
  if (checkCmdLineFlag(argc, (const char **)argv, "numbodies"))
    numBodies = getCmdLineArgumentInt(argc, (const char **)argv, "numbodies");
  bool fp64 = checkCmdLineFlag(argc, (const char **)argv, "fp64");
  if (fp64 && props.major * 10 + props.minor < 13) {
    printf("%s does not support double precision\n", props.name);
    fp64 = false;
  }
  double rate = fp64 ? runNbody<double>(numBodies, 10, blockSize)
                     : runNbody<float>(numBodies, 10, blockSize);
  printf("%s: %.2f GFLOP/s\n", fp64 ? "double" : "single", rate * (fp64 ? 30 : 20));
  return 0;
}
