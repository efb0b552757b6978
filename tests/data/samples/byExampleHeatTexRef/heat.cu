/* Adapted from "CUDA by Example" (Sanders, Kandrot), chapter 7: heat transfer
 * with texture memory. Copyright 1993-2010 NVIDIA Corporation. */

#include "book.h"

#define DIM 256
#define PI 3.1415926535897932f
#define MAX_TEMP 1.0f
#define MIN_TEMP 0.0001f
#define SPEED 0.25f

// these exist on the GPU side
texture<float> texConstSrc;
texture<float> texIn;
texture<float> texOut;

texture<float, 2> texConstSrc2;
texture<float, 2> texIn2;
texture<float, 2> texOut2;

__global__ void blend_kernel(float *dst, bool dstOut) {
  // map from threadIdx/BlockIdx to pixel position
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  int offset = x + y * blockDim.x * gridDim.x;

  int left = offset - 1;
  int right = offset + 1;
  if (x == 0) left++;
  if (x == DIM - 1) right--;

  int top = offset - DIM;
  int bottom = offset + DIM;
  if (y == 0) top += DIM;
  if (y == DIM - 1) bottom -= DIM;

  float t, l, c, r, b;
  if (dstOut) {
    t = tex1Dfetch(texIn, top);
    l = tex1Dfetch(texIn, left);
    c = tex1Dfetch(texIn, offset);
    r = tex1Dfetch(texIn, right);
    b = tex1Dfetch(texIn, bottom);
  } else {
    t = tex1Dfetch(texOut, top);
    l = tex1Dfetch(texOut, left);
    c = tex1Dfetch(texOut, offset);
    r = tex1Dfetch(texOut, right);
    b = tex1Dfetch(texOut, bottom);
  }
  dst[offset] = c + SPEED * (t + b + r + l - 4 * c);
}

__global__ void blend2d_kernel(float *dst, bool dstOut) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  int offset = x + y * blockDim.x * gridDim.x;

  float t, l, c, r, b;
  if (dstOut) {
    t = tex2D(texIn2, x, y - 1);
    l = tex2D(texIn2, x - 1, y);
    c = tex2D(texIn2, x, y);
    r = tex2D(texIn2, x + 1, y);
    b = tex2D(texIn2, x, y + 1);
  } else {
    t = tex2D(texOut2, x, y - 1);
    l = tex2D(texOut2, x - 1, y);
    c = tex2D(texOut2, x, y);
    r = tex2D(texOut2, x + 1, y);
    b = tex2D(texOut2, x, y + 1);
  }
  dst[offset] = c + SPEED * (t + b + r + l - 4 * c);
}

__global__ void copy_const_kernel(float *iptr) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  int offset = x + y * blockDim.x * gridDim.x;

  float c = tex1Dfetch(texConstSrc, offset);
  if (c != 0) iptr[offset] = c;
}

// globals needed by the update routine
struct DataBlock {
  float *dev_inSrc;
  float *dev_outSrc;
  float *dev_constSrc;
  cudaEvent_t start, stop;
  float totalTime;
  float frames;
};

void anim_gpu(DataBlock *d, int ticks) {
  HANDLE_ERROR(cudaEventRecord(d->start, 0));
  dim3 blocks(DIM / 16, DIM / 16);
  dim3 threads(16, 16);

  // since tex is global and bound, we have to use a flag to
  // select which is in/out per iteration
  volatile bool dstOut = true;
  for (int i = 0; i < 90; i++) {
    float *in, *out;
    if (dstOut) {
      in = d->dev_inSrc;
      out = d->dev_outSrc;
    } else {
      out = d->dev_inSrc;
      in = d->dev_outSrc;
    }
    copy_const_kernel<<<blocks, threads>>>(in);
    blend_kernel<<<blocks, threads>>>(out, dstOut);
    dstOut = !dstOut;
  }
  HANDLE_ERROR(cudaEventRecord(d->stop, 0));
  HANDLE_ERROR(cudaEventSynchronize(d->stop));
  float elapsedTime;
  HANDLE_ERROR(cudaEventElapsedTime(&elapsedTime, d->start, d->stop));
  d->totalTime += elapsedTime;
  ++d->frames;
  printf("Average Time per frame:  %3.1f ms\n", d->totalTime / d->frames);
}

// clean up memory allocated on the GPU
void anim_exit(DataBlock *d) {
  cudaUnbindTexture(texIn);
  cudaUnbindTexture(texOut);
  cudaUnbindTexture(texConstSrc);
  cudaUnbindTexture(texIn2);
  HANDLE_ERROR(cudaFree(d->dev_inSrc));
  HANDLE_ERROR(cudaFree(d->dev_outSrc));
  HANDLE_ERROR(cudaFree(d->dev_constSrc));

  HANDLE_ERROR(cudaEventDestroy(d->start));
  HANDLE_ERROR(cudaEventDestroy(d->stop));
}

int main(void) {
  DataBlock data;
  data.totalTime = 0;
  data.frames = 0;
  HANDLE_ERROR(cudaEventCreate(&data.start));
  HANDLE_ERROR(cudaEventCreate(&data.stop));

  int imageSize = DIM * DIM * sizeof(float);

  HANDLE_ERROR(cudaMalloc((void **)&data.dev_inSrc, imageSize));
  HANDLE_ERROR(cudaMalloc((void **)&data.dev_outSrc, imageSize));
  HANDLE_ERROR(cudaMalloc((void **)&data.dev_constSrc, imageSize));

  HANDLE_ERROR(cudaBindTexture(NULL, texConstSrc, data.dev_constSrc, imageSize));
  HANDLE_ERROR(cudaBindTexture(NULL, texIn, data.dev_inSrc, imageSize));
  HANDLE_ERROR(cudaBindTexture(NULL, texOut, data.dev_outSrc, imageSize));

  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  HANDLE_ERROR(cudaBindTexture2D(NULL, texIn2, data.dev_inSrc, desc, DIM, DIM,
                                 sizeof(float) * DIM));

  // intialize the constant data
  float *temp = (float *)malloc(imageSize);
  for (int i = 0; i < DIM * DIM; i++) {
    temp[i] = 0;
    int x = i % DIM;
    int y = i / DIM;
    if ((x > 30) && (x < 60) && (y > 31) && (y < 61)) temp[i] = MAX_TEMP;
  }
  temp[DIM * 100 + 100] = (MAX_TEMP + MIN_TEMP) / 2;
  temp[DIM * 70 + 70] = MIN_TEMP;
  HANDLE_ERROR(cudaMemcpy(data.dev_constSrc, temp, imageSize, cudaMemcpyHostToDevice));
  HANDLE_ERROR(cudaMemcpy(data.dev_inSrc, temp, imageSize, cudaMemcpyHostToDevice));
  free(temp);

  for (int tick = 0; tick < 10; tick++) anim_gpu(&data, tick);
  anim_exit(&data);
  return 0;
}
