#include "../Common/common.h"
#include <cuda_runtime.h>
#include <stdio.h>

/*
 * After Professional CUDA C Programming, chapter 5: warp shuffles as the
 * book wrote them before CUDA 9 (__shfl, __shfl_up, __shfl_down, __shfl_xor
 * without a mask, the width argument for segments), and shared memory read
 * with and without bank conflicts under an eight-byte bank configuration.
 */

#define BDIMX 16
#define SEGM  4
#define BDIMY 32
#define IPAD  1

void printData(int *in, const int size)
{
    for (int i = 0; i < size; i++)
    {
        printf("%2d ", in[i]);
    }

    printf("\n");
}

__global__ void test_shfl_broadcast(int *d_out, int *d_in, int const srcLane)
{
    int value = d_in[threadIdx.x];
    value = __shfl(value, srcLane, BDIMX);
    d_out[threadIdx.x] = value;
}

__global__ void test_shfl_wrap (int *d_out, int *d_in, int const offset)
{
    int value = d_in[threadIdx.x];
    value = __shfl(value, threadIdx.x + offset, BDIMX);
    d_out[threadIdx.x] = value;
}

__global__ void test_shfl_up(int *d_out, int *d_in, unsigned int const delta)
{
    int value = d_in[threadIdx.x];
    value = __shfl_up (value, delta, BDIMX);
    d_out[threadIdx.x] = value;
}

__global__ void test_shfl_down(int *d_out, int *d_in, unsigned int const delta)
{
    int value = d_in[threadIdx.x];
    value = __shfl_down (value, delta, BDIMX);
    d_out[threadIdx.x] = value;
}

__global__ void test_shfl_xor(int *d_out, int *d_in, int const mask)
{
    int value = d_in[threadIdx.x];
    value = __shfl_xor (value, mask, BDIMX);
    d_out[threadIdx.x] = value;
}

__inline__ __device__ void swap(int *value, int laneIdx, int mask,
                                int firstIdx, int secondIdx)
{
    bool pred = ((laneIdx / mask + 1) == 1);

    if (pred)
    {
        int tmp = value[firstIdx];
        value[firstIdx] = value[secondIdx];
        value[secondIdx] = tmp;
    }

    value[secondIdx] = __shfl_xor (value[secondIdx], mask, BDIMX);

    if (pred)
    {
        int tmp = value[firstIdx];
        value[firstIdx] = value[secondIdx];
        value[secondIdx] = tmp;
    }
}

__global__ void test_shfl_swap (int *d_out, int *d_in, int const mask,
                                int firstIdx, int secondIdx)
{
    int idx = threadIdx.x * SEGM;
    int value[SEGM];

    for (int i = 0; i < SEGM; i++) value[i] = d_in[idx + i];

    swap(value, threadIdx.x, mask, firstIdx, secondIdx);

    for (int i = 0; i < SEGM; i++) d_out[idx + i] = value[i];
}

__inline__ __device__ int warpReduce(int localSum)
{
    localSum += __shfl_xor(localSum, 16);
    localSum += __shfl_xor(localSum, 8);
    localSum += __shfl_xor(localSum, 4);
    localSum += __shfl_xor(localSum, 2);
    localSum += __shfl_xor(localSum, 1);

    return localSum;
}

__global__ void setRowReadColPad(int *out)
{
    // static shared memory, padded against bank conflicts
    __shared__ int tile[BDIMY][BDIMX + IPAD];

    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;

    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();

    out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void setRowReadColDyn(int *out)
{
    extern  __shared__ int tile[];

    unsigned int row_idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int col_idx = threadIdx.x * blockDim.y + threadIdx.y;

    tile[row_idx] = row_idx;
    __syncthreads();

    out[row_idx] = warpReduce(tile[col_idx]);
}

int main(int argc, char **argv)
{
    int dev = 0;
    bool iPrintout = 1;

    cudaDeviceProp deviceProp;
    CHECK(cudaGetDeviceProperties(&deviceProp, dev));
    printf("> %s Starting.", argv[0]);
    printf("at Device %d: %s\n", dev, deviceProp.name);
    CHECK(cudaSetDevice(dev));

    cudaSharedMemConfig pConfig;
    CHECK(cudaDeviceGetSharedMemConfig ( &pConfig ));
    printf("with Bank Mode:%s ", pConfig == 1 ? "4-Byte" : "8-Byte");
    CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
    CHECK(cudaFuncSetSharedMemConfig(setRowReadColDyn, cudaSharedMemBankSizeFourByte));

    int nElem = BDIMX;
    int h_inData[BDIMX], h_outData[BDIMX];

    for (int i = 0; i < nElem; i++) h_inData[i] = i;

    if(iPrintout)
    {
        printf("initialData\t\t: ");
        printData(h_inData, nElem);
    }

    size_t nBytes = nElem * sizeof(int);
    int *d_inData, *d_outData;
    CHECK(cudaMalloc((int**)&d_inData, nBytes));
    CHECK(cudaMalloc((int**)&d_outData, nBytes));

    CHECK(cudaMemcpy(d_inData, h_inData, nBytes, cudaMemcpyHostToDevice));

    int block = BDIMX;

    test_shfl_broadcast<<<1, block>>>(d_outData, d_inData, 2);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_outData, d_outData, nBytes, cudaMemcpyDeviceToHost));

    test_shfl_wrap<<<1, block>>>(d_outData, d_inData, -2);
    test_shfl_up<<<1, block>>>(d_outData, d_inData, 2);
    test_shfl_down<<<1, block>>>(d_outData, d_inData, 2);
    test_shfl_xor<<<1, block>>>(d_outData, d_inData, 1);
    test_shfl_swap<<<1, block / SEGM>>>(d_outData, d_inData, 1, 0, 3);
    CHECK(cudaMemcpy(h_outData, d_outData, nBytes, cudaMemcpyDeviceToHost));
    if(iPrintout) printData(h_outData, nElem);

    int *d_C;
    dim3 tile(BDIMX, BDIMY);
    CHECK(cudaMalloc((int**)&d_C, BDIMX * BDIMY * sizeof(int)));
    setRowReadColPad<<<1, tile>>>(d_C);
    setRowReadColDyn<<<1, tile, BDIMX * BDIMY * sizeof(int)>>>(d_C);
    CHECK(cudaDeviceSynchronize());

    CHECK(cudaFree(d_inData));
    CHECK(cudaFree(d_outData));
    CHECK(cudaFree(d_C));
    CHECK(cudaDeviceReset());
    return EXIT_SUCCESS;
}
