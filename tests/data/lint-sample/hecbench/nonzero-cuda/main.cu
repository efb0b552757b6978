// HeCBench nonzero-cuda/main.cu, lines 1-11, 80-100
#include <stdio.h>
#include <stdlib.h>
#include <random>
#include <cub/cub.cuh>
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
#include <thrust/iterator/transform_iterator.h>
#endif

// Reference
// https://pytorch.org/docs/stable/generated/torch.nonzero.html#torch.nonzero

// ...
    scalar_t *d_in;
    cudaMalloc((void**)&d_in, elem_size_bytes);
    cudaMemcpy(d_in, h_in, elem_size_bytes, cudaMemcpyHostToDevice);

    // Number of non-zeros computed by a device
    int64_t h_nzeros;
    int64_t *d_nzeros;
    cudaMalloc((void**)&d_nzeros, sizeof(int64_t));

    // Time the sum reduction on a device
    auto start = std::chrono::steady_clock::now();

    NonZero<scalar_t> conversion_op;

    // Create an iterator wrapper
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
    thrust::transform_iterator<NonZero<scalar_t>, scalar_t*> itr (d_in, conversion_op);
#else
    cub::TransformInputIterator<bool, NonZero<scalar_t>, scalar_t*> itr (d_in, conversion_op);
#endif
