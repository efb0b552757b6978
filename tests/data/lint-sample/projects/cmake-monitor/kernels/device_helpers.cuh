#pragma once
__device__ float warp_mean(float v, int n);
