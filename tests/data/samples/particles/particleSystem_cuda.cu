/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// This file contains C wrappers around the some of the CUDA API and the
// kernel functions so that they can be called from "particleSystem.cpp"

#include <cstdlib>
#include <cstdio>
#include <string.h>

#include <cuda_runtime.h>

#include <helper_cuda.h>

#include "particles_kernel.cuh"

__global__ void integrateSystemD(float4 *pos, float4 *vel, float deltaTime,
                                 uint numParticles) {
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;
  integrate_functor f(deltaTime);
  f(pos[index], vel[index]);
}

__global__ void collideD(float4 *newVel, const float4 *oldPos,
                         const float4 *oldVel, uint numParticles) {
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;

  float3 pos = make_float3(oldPos[index]);
  float3 vel = make_float3(oldVel[index]);
  float3 force = make_float3(0.0f);

  // brute force O(n^2) neighbour loop (the grid version is trimmed)
  for (uint j = 0; j < numParticles; j++) {
    if (j == index) continue;
    float3 pos2 = make_float3(oldPos[j]);
    float3 vel2 = make_float3(oldVel[j]);
    force += collideSpheres(pos, pos2, vel, vel2, params.particleRadius,
                            params.particleRadius, params.attraction);
  }

  // collide with cursor sphere
  force += collideSpheres(pos, params.colliderPos, vel,
                          make_float3(0.0f, 0.0f, 0.0f), params.particleRadius,
                          params.colliderRadius, 0.0f);

  newVel[index] = make_float4(vel + force, 0.0f);
}

extern "C" {

void allocateArray(void **devPtr, size_t size) {
  checkCudaErrors(cudaMalloc(devPtr, size));
}

void freeArray(void *devPtr) { checkCudaErrors(cudaFree(devPtr)); }

void copyArrayToDevice(void *device, const void *host, int offset, int size) {
  checkCudaErrors(
      cudaMemcpy((char *)device + offset, host, size, cudaMemcpyHostToDevice));
}

void copyArrayFromDevice(void *host, const void *device, int size) {
  checkCudaErrors(cudaMemcpy(host, device, size, cudaMemcpyDeviceToHost));
}

void setParameters(SimParams *hostParams) {
  // copy parameters to constant memory
  checkCudaErrors(cudaMemcpyToSymbol(params, hostParams, sizeof(SimParams)));
}

// Round a / b to nearest higher integer value
uint iDivUp(uint a, uint b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

// compute grid and thread block size for a given number of elements
void computeGridSize(uint n, uint blockSize, uint &numBlocks,
                     uint &numThreads) {
  numThreads = min(blockSize, n);
  numBlocks = iDivUp(n, numThreads);
}

void integrateSystem(float *pos, float *vel, float deltaTime,
                     uint numParticles) {
  uint numThreads, numBlocks;
  computeGridSize(numParticles, 256, numBlocks, numThreads);
  integrateSystemD<<<numBlocks, numThreads>>>((float4 *)pos, (float4 *)vel,
                                              deltaTime, numParticles);
  getLastCudaError("integrate kernel execution failed");
}

void collide(float *newVel, float *oldPos, float *oldVel, uint numParticles) {
  uint numThreads, numBlocks;
  computeGridSize(numParticles, 64, numBlocks, numThreads);
  collideD<<<numBlocks, numThreads>>>((float4 *)newVel, (float4 *)oldPos,
                                      (float4 *)oldVel, numParticles);
  getLastCudaError("Kernel execution failed");
}

}  // extern "C"
