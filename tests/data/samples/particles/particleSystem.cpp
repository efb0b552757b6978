/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Host side of the particle system: initial placement with helper_math on the
// host, parameters, and the simulation loop calling the CUDA wrappers.

#include <cuda_runtime.h>

#include <helper_cuda.h>
#include <helper_functions.h>
#include <helper_math.h>

#include <assert.h>
#include <math.h>
#include <memory.h>
#include <stdio.h>
#include <stdlib.h>

#include "particles_params.h"

extern "C" {
void allocateArray(void **devPtr, size_t size);
void freeArray(void *devPtr);
void copyArrayToDevice(void *device, const void *host, int offset, int size);
void copyArrayFromDevice(void *host, const void *device, int size);
void setParameters(SimParams *hostParams);
void integrateSystem(float *pos, float *vel, float deltaTime,
                     uint numParticles);
void collide(float *newVel, float *oldPos, float *oldVel, uint numParticles);
}

inline float frand() { return rand() / (float)RAND_MAX; }

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);

  const uint numParticles = 4096;
  SimParams params;
  memset(&params, 0, sizeof(params));
  params.particleRadius = 1.0f / 64.0f;
  params.colliderPos = make_float3(-1.2f, -0.8f, 0.8f);
  params.colliderRadius = 0.2f;
  params.gravity = make_float3(0.0f, -0.0003f, 0.0f);
  params.globalDamping = 1.0f;
  params.spring = 0.5f;
  params.damping = 0.02f;
  params.shear = 0.1f;
  params.attraction = 0.0f;
  params.boundaryDamping = -0.5f;
  params.numBodies = numParticles;
  setParameters(&params);

  float *hPos = new float[numParticles * 4];
  float *hVel = new float[numParticles * 4];

  // jittered grid placement, host-side vector math from helper_math.h
  float jitter = params.particleRadius * 0.01f;
  uint s = (int)ceilf(powf((float)numParticles, 1.0f / 3.0f));
  for (uint i = 0; i < numParticles; i++) {
    uint x = i % s, y = (i / s) % s, z = i / (s * s);
    float3 p = make_float3((float)x, (float)y, (float)z) *
                   (params.particleRadius * 2.0f) +
               params.particleRadius - 1.0f;
    p += make_float3(frand() * 2.0f - 1.0f, frand() * 2.0f - 1.0f,
                     frand() * 2.0f - 1.0f) *
         jitter;
    p = clamp(p, -1.0f, 1.0f);
    float len = length(p);
    hPos[i * 4 + 0] = p.x;
    hPos[i * 4 + 1] = p.y;
    hPos[i * 4 + 2] = p.z;
    hPos[i * 4 + 3] = fmaxf(len, 1.0f);
    hVel[i * 4 + 0] = hVel[i * 4 + 1] = hVel[i * 4 + 2] = hVel[i * 4 + 3] = 0;
  }

  float *dPos, *dVel, *dNewVel;
  size_t bytes = numParticles * 4 * sizeof(float);
  allocateArray((void **)&dPos, bytes);
  allocateArray((void **)&dVel, bytes);
  allocateArray((void **)&dNewVel, bytes);
  copyArrayToDevice(dPos, hPos, 0, bytes);
  copyArrayToDevice(dVel, hVel, 0, bytes);

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  for (int iter = 0; iter < 100; iter++) {
    integrateSystem(dPos, dVel, 0.5f, numParticles);
    collide(dNewVel, dPos, dVel, numParticles);
    float *tmp = dVel;
    dVel = dNewVel;
    dNewVel = tmp;
  }
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("100 iterations: %f ms\n", sdkGetTimerValue(&timer));

  copyArrayFromDevice(hPos, dPos, bytes);
  float3 centroid = make_float3(0.0f);
  for (uint i = 0; i < numParticles; i++)
    centroid += make_float3(hPos[i * 4], hPos[i * 4 + 1], hPos[i * 4 + 2]);
  centroid = centroid / (float)numParticles;
  printf("centroid (%f, %f, %f)\n", centroid.x, centroid.y, centroid.z);

  freeArray(dPos);
  freeArray(dVel);
  freeArray(dNewVel);
  delete[] hPos;
  delete[] hVel;
  sdkDeleteTimer(&timer);
  return 0;
}
