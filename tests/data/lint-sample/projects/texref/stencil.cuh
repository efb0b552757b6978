#pragma once
#include <cuda_runtime.h>

#if CUDART_VERSION < 12000
// Texture references were removed in CUDA 12; older toolkits keep the fast path.
static texture<float4, 1, cudaReadModeElementType> posTex;
static texture<float, 3, cudaReadModeElementType> volTex;
#define FETCH_POS(i) tex1Dfetch(posTex, i)
#else
#define FETCH_POS(i) pos[i]
#endif

template <typename T>
struct TexRef {
  texture<T, 1, cudaReadModeElementType> *ref;
};
