// corpus: cmake; the launcher the host program calls (see CMakeLists.txt)
#pragma once
#include <cuda_runtime.h>

// y[i] = a * x[i] + y[i] for i < n, on the device; returns the launch status.
cudaError_t launch_saxpy(int n, float a, const float* x, float* y, cudaStream_t stream);
