/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

#ifndef SIMPLE_DEVICE_LIBRARY_CUH
#define SIMPLE_DEVICE_LIBRARY_CUH

extern "C" __device__ float multiplyByTwo(float number);

extern "C" __device__ float divideByTwo(float number);

#endif  // SIMPLE_DEVICE_LIBRARY_CUH
