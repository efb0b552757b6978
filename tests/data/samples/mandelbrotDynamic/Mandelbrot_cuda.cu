/* In the style of NVIDIA's cuda-samples Mandelbrot (Mandelbrot_cuda.cu): a persistent grid whose
 * blocks take tiles from a __device__ counter (dynamic block scheduling), a volatile __shared__
 * tile index, __threadfence_block, and a uchar4 image through a pixel buffer. */
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define ABS(n) ((n) < 0 ? -(n) : (n))
#define BLOCKDIM_X 16
#define BLOCKDIM_Y 16

__device__ unsigned int blockCounter;

template <class T>
__device__ inline int CalcMandelbrot(const T xPos, const T yPos, const T xJParam,
                                     const T yJParam, const int crunch, const bool isJulia) {
  T x, y, xx, yy;
  int i = crunch;
  T xC, yC;
  if (isJulia) {
    xC = xJParam; yC = yJParam; y = yPos; x = xPos;
    yy = y * y; xx = x * x;
  } else {
    xC = xPos; yC = yPos; y = 0; x = 0; yy = 0; xx = 0;
  }
  do {
    y = x * y * 2.0f + yC;
    x = xx - yy + xC;
    yy = y * y;
    xx = x * x;
  } while (--i && (xx + yy < T(4.0)));
  return crunch - i;
}

__device__ inline void rgbToUchar4(uchar4 *dst, int r, int g, int b) {
  dst->x = (unsigned char)r; dst->y = (unsigned char)g; dst->z = (unsigned char)b; dst->w = 255;
}

template <class T>
__global__ void Mandelbrot0(uchar4 *dst, const int imageW, const int imageH, const int crunch,
                            const T xOff, const T yOff, const T xJP, const T yJP,
                            const T scale, const uchar4 colors, const int frame,
                            const int animationFrame, const int gridWidth, const int numBlocks,
                            const bool isJ) {
  __shared__ unsigned int blockIndex;
  __shared__ unsigned int blockX, blockY;
  while (1) {
    if ((threadIdx.x == 0) && (threadIdx.y == 0)) {
      blockIndex = atomicAdd(&blockCounter, 1);
      blockX = blockIndex % gridWidth;
      blockY = blockIndex / gridWidth;
    }
    __syncthreads();
    if (blockIndex >= numBlocks) break;
    const int ix = blockDim.x * blockX + threadIdx.x;
    const int iy = blockDim.y * blockY + threadIdx.y;
    if ((ix < imageW) && (iy < imageH)) {
      const T xPos = (T)ix * scale + xOff;
      const T yPos = (T)iy * scale + yOff;
      int m = CalcMandelbrot<T>(xPos, yPos, xJP, yJP, crunch, isJ);
      m = m > 0 ? crunch - m : 0;
      uchar4 color;
      if (m) {
        m += animationFrame;
        color.x = m * colors.x; color.y = m * colors.y; color.z = m * colors.z;
      } else {
        color.x = color.y = color.z = 0;
      }
      int pixel = imageW * iy + ix;
      if (frame == 0) {
        color.w = 0;
        dst[pixel] = color;
      } else {
        int frame1 = frame + 1, frame2 = frame1 / 2;
        dst[pixel].x = (dst[pixel].x * frame + color.x + frame2) / frame1;
        dst[pixel].y = (dst[pixel].y * frame + color.y + frame2) / frame1;
        dst[pixel].z = (dst[pixel].z * frame + color.z + frame2) / frame1;
      }
    }
    __threadfence_block();
    __syncthreads();
  }
}

static inline int iDivUp(int a, int b) { return ((a % b) != 0) ? (a / b + 1) : (a / b); }

void RunMandelbrot0(uchar4 *dst, const int imageW, const int imageH, const int crunch,
                    const double xOff, const double yOff, const double xjp, const double yjp,
                    const double scale, const uchar4 colors, const int frame,
                    const int animationFrame, const int mode, const int numSMs,
                    const bool isJ, int version) {
  dim3 threads(BLOCKDIM_X, BLOCKDIM_Y);
  dim3 grid(iDivUp(imageW, BLOCKDIM_X), iDivUp(imageH, BLOCKDIM_Y));
  unsigned int hBlockCounter = 0;
  checkCudaErrors(cudaMemcpyToSymbol(blockCounter, &hBlockCounter, sizeof(unsigned int), 0,
                                     cudaMemcpyHostToDevice));
  int numWorkerBlocks = numSMs;
  switch (mode) {
    default:
    case 0:
      Mandelbrot0<float><<<numWorkerBlocks, threads>>>(
          dst, imageW, imageH, crunch, (float)xOff, (float)yOff, (float)xjp, (float)yjp,
          (float)scale, colors, frame, animationFrame, grid.x, grid.x * grid.y, isJ);
      break;
    case 1:
      Mandelbrot0<double><<<numWorkerBlocks, threads>>>(dst, imageW, imageH, crunch, xOff, yOff,
                                                         xjp, yjp, scale, colors, frame,
                                                         animationFrame, grid.x,
                                                         grid.x * grid.y, isJ);
      break;
  }
  getLastCudaError("Mandelbrot0 kernel execution failed.\n");
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  int numSMs = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev));
  const int imageW = 800, imageH = 600;
  uchar4 *d_dst = NULL;
  checkCudaErrors(cudaMalloc((void **)&d_dst, imageW * imageH * sizeof(uchar4)));
  uchar4 colors = make_uchar4(3, 5, 7, 255);
  for (int frame = 0; frame < 4; frame++) {
    RunMandelbrot0(d_dst, imageW, imageH, 512, -0.5, 0.0, 0.0, 0.0, 3.2 / imageW, colors,
                   frame, 0, frame & 1, numSMs * 2, false, 1);
  }
  checkCudaErrors(cudaDeviceSynchronize());
  uchar4 *h_dst = (uchar4 *)malloc(imageW * imageH * sizeof(uchar4));
  checkCudaErrors(cudaMemcpy(h_dst, d_dst, imageW * imageH * sizeof(uchar4),
                             cudaMemcpyDeviceToHost));
  unsigned long sum = 0;
  for (int i = 0; i < imageW * imageH; i++) sum += h_dst[i].x;
  printf("checksum %lu\n", sum);
  free(h_dst);
  checkCudaErrors(cudaFree(d_dst));
  return 0;
}
