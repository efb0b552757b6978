// In the style of "Professional CUDA C Programming", chapters 3, 5 and 6:
// reductions (interleaved, unrolled, warp shuffle), shared-memory bank
// configuration, streams with callbacks and a dynamic-shared-memory transpose.
#include "../Common/common.h"
#include <cuda_runtime.h>
#include <stdio.h>

#define DIM 128
#define BDIMX 32
#define BDIMY 16
#define IPAD 1
#define SMEMDIM 4

int recursiveReduce(int *data, int const size)
{
    if (size == 1) return data[0];
    int const stride = size / 2;
    for (int i = 0; i < stride; i++)
        data[i] += data[i + stride];
    return recursiveReduce(data, stride);
}

__global__ void reduceUnrollWarps8 (int *g_idata, int *g_odata, unsigned int n)
{
    unsigned int tid = threadIdx.x;
    unsigned int idx = blockIdx.x * blockDim.x * 8 + threadIdx.x;
    int *idata = g_idata + blockIdx.x * blockDim.x * 8;

    if (idx + 7 * blockDim.x < n)
    {
        int a1 = g_idata[idx];
        int a2 = g_idata[idx + blockDim.x];
        int a3 = g_idata[idx + 2 * blockDim.x];
        int a4 = g_idata[idx + 3 * blockDim.x];
        int b1 = g_idata[idx + 4 * blockDim.x];
        int b2 = g_idata[idx + 5 * blockDim.x];
        int b3 = g_idata[idx + 6 * blockDim.x];
        int b4 = g_idata[idx + 7 * blockDim.x];
        g_idata[idx] = a1 + a2 + a3 + a4 + b1 + b2 + b3 + b4;
    }
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 32; stride >>= 1)
    {
        if (tid < stride)
            idata[tid] += idata[tid + stride];
        __syncthreads();
    }

    if (tid < 32)
    {
        volatile int *vmem = idata;
        vmem[tid] += vmem[tid + 32];
        vmem[tid] += vmem[tid + 16];
        vmem[tid] += vmem[tid +  8];
        vmem[tid] += vmem[tid +  4];
        vmem[tid] += vmem[tid +  2];
        vmem[tid] += vmem[tid +  1];
    }

    if (tid == 0) g_odata[blockIdx.x] = idata[0];
}

__inline__ __device__ int warpReduce(int localSum)
{
    localSum += __shfl_xor_sync(0xffffffff, localSum, 16);
    localSum += __shfl_xor_sync(0xffffffff, localSum, 8);
    localSum += __shfl_xor_sync(0xffffffff, localSum, 4);
    localSum += __shfl_xor_sync(0xffffffff, localSum, 2);
    localSum += __shfl_xor_sync(0xffffffff, localSum, 1);
    return localSum;
}

__global__ void reduceShfl (int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int smem[SMEMDIM];
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int mySum = g_idata[idx];
    int laneIdx = threadIdx.x % warpSize;
    int warpIdx = threadIdx.x / warpSize;
    mySum = warpReduce(mySum);
    if (laneIdx == 0) smem[warpIdx] = mySum;
    __syncthreads();
    mySum = (threadIdx.x < SMEMDIM) ? smem[laneIdx] : 0;
    if (warpIdx == 0) mySum = warpReduce(mySum);
    if (threadIdx.x == 0) g_odata[blockIdx.x] = mySum;
}

__global__ void setRowReadColDynPad(int *out)
{
    extern  __shared__ int tile[];
    unsigned int row_idx = threadIdx.y * (blockDim.x + IPAD) + threadIdx.x;
    unsigned int col_idx = threadIdx.x * (blockDim.x + IPAD) + threadIdx.y;
    unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[row_idx] = g_idx;
    __syncthreads();
    out[g_idx] = tile[col_idx];
}

void CUDART_CB my_callback(cudaStream_t stream, cudaError_t status, void *data)
{
    printf("callback from stream %d\n", *((int *)data));
}

int main(int argc, char **argv)
{
    int dev = 0;
    cudaDeviceProp deviceProp;
    CHECK(cudaGetDeviceProperties(&deviceProp, dev));
    printf("%s starting reduction at ", argv[0]);
    printf("device %d: %s ", dev, deviceProp.name);
    CHECK(cudaSetDevice(dev));

    cudaSharedMemConfig pConfig;
    CHECK(cudaDeviceGetSharedMemConfig ( &pConfig ));
    printf("with Bank Mode:%s ", pConfig == 1 ? "4-Byte" : "8-Byte");
    CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte));
    CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));

    int size = 1 << 24;
    int blocksize = 512;
    if(argc > 1) blocksize = atoi(argv[1]);
    dim3 block (blocksize, 1);
    dim3 grid  ((size + block.x - 1) / block.x, 1);

    size_t bytes = size * sizeof(int);
    int *h_idata = (int *) malloc(bytes);
    int *h_odata = (int *) malloc(grid.x * sizeof(int));
    int *tmp     = (int *) malloc(bytes);
    for (int i = 0; i < size; i++)
        h_idata[i] = (int)( rand() & 0xFF );
    memcpy (tmp, h_idata, bytes);

    double iStart, iElaps;
    int gpu_sum = 0;
    int *d_idata = NULL;
    int *d_odata = NULL;
    CHECK(cudaMalloc((void **) &d_idata, bytes));
    CHECK(cudaMalloc((void **) &d_odata, grid.x * sizeof(int)));

    iStart = seconds();
    int cpu_sum = recursiveReduce (tmp, size);
    iElaps = seconds() - iStart;
    printf("cpu reduce      elapsed %f sec cpu_sum: %d\n", iElaps, cpu_sum);

    CHECK(cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaDeviceSynchronize());
    iStart = seconds();
    reduceUnrollWarps8<<<grid.x / 8, block>>>(d_idata, d_odata, size);
    CHECK(cudaDeviceSynchronize());
    iElaps = seconds() - iStart;
    CHECK(cudaMemcpy(h_odata, d_odata, grid.x / 8 * sizeof(int),
                     cudaMemcpyDeviceToHost));
    gpu_sum = 0;
    for (int i = 0; i < grid.x / 8; i++) gpu_sum += h_odata[i];
    printf("gpu UnrollWarp8 elapsed %f sec gpu_sum: %d <<<grid %d block "
           "%d>>>\n", iElaps, gpu_sum, grid.x / 8, block.x);

    CHECK(cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice));
    reduceShfl<<<grid.x, block>>>(d_idata, d_odata, size);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_odata, d_odata, grid.x * sizeof(int),
                     cudaMemcpyDeviceToHost));

    int *d_C;
    CHECK(cudaMalloc(&d_C, BDIMX * BDIMY * sizeof(int)));
    dim3 tblock (BDIMX, BDIMY);
    setRowReadColDynPad<<<1, tblock, (BDIMX + IPAD) * BDIMY * sizeof(int)>>>(d_C);
    CHECK(cudaGetLastError());

    int n_streams = 4;
    cudaStream_t *streams = (cudaStream_t *) malloc(n_streams * sizeof(cudaStream_t));
    int stream_ids[4];
    for (int i = 0 ; i < n_streams ; i++)
    {
        CHECK(cudaStreamCreateWithFlags(&(streams[i]), cudaStreamNonBlocking));
        stream_ids[i] = i;
    }
    cudaEvent_t *kernelEvent = (cudaEvent_t *) malloc(n_streams * sizeof(cudaEvent_t));
    for (int i = 0; i < n_streams; i++)
        CHECK(cudaEventCreateWithFlags(&kernelEvent[i], cudaEventDisableTiming));
    for (int i = 0; i < n_streams; i++)
    {
        reduceShfl<<<grid.x, block, 0, streams[i]>>>(d_idata, d_odata, size);
        CHECK(cudaEventRecord(kernelEvent[i], streams[i]));
        CHECK(cudaStreamWaitEvent(streams[n_streams - 1], kernelEvent[i], 0));
        CHECK(cudaStreamAddCallback(streams[i], my_callback,
                    (void *)(stream_ids + i), 0));
    }
    for (int i = 0; i < n_streams; i++)
    {
        CHECK(cudaStreamDestroy(streams[i]));
        CHECK(cudaEventDestroy(kernelEvent[i]));
    }

    free(h_idata);
    free(h_odata);
    free(tmp);
    CHECK(cudaFree(d_idata));
    CHECK(cudaFree(d_odata));
    CHECK(cudaFree(d_C));
    CHECK(cudaDeviceReset());
    return EXIT_SUCCESS;
}
