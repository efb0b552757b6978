/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// A device library compiled on its own (nvcc -rdc=true -lib) and linked into
// the program that calls its functions through pointers.

extern "C" __device__ float multiplyByTwo(float number) { return number * 2.0f; }

extern "C" __device__ float divideByTwo(float number) { return number * 0.5f; }
