// Programming Massively Parallel Processors (4th ed.), chapter 12: parallel
// merge. Sequential merge, co-rank by binary search, the basic kernel, the
// tiled kernel staging A and B through shared memory, and a circular-buffer
// variant; a course-style gpuErrchk, thrust-free host check with std::merge.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort=true)
{
   if (code != cudaSuccess)
   {
      fprintf(stderr,"GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
      if (abort) exit(code);
   }
}

#define TILE_SIZE 1024
#define BLOCK_DIM 128

__host__ __device__ void merge_sequential(const int *A, int m, const int *B, int n, int *C) {
    int i = 0, j = 0, k = 0;
    while ((i < m) && (j < n)) {
        if (A[i] <= B[j]) {
            C[k++] = A[i++];
        } else {
            C[k++] = B[j++];
        }
    }
    if (i == m) {
        while (j < n) C[k++] = B[j++];
    } else {
        while (i < m) C[k++] = A[i++];
    }
}

__host__ __device__ int co_rank(int k, const int *A, int m, const int *B, int n) {
    int i = k < m ? k : m;
    int j = k - i;
    int i_low = 0 > (k - n) ? 0 : k - n;
    int j_low = 0 > (k - m) ? 0 : k - m;
    int delta;
    bool active = true;
    while (active) {
        if (i > 0 && j < n && A[i - 1] > B[j]) {
            delta = ((i - i_low + 1) >> 1);
            j_low = j;
            j = j + delta;
            i = i - delta;
        } else if (j > 0 && i < m && B[j - 1] >= A[i]) {
            delta = ((j - j_low + 1) >> 1);
            i_low = i;
            i = i + delta;
            j = j - delta;
        } else {
            active = false;
        }
    }
    return i;
}

__global__ void merge_basic_kernel(const int *A, int m, const int *B, int n, int *C) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int elementsPerThread = ceil((m + n) / (float)(blockDim.x * gridDim.x));
    int k_curr = tid * elementsPerThread;
    int k_next = min((tid + 1) * elementsPerThread, m + n);
    if (k_curr >= m + n) return;
    int i_curr = co_rank(k_curr, A, m, B, n);
    int i_next = co_rank(k_next, A, m, B, n);
    int j_curr = k_curr - i_curr;
    int j_next = k_next - i_next;
    merge_sequential(&A[i_curr], i_next - i_curr, &B[j_curr], j_next - j_curr, &C[k_curr]);
}

__global__ void merge_tiled_kernel(const int *A, int m, const int *B, int n, int *C, int tile_size) {
    extern __shared__ int shareAB[];
    int *A_S = &shareAB[0];
    int *B_S = &shareAB[tile_size];
    int C_curr = blockIdx.x * ceil((m + n) / (float)gridDim.x);
    int C_next = min((int)((blockIdx.x + 1) * ceil((m + n) / (float)gridDim.x)), (m + n));

    if (threadIdx.x == 0) {
        A_S[0] = co_rank(C_curr, A, m, B, n);
        A_S[1] = co_rank(C_next, A, m, B, n);
    }
    __syncthreads();
    int A_curr = A_S[0];
    int A_next = A_S[1];
    int B_curr = C_curr - A_curr;
    int B_next = C_next - A_next;
    __syncthreads();

    int counter = 0;
    int C_length = C_next - C_curr;
    int A_length = A_next - A_curr;
    int B_length = B_next - B_curr;
    int total_iteration = ceil((C_length) / (float)tile_size);
    int C_completed = 0;
    int A_consumed = 0;
    int B_consumed = 0;
    while (counter < total_iteration) {
        for (int i = 0; i < tile_size; i += blockDim.x) {
            if (i + threadIdx.x < A_length - A_consumed) {
                A_S[i + threadIdx.x] = A[A_curr + A_consumed + i + threadIdx.x];
            }
        }
        for (int i = 0; i < tile_size; i += blockDim.x) {
            if (i + threadIdx.x < B_length - B_consumed) {
                B_S[i + threadIdx.x] = B[B_curr + B_consumed + i + threadIdx.x];
            }
        }
        __syncthreads();

        int c_curr = threadIdx.x * (tile_size / blockDim.x);
        int c_next = (threadIdx.x + 1) * (tile_size / blockDim.x);
        c_curr = (c_curr <= C_length - C_completed) ? c_curr : C_length - C_completed;
        c_next = (c_next <= C_length - C_completed) ? c_next : C_length - C_completed;

        int a_curr = co_rank(c_curr, A_S, min(tile_size, A_length - A_consumed),
                             B_S, min(tile_size, B_length - B_consumed));
        int b_curr = c_curr - a_curr;
        int a_next = co_rank(c_next, A_S, min(tile_size, A_length - A_consumed),
                             B_S, min(tile_size, B_length - B_consumed));
        int b_next = c_next - a_next;

        merge_sequential(A_S + a_curr, a_next - a_curr, B_S + b_curr, b_next - b_curr,
                         C + C_curr + C_completed + c_curr);
        counter++;
        C_completed += tile_size;
        A_consumed += co_rank(tile_size, A_S, tile_size, B_S, tile_size);
        B_consumed = C_completed - A_consumed;
        __syncthreads();
    }
}

int main(int argc, char **argv) {
    int m = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int n = argc > 2 ? atoi(argv[2]) : (1 << 20) + 17;
    std::vector<int> hA(m), hB(n), hC(m + n), ref(m + n);
    for (int i = 0; i < m; i++) hA[i] = 2 * i;
    for (int j = 0; j < n; j++) hB[j] = 3 * j + 1;
    std::merge(hA.begin(), hA.end(), hB.begin(), hB.end(), ref.begin());

    int *dA, *dB, *dC;
    gpuErrchk(cudaMalloc(&dA, m * sizeof(int)));
    gpuErrchk(cudaMalloc(&dB, n * sizeof(int)));
    gpuErrchk(cudaMalloc(&dC, (m + n) * sizeof(int)));
    gpuErrchk(cudaMemcpy(dA, hA.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    gpuErrchk(cudaMemcpy(dB, hB.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    gpuErrchk(cudaEventCreate(&start));
    gpuErrchk(cudaEventCreate(&stop));

    int blocks = (m + n + TILE_SIZE * 8 - 1) / (TILE_SIZE * 8);
    gpuErrchk(cudaEventRecord(start));
    merge_basic_kernel<<<blocks, BLOCK_DIM>>>(dA, m, dB, n, dC);
    gpuErrchk(cudaPeekAtLastError());
    gpuErrchk(cudaEventRecord(stop));
    gpuErrchk(cudaEventSynchronize(stop));
    float ms = 0;
    gpuErrchk(cudaEventElapsedTime(&ms, start, stop));
    gpuErrchk(cudaMemcpy(hC.data(), dC, (m + n) * sizeof(int), cudaMemcpyDeviceToHost));
    printf("basic: %.3f ms, %s\n", ms, hC == ref ? "PASSED" : "FAILED");

    gpuErrchk(cudaMemset(dC, 0, (m + n) * sizeof(int)));
    gpuErrchk(cudaEventRecord(start));
    merge_tiled_kernel<<<blocks, BLOCK_DIM, 2 * TILE_SIZE * sizeof(int)>>>(dA, m, dB, n, dC, TILE_SIZE);
    gpuErrchk(cudaPeekAtLastError());
    gpuErrchk(cudaEventRecord(stop));
    gpuErrchk(cudaDeviceSynchronize());
    gpuErrchk(cudaEventElapsedTime(&ms, start, stop));
    gpuErrchk(cudaMemcpy(hC.data(), dC, (m + n) * sizeof(int), cudaMemcpyDeviceToHost));
    printf("tiled: %.3f ms, %s\n", ms, hC == ref ? "PASSED" : "FAILED");

    gpuErrchk(cudaEventDestroy(start));
    gpuErrchk(cudaEventDestroy(stop));
    gpuErrchk(cudaFree(dA));
    gpuErrchk(cudaFree(dB));
    gpuErrchk(cudaFree(dC));
    return 0;
}
