// In the style of "Programming Massively Parallel Processors" (Kirk, Hwu):
// tiled matrix multiplication, 2D convolution with a constant-memory mask,
// a privatized text histogram, a 3D stencil with register tiling, and
// opt-in dynamic shared memory.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda.h>

#define TILE_WIDTH 16
#define MAX_MASK_WIDTH 10
#define FILTER_RADIUS 2
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2*(FILTER_RADIUS))
#define NUM_BINS 7
#define OUT_TILE_DIM3 30
#define IN_TILE_DIM3 32

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort=true)
{
   if (code != cudaSuccess)
   {
      fprintf(stderr,"GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
      if (abort) exit(code);
   }
}

__constant__ float F[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1];
__constant__ float c0, c1, c2, c3, c4, c5, c6;

__global__ void MatrixMulKernel(float* M, float* N, float* P, int Width) {
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x;  int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    float Pvalue = 0;
    for (int ph = 0; ph < ceil(Width/(float)TILE_WIDTH); ++ph) {
        if ((Row < Width) && (ph*TILE_WIDTH+tx) < Width)
            Mds[ty][tx] = M[Row*Width + ph*TILE_WIDTH + tx];
        else Mds[ty][tx] = 0;
        if ((ph*TILE_WIDTH+ty) < Width && Col < Width)
            Nds[ty][tx] = N[(ph*TILE_WIDTH + ty)*Width + Col];
        else Nds[ty][tx] = 0;
        __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    if ((Row < Width) && (Col < Width))
        P[Row*Width + Col] = Pvalue;
}

__global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P,
                                                      int width, int height) {
    int col = blockIdx.x*OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
    int row = blockIdx.y*OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
    __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
    if (row >= 0 && row < height && col >= 0 && col < width) {
        N_s[threadIdx.y][threadIdx.x] = N[row*width + col];
    } else {
        N_s[threadIdx.y][threadIdx.x] = 0.0;
    }
    __syncthreads();
    int tileCol = threadIdx.x - FILTER_RADIUS;
    int tileRow = threadIdx.y - FILTER_RADIUS;
    if (col >= 0 && col < width && row >= 0 && row < height) {
        if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0
                && tileRow < OUT_TILE_DIM) {
            float Pvalue = 0.0f;
            for (int fRow = 0; fRow < 2*FILTER_RADIUS+1; fRow++) {
                for (int fCol = 0; fCol < 2*FILTER_RADIUS+1; fCol++) {
                    Pvalue += F[fRow][fCol]*N_s[tileRow+fRow][tileCol+fCol];
                }
            }
            P[row*width+col] = Pvalue;
        }
    }
}

__global__ void histo_private_kernel(char *data, unsigned int length,
                                     unsigned int *histo) {
    __shared__ unsigned int histo_s[NUM_BINS];
    for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
        histo_s[bin] = 0u;
    }
    __syncthreads();
    unsigned int accumulator = 0;
    int prevBinIdx = -1;
    for (unsigned int i = blockIdx.x*blockDim.x + threadIdx.x; i < length;
         i += blockDim.x*gridDim.x) {
        int alphabet_position = data[i] - 'a';
        if (alphabet_position >= 0 && alphabet_position < 26) {
            int bin = alphabet_position/4;
            if (bin == prevBinIdx) {
                ++accumulator;
            } else {
                if (accumulator > 0) {
                    atomicAdd(&(histo_s[prevBinIdx]), accumulator);
                }
                accumulator = 1;
                prevBinIdx = bin;
            }
        }
    }
    if (accumulator > 0) {
        atomicAdd(&(histo_s[prevBinIdx]), accumulator);
    }
    __syncthreads();
    for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
        unsigned int binValue = histo_s[bin];
        if (binValue > 0) {
            atomicAdd(&(histo[bin]), binValue);
        }
    }
}

__global__ void stencil_kernel(float* in, float* out, unsigned int N) {
    int iStart = blockIdx.z*OUT_TILE_DIM3;
    int j = blockIdx.y*OUT_TILE_DIM3 + threadIdx.y - 1;
    int k = blockIdx.x*OUT_TILE_DIM3 + threadIdx.x - 1;
    float inPrev;
    __shared__ float inCurr_s[IN_TILE_DIM3][IN_TILE_DIM3];
    float inCurr;
    float inNext;
    if (iStart-1 >= 0 && iStart-1 < N && j >= 0 && j < N && k >= 0 && k < N) {
        inPrev = in[(iStart - 1)*N*N + j*N + k];
    }
    if (iStart >= 0 && iStart < N && j >= 0 && j < N && k >= 0 && k < N) {
        inCurr = in[iStart*N*N + j*N + k];
        inCurr_s[threadIdx.y][threadIdx.x] = inCurr;
    }
    for (int i = iStart; i < iStart + OUT_TILE_DIM3; ++i) {
        if (i + 1 >= 0 && i + 1 < N && j >= 0 && j < N && k >= 0 && k < N) {
            inNext = in[(i + 1)*N*N + j*N + k];
        }
        __syncthreads();
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
            if (threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM3 - 1
                    && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM3 - 1) {
                out[i*N*N + j*N + k] = c0*inCurr
                                     + c1*inCurr_s[threadIdx.y][threadIdx.x-1]
                                     + c2*inCurr_s[threadIdx.y][threadIdx.x+1]
                                     + c3*inCurr_s[threadIdx.y-1][threadIdx.x]
                                     + c4*inCurr_s[threadIdx.y+1][threadIdx.x]
                                     + c5*inPrev
                                     + c6*inNext;
            }
        }
        __syncthreads();
        inPrev = inCurr;
        inCurr = inNext;
        inCurr_s[threadIdx.y][threadIdx.x] = inNext;
    }
}

__global__ void dyn_smem_kernel(float *out, int n) {
    extern __shared__ float buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = buf[n - 1];
}

int main(int argc, char **argv) {
    int Width = 1024;
    size_t size = Width * Width * sizeof(float);
    float *M_h = (float *)malloc(size), *N_h = (float *)malloc(size), *P_h = (float *)malloc(size);
    for (int i = 0; i < Width * Width; i++) { M_h[i] = 1.0f; N_h[i] = 2.0f; }
    float *M_d, *N_d, *P_d;
    gpuErrchk(cudaMalloc((void **)&M_d, size));
    gpuErrchk(cudaMalloc((void **)&N_d, size));
    gpuErrchk(cudaMalloc((void **)&P_d, size));
    gpuErrchk(cudaMemcpy(M_d, M_h, size, cudaMemcpyHostToDevice));
    gpuErrchk(cudaMemcpy(N_d, N_h, size, cudaMemcpyHostToDevice));
    dim3 dimGrid(ceil(Width / (float)TILE_WIDTH), ceil(Width / (float)TILE_WIDTH), 1);
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH, 1);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(M_d, N_d, P_d, Width);
    gpuErrchk(cudaPeekAtLastError());
    gpuErrchk(cudaDeviceSynchronize());

    float F_h[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1];
    for (int i = 0; i < 2*FILTER_RADIUS+1; i++)
        for (int j = 0; j < 2*FILTER_RADIUS+1; j++) F_h[i][j] = 1.0f / 25;
    gpuErrchk(cudaMemcpyToSymbol(F, F_h, (2*FILTER_RADIUS+1)*(2*FILTER_RADIUS+1)*sizeof(float)));
    float coeffs[7] = {0.5f, 0.1f, 0.1f, 0.1f, 0.1f, 0.05f, 0.05f};
    gpuErrchk(cudaMemcpyToSymbol(c0, &coeffs[0], sizeof(float)));
    gpuErrchk(cudaMemcpyToSymbol(c6, &coeffs[6], sizeof(float), 0, cudaMemcpyHostToDevice));
    dim3 convBlock(IN_TILE_DIM, IN_TILE_DIM);
    dim3 convGrid((Width + OUT_TILE_DIM - 1) / OUT_TILE_DIM, (Width + OUT_TILE_DIM - 1) / OUT_TILE_DIM);
    convolution_tiled_2D_const_mem_kernel<<<convGrid, convBlock>>>(M_d, P_d, Width, Width);
    gpuErrchk(cudaGetLastError());

    const char text[] = "programming massively parallel processors";
    char *text_d; unsigned int *histo_d; unsigned int histo_h[NUM_BINS];
    gpuErrchk(cudaMalloc(&text_d, sizeof(text)));
    gpuErrchk(cudaMalloc(&histo_d, NUM_BINS * sizeof(unsigned int)));
    gpuErrchk(cudaMemset(histo_d, 0, NUM_BINS * sizeof(unsigned int)));
    gpuErrchk(cudaMemcpy(text_d, text, sizeof(text), cudaMemcpyHostToDevice));
    histo_private_kernel<<<4, 128>>>(text_d, sizeof(text) - 1, histo_d);
    gpuErrchk(cudaMemcpy(histo_h, histo_d, sizeof(histo_h), cudaMemcpyDeviceToHost));

    unsigned int N = 64;
    float *in_d, *out_d;
    gpuErrchk(cudaMalloc(&in_d, N * N * N * sizeof(float)));
    gpuErrchk(cudaMalloc(&out_d, N * N * N * sizeof(float)));
    dim3 sBlock(IN_TILE_DIM3, IN_TILE_DIM3, 1);
    dim3 sGrid((N + OUT_TILE_DIM3 - 1) / OUT_TILE_DIM3, (N + OUT_TILE_DIM3 - 1) / OUT_TILE_DIM3,
               (N + OUT_TILE_DIM3 - 1) / OUT_TILE_DIM3);
    stencil_kernel<<<sGrid, sBlock>>>(in_d, out_d, N);
    gpuErrchk(cudaGetLastError());

    int maxOptin = 0;
    gpuErrchk(cudaDeviceGetAttribute(&maxOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    int want = maxOptin > 65536 ? 65536 : maxOptin;
    gpuErrchk(cudaFuncSetAttribute(dyn_smem_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, want));
    dyn_smem_kernel<<<1, 256, want>>>(out_d, want / sizeof(float));
    gpuErrchk(cudaGetLastError());

    cudaDeviceProp devProp;
    gpuErrchk(cudaGetDeviceProperties(&devProp, 0));
    int clockKHz = 0;
    gpuErrchk(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
    printf("%s: %d SMs, %d regs/SM, clock %d kHz, L2 %d bytes\n", devProp.name,
           devProp.multiProcessorCount, devProp.regsPerMultiprocessor,
           clockKHz, devProp.l2CacheSize);
    printf("max threads/SM %d, shared/SM %zu\n", devProp.maxThreadsPerMultiProcessor,
           devProp.sharedMemPerMultiprocessor);

    cudaFree(M_d); cudaFree(N_d); cudaFree(P_d); cudaFree(text_d); cudaFree(histo_d);
    cudaFree(in_d); cudaFree(out_d);
    free(M_h); free(N_h); free(P_h);
    return 0;
}
