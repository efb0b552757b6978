// Problem sets 1-3 of Udacity's cs344 as students wrote them: RGBA to
// greyscale over uchar4, a Gaussian blur of separated channels with
// __restrict__ pointers and clamped neighbours (min/max on int in device
// code), the channels recombined, and the log-luminance range by a
// shared-memory reduction with fminf/fmaxf, then a histogram by atomicAdd.
#include "utils.h"

__global__ void rgba_to_greyscale(const uchar4 *const rgbaImage, unsigned char *const greyImage,
                                  int numRows, int numCols) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= numCols || y >= numRows) return;
  const uchar4 rgba = rgbaImage[y * numCols + x];
  greyImage[y * numCols + x] = .299f * rgba.x + .587f * rgba.y + .114f * rgba.z;
}

__global__ void gaussian_blur(const unsigned char *const __restrict__ inputChannel,
                              unsigned char *const __restrict__ outputChannel, int numRows,
                              int numCols, const float *const __restrict__ filter,
                              const int filterWidth) {
  const int2 p = make_int2(blockIdx.x * blockDim.x + threadIdx.x,
                           blockIdx.y * blockDim.y + threadIdx.y);
  if (p.x >= numCols || p.y >= numRows) return;
  float result = 0.f;
  for (int fr = -filterWidth / 2; fr <= filterWidth / 2; ++fr) {
    for (int fc = -filterWidth / 2; fc <= filterWidth / 2; ++fc) {
      int r = min(max(p.y + fr, 0), numRows - 1);
      int c = min(max(p.x + fc, 0), numCols - 1);
      float w = filter[(fr + filterWidth / 2) * filterWidth + fc + filterWidth / 2];
      result += w * static_cast<float>(inputChannel[r * numCols + c]);
    }
  }
  outputChannel[p.y * numCols + p.x] = result;
}

__global__ void separateChannels(const uchar4 *const inputImageRGBA, int numRows, int numCols,
                                 unsigned char *const redChannel,
                                 unsigned char *const greenChannel,
                                 unsigned char *const blueChannel) {
  const int i = (blockIdx.y * blockDim.y + threadIdx.y) * numCols + blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= numRows * numCols) return;
  redChannel[i] = inputImageRGBA[i].x;
  greenChannel[i] = inputImageRGBA[i].y;
  blueChannel[i] = inputImageRGBA[i].z;
}

__global__ void recombineChannels(const unsigned char *const redChannel,
                                  const unsigned char *const greenChannel,
                                  const unsigned char *const blueChannel,
                                  uchar4 *const outputImageRGBA, int numRows, int numCols) {
  const int2 p = make_int2(blockIdx.x * blockDim.x + threadIdx.x,
                           blockIdx.y * blockDim.y + threadIdx.y);
  const int i = p.y * numCols + p.x;
  if (p.x >= numCols || p.y >= numRows) return;
  outputImageRGBA[i] = make_uchar4(redChannel[i], greenChannel[i], blueChannel[i], 255);
}

__global__ void reduce_minmax(const float *const d_in, float *d_out, const size_t size, bool isMax) {
  extern __shared__ float sdata[];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < size ? d_in[i] : d_in[0];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = isMax ? fmaxf(sdata[tid], sdata[tid + s]) : fminf(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid == 0) d_out[blockIdx.x] = sdata[0];
}

__global__ void histogram(const float *const d_logLuminance, unsigned int *d_bins, float lumMin,
                          float lumRange, int numBins, int size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size) return;
  unsigned int bin = min(static_cast<unsigned int>(numBins - 1),
                         static_cast<unsigned int>((d_logLuminance[i] - lumMin) / lumRange * numBins));
  atomicAdd(&d_bins[bin], 1);
}

static unsigned char *d_red, *d_green, *d_blue;
static float *d_filter;

void allocateMemoryAndCopyToGPU(const size_t numRowsImage, const size_t numColsImage,
                                const float *const h_filter, const size_t filterWidth) {
  const size_t pixels = numRowsImage * numColsImage;
  checkCudaErrors(cudaMalloc(&d_red, sizeof(unsigned char) * pixels));
  checkCudaErrors(cudaMalloc(&d_green, sizeof(unsigned char) * pixels));
  checkCudaErrors(cudaMalloc(&d_blue, sizeof(unsigned char) * pixels));
  checkCudaErrors(cudaMalloc(&d_filter, sizeof(float) * filterWidth * filterWidth));
  checkCudaErrors(cudaMemcpy(d_filter, h_filter, sizeof(float) * filterWidth * filterWidth,
                             cudaMemcpyHostToDevice));
}

void your_gaussian_blur(const uchar4 *const h_inputImageRGBA, uchar4 *const d_inputImageRGBA,
                        uchar4 *const d_outputImageRGBA, const size_t numRows, const size_t numCols,
                        unsigned char *d_redBlurred, unsigned char *d_greenBlurred,
                        unsigned char *d_blueBlurred, const int filterWidth) {
  const dim3 blockSize(16, 16, 1);
  const dim3 gridSize((numCols + blockSize.x - 1) / blockSize.x, (numRows + blockSize.y - 1) / blockSize.y, 1);
  separateChannels<<<gridSize, blockSize>>>(d_inputImageRGBA, numRows, numCols, d_red, d_green, d_blue);
  cudaDeviceSynchronize(); checkCudaErrors(cudaGetLastError());
  gaussian_blur<<<gridSize, blockSize>>>(d_red, d_redBlurred, numRows, numCols, d_filter, filterWidth);
  gaussian_blur<<<gridSize, blockSize>>>(d_green, d_greenBlurred, numRows, numCols, d_filter, filterWidth);
  gaussian_blur<<<gridSize, blockSize>>>(d_blue, d_blueBlurred, numRows, numCols, d_filter, filterWidth);
  cudaDeviceSynchronize(); checkCudaErrors(cudaGetLastError());
  recombineChannels<<<gridSize, blockSize>>>(d_redBlurred, d_greenBlurred, d_blueBlurred,
                                             d_outputImageRGBA, numRows, numCols);
  cudaDeviceSynchronize(); checkCudaErrors(cudaGetLastError());
}

void your_rgba_to_greyscale(const uchar4 *const h_rgbaImage, uchar4 *const d_rgbaImage,
                            unsigned char *const d_greyImage, size_t numRows, size_t numCols) {
  const dim3 blockSize(32, 8, 1);
  const dim3 gridSize((numCols + 31) / 32, (numRows + 7) / 8, 1);
  rgba_to_greyscale<<<gridSize, blockSize>>>(d_rgbaImage, d_greyImage, numRows, numCols);
  cudaDeviceSynchronize(); checkCudaErrors(cudaGetLastError());
}

void your_histogram_and_prefixsum(const float *const d_logLuminance, unsigned int *const d_cdf,
                                  float &min_logLum, float &max_logLum, const size_t numRows,
                                  const size_t numCols, const size_t numBins) {
  const size_t size = numRows * numCols;
  const int threads = 1024;
  const int blocks = (size + threads - 1) / threads;
  float *d_partial, *d_result;
  checkCudaErrors(cudaMalloc((void **)&d_partial, blocks * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_result, sizeof(float)));
  reduce_minmax<<<blocks, threads, threads * sizeof(float)>>>(d_logLuminance, d_partial, size, false);
  reduce_minmax<<<1, threads, threads * sizeof(float)>>>(d_partial, d_result, blocks, false);
  checkCudaErrors(cudaMemcpy(&min_logLum, d_result, sizeof(float), cudaMemcpyDeviceToHost));
  reduce_minmax<<<blocks, threads, threads * sizeof(float)>>>(d_logLuminance, d_partial, size, true);
  reduce_minmax<<<1, threads, threads * sizeof(float)>>>(d_partial, d_result, blocks, true);
  checkCudaErrors(cudaMemcpy(&max_logLum, d_result, sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemset(d_cdf, 0, sizeof(unsigned int) * numBins));
  histogram<<<blocks, threads>>>(d_logLuminance, d_cdf, min_logLum, max_logLum - min_logLum, numBins, size);
  checkCudaErrors(cudaFree(d_partial));
  checkCudaErrors(cudaFree(d_result));
}

void cleanup() {
  checkCudaErrors(cudaFree(d_red));
  checkCudaErrors(cudaFree(d_green));
  checkCudaErrors(cudaFree(d_blue));
  checkCudaErrors(cudaFree(d_filter));
}
