// 《CUDA 编程：基础与实践》第 2 章和第 6 章风格: 设备查询 (CHECK 包着每个
// 调用), 带 __device__ 变量的 cudaMemcpyToSymbol / cudaMemcpyFromSymbol,
// 以及 "real" 的双精度开关下的 arithmetic 核函数.
#include "error.cuh"
#include <math.h>
#include <stdio.h>

#ifdef USE_DP
    typedef double real;
    const real EPSILON = 1.0e-15;
#else
    typedef float real;
    const real EPSILON = 1.0e-6f;
#endif

__device__ int d_x = 1;
__device__ int d_y[2];
__constant__ real c_a = 1.23;

void __global__ my_kernel(void)
{
    d_y[0] += d_x;
    d_y[1] += d_x;
    printf("d_x = %d, d_y[0] = %d, d_y[1] = %d.\n", d_x, d_y[0], d_y[1]);
}

void __global__ arithmetic(real *d_x, const real x0, const int N)
{
    const int n = blockDim.x * blockIdx.x + threadIdx.x;
    if (n < N)
    {
        real x_tmp = d_x[n];
        while (sqrt(x_tmp) < x0)
        {
            x_tmp += c_a;
        }
        d_x[n] = x_tmp;
    }
}

int main(int argc, char *argv[])
{
    int device_id = 0;
    if (argc > 1) device_id = atoi(argv[1]);
    CHECK(cudaSetDevice(device_id));

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, device_id));

    printf("Device id:                                 %d\n", device_id);
    printf("Device name:                               %s\n", prop.name);
    printf("Compute capability:                        %d.%d\n", prop.major, prop.minor);
    printf("Amount of global memory:                   %g GB\n", prop.totalGlobalMem / (1024.0 * 1024 * 1024));
    printf("Amount of constant memory:                 %g KB\n", prop.totalConstMem / 1024.0);
    printf("Maximum grid size:                         %d %d %d\n", prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
    printf("Maximum block size:                        %d %d %d\n", prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
    printf("Number of SMs:                             %d\n", prop.multiProcessorCount);
    printf("Maximum amount of shared memory per block: %g KB\n", prop.sharedMemPerBlock / 1024.0);
    printf("Maximum amount of shared memory per SM:    %g KB\n", prop.sharedMemPerMultiprocessor / 1024.0);
    printf("Maximum number of registers per block:     %d K\n", prop.regsPerBlock / 1024);
    printf("Maximum number of registers per SM:        %d K\n", prop.regsPerMultiprocessor / 1024);
    printf("Maximum number of threads per block:       %d\n", prop.maxThreadsPerBlock);
    printf("Maximum number of threads per SM:          %d\n", prop.maxThreadsPerMultiProcessor);

    int h_y[2] = {10, 20};
    CHECK(cudaMemcpyToSymbol(d_y, h_y, sizeof(int) * 2));

    my_kernel<<<1, 1>>>();
    CHECK(cudaDeviceSynchronize());

    CHECK(cudaMemcpyFromSymbol(h_y, d_y, sizeof(int) * 2));
    printf("h_y[0] = %d, h_y[1] = %d.\n", h_y[0], h_y[1]);

    const int N = 10000;
    const int M = sizeof(real) * N;
    real *h_x = (real *) malloc(M);
    real *d_x2;
    CHECK(cudaMalloc((void **)&d_x2, M));
    for (int n = 0; n < N; ++n) h_x[n] = 0.0;
    CHECK(cudaMemcpy(d_x2, h_x, M, cudaMemcpyHostToDevice));
    const int block_size = 128;
    const int grid_size = (N - 1) / block_size + 1;
    arithmetic<<<grid_size, block_size>>>(d_x2, 10.0, N);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_x, d_x2, M, cudaMemcpyDeviceToHost));
    printf("%s\n", fabs(h_x[0] - 100.86) < 1.0 + EPSILON ? "No errors" : "Has errors");
    free(h_x);
    CHECK(cudaFree(d_x2));
    return 0;
}
