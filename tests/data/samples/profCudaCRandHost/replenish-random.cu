#include "../Common/common.h"
#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>
#include <curand_kernel.h>
#include <curand.h>

/*
 * After Professional CUDA C Programming, chapter 8: random numbers for a
 * kernel come either from the host API (a generator filling device memory,
 * replenished when used up) or from the device API (one curandState per
 * thread). The host side times both.
 */

__global__ void initialize_state(curandState *states)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(9384, tid, 0, states + tid);
}

__global__ void device_api_kernel(curandState *states, float *out, int N)
{
    int i;
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curandState *state = states + tid;

    for (i = tid; i < N; i += blockDim.x * gridDim.x)
    {
        float rand = curand_uniform(state);
        out[i] = rand * 2.0f;
    }
}

__global__ void host_api_kernel(float *randomValues, float *out, int N)
{
    int i;
    int tid = blockIdx.x * blockDim.x + threadIdx.x;

    for (i = tid; i < N; i += blockDim.x * gridDim.x)
    {
        float rand = randomValues[i];
        out[i] = rand * 2.0f;
    }
}

void use_host_api(int N)
{
    int i;
    curandGenerator_t randGen;
    float *dRand, *dOut, *hOut;
    int threads_per_block = 256;
    int blocks_per_grid = 30;

    CHECK(cudaMalloc((void **)&dRand, sizeof(float) * N));
    CHECK(cudaMalloc((void **)&dOut, sizeof(float) * N));
    hOut = (float *)malloc(sizeof(float) * N);

    CHECK_CURAND(curandCreateGenerator(&randGen, CURAND_RNG_PSEUDO_DEFAULT));
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(randGen, 1234ULL));
    CHECK_CURAND(curandSetGeneratorOffset(randGen, 0ULL));
    CHECK_CURAND(curandSetGeneratorOrdering(randGen, CURAND_ORDERING_PSEUDO_DEFAULT));

    // a stream for the generator, as the replenishing version does
    cudaStream_t stream;
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CHECK_CURAND(curandSetStream(randGen, stream));
    CHECK_CURAND(curandGenerateUniform(randGen, dRand, N));
    CHECK_CURAND(curandGenerateNormal(randGen, dRand, N & ~1, 0.0f, 1.0f));
    CHECK(cudaStreamSynchronize(stream));

    host_api_kernel<<<blocks_per_grid, threads_per_block>>>(dRand, dOut, N);
    CHECK(cudaGetLastError());

    CHECK(cudaMemcpy(hOut, dOut, sizeof(float) * N, cudaMemcpyDeviceToHost));

    printf("Sampling of output from host API:\n");
    for (i = 0; i < 10; i++)
    {
        printf("%2.4f\n", hOut[i]);
    }
    printf("...\n");

    free(hOut);
    CHECK(cudaFree(dRand));
    CHECK(cudaFree(dOut));
    CHECK(cudaStreamDestroy(stream));
    CHECK_CURAND(curandDestroyGenerator(randGen));
}

void use_device_api(int N)
{
    int i;
    static curandState *states = NULL;
    float *dOut, *hOut;
    int threads_per_block = 256;
    int blocks_per_grid = 30;

    CHECK(cudaMalloc((void **)&dOut, sizeof(float) * N));
    hOut = (float *)malloc(sizeof(float) * N);

    CHECK(cudaMalloc((void **)&states, sizeof(curandState) * threads_per_block * blocks_per_grid));
    initialize_state<<<blocks_per_grid, threads_per_block>>>(states);
    device_api_kernel<<<blocks_per_grid, threads_per_block>>>(states, dOut, N);

    CHECK(cudaMemcpy(hOut, dOut, sizeof(float) * N, cudaMemcpyDeviceToHost));
    printf("Sampling of output from device API:\n");
    for (i = 0; i < 10; i++)
    {
        printf("%2.4f\n", hOut[i]);
    }
    printf("...\n");

    free(hOut);
    CHECK(cudaFree(dOut));
    CHECK(cudaFree(states));
}

// A CPU generator for the reference (curandCreateGeneratorHost)
void use_host_generator(int N)
{
    curandGenerator_t gen;
    float *h = (float *)malloc(sizeof(float) * N);
    CHECK_CURAND(curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_XORWOW));
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(gen, 42ULL));
    CHECK_CURAND(curandGenerateUniform(gen, h, N));
    printf("host generator: %f\n", h[0]);
    CHECK_CURAND(curandDestroyGenerator(gen));
    free(h);
}

int main(int argc, char **argv)
{
    int N = 8388608;
    double start = seconds();
    use_host_api(N);
    use_device_api(N);
    use_host_generator(1024);
    printf("elapsed %f s\n", seconds() - start);
    return 0;
}
