/* In the style of NVIDIA cuda-samples dct8x8: pitched device planes, a
 * texture object over pitched memory, kernels in .cuh files, timing with
 * helper_timer and events. */

#define FMUL_ROW(by, bx, ty, tx, w) \
  IMAD(IMAD(by, BLOCK_SIZE, ty), w, IMAD(bx, BLOCK_SIZE, tx))

#include "Common.h"
#include "dct8x8_kernel1.cuh"
#include "dct8x8_kernel_quantization.cuh"

#define BENCHMARK_SIZE 10

float WrapperCUDA1(byte *ImgSrc, byte *ImgDst, int Stride, ROI Size) {
  // prepare channel format descriptor for passing texture into kernels
  cudaChannelFormatDesc floattex = cudaCreateChannelDesc<float>();

  // allocate device memory
  cudaArray *Src;
  float *Dst;
  size_t DstStride;
  checkCudaErrors(cudaMallocArray(&Src, &floattex, Size.width, Size.height));
  checkCudaErrors(cudaMallocPitch((void **)(&Dst), &DstStride,
                                  Size.width * sizeof(float), Size.height));
  DstStride /= sizeof(float);

  // convert source image to float representation
  int ImgSrcFStride;
  float *ImgSrcF = MallocPlaneFloat(Size.width, Size.height, &ImgSrcFStride);
  for (int i = 0; i < Size.height; i++)
    for (int j = 0; j < Size.width; j++)
      ImgSrcF[i * (ImgSrcFStride / sizeof(float)) + j] = (float)ImgSrc[i * Stride + j];
  AddFloatPlane(-128.0f, ImgSrcF, ImgSrcFStride / sizeof(float), Size);

  // copy from host memory to device
  checkCudaErrors(cudaMemcpy2DToArray(Src, 0, 0, ImgSrcF, ImgSrcFStride,
                                      Size.width * sizeof(float), Size.height,
                                      cudaMemcpyHostToDevice));

  // setup execution parameters
  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  dim3 grid(Size.width / BLOCK_SIZE, Size.height / BLOCK_SIZE);

  // create and start CUDA timer
  StopWatchInterface *timerCUDA = 0;
  sdkCreateTimer(&timerCUDA);
  sdkResetTimer(&timerCUDA);

  cudaTextureObject_t TexSrc;
  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));

  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = Src;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));

  texDescr.normalizedCoords = false;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeElementType;

  checkCudaErrors(cudaCreateTextureObject(&TexSrc, &texRes, &texDescr, NULL));

  // execute DCT kernel and benchmark
  for (int i = 0; i < BENCHMARK_SIZE; i++) {
    sdkStartTimer(&timerCUDA);
    CUDAkernel1DCT<<<grid, threads>>>(Dst, (int)DstStride, 0, 0, TexSrc);
    checkCudaErrors(cudaDeviceSynchronize());
    sdkStopTimer(&timerCUDA);
  }

  getLastCudaError("Kernel execution failed");

  // finalize CUDA timer
  float TimerCUDASpan = sdkGetAverageTimerValue(&timerCUDA);
  sdkDeleteTimer(&timerCUDA);

  // execute Quantization kernel
  CUDAkernelQuantizationFloat<<<grid, threads>>>(Dst, (int)DstStride);
  getLastCudaError("Kernel execution failed");

  // copy quantized coefficients back to the host, through a pitched copy
  float *h_Dst = (float *)malloc(Size.width * Size.height * sizeof(float));
  checkCudaErrors(cudaMemcpy2D(h_Dst, Size.width * sizeof(float), Dst,
                               DstStride * sizeof(float), Size.width * sizeof(float),
                               Size.height, cudaMemcpyDeviceToHost));

  for (int i = 0; i < Size.height; i++)
    for (int j = 0; j < Size.width; j++) {
      float v = h_Dst[i * Size.width + j] / 8.0f + 128.0f;
      ImgDst[i * Stride + j] = (byte)(v < 0 ? 0 : (v > 255 ? 255 : v));
    }

  // clean up memory
  checkCudaErrors(cudaDestroyTextureObject(TexSrc));
  checkCudaErrors(cudaFreeArray(Src));
  checkCudaErrors(cudaFree(Dst));
  free(h_Dst);
  FreePlane(ImgSrcF);

  // return time taken by the operation
  return TimerCUDASpan;
}

float WrapperCUDAshort(short *h_plane, int width, int height) {
  short *d_plane;
  size_t pitch;
  checkCudaErrors(cudaMallocPitch((void **)&d_plane, &pitch, width * sizeof(short), height));
  checkCudaErrors(cudaMemcpy2D(d_plane, pitch, h_plane, width * sizeof(short),
                               width * sizeof(short), height, cudaMemcpyHostToDevice));
  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  dim3 grid(width / BLOCK_SIZE, height / BLOCK_SIZE);

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start, 0));
  CUDAkernelQuantizationShort<<<grid, threads>>>(d_plane, (int)(pitch / sizeof(short)));
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  checkCudaErrors(cudaMemcpy2D(h_plane, width * sizeof(short), d_plane, pitch,
                               width * sizeof(short), height, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_plane));
  return ms;
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);

  findCudaDevice(argc, (const char **)argv);

  ROI ImgSize;
  ImgSize.width = 512;
  ImgSize.height = 512;
  int ImgStride = ImgSize.width;

  byte *ImgSrc = (byte *)malloc(ImgStride * ImgSize.height);
  byte *ImgDst = (byte *)malloc(ImgStride * ImgSize.height);
  for (int i = 0; i < ImgSize.height; i++)
    for (int j = 0; j < ImgSize.width; j++)
      ImgSrc[i * ImgStride + j] = (byte)((i * 7 + j * 3) & 0xff);

  float TimeCUDA1 = WrapperCUDA1(ImgSrc, ImgDst, ImgStride, ImgSize);

  short *plane = (short *)malloc(ImgSize.width * ImgSize.height * sizeof(short));
  for (int i = 0; i < ImgSize.width * ImgSize.height; i++) plane[i] = (short)(i % 97 - 48);
  float TimeShort = WrapperCUDAshort(plane, ImgSize.width, ImgSize.height);

  double err = 0;
  for (int i = 0; i < ImgSize.width * ImgSize.height; i++)
    err += fabs((double)ImgSrc[i] - (double)ImgDst[i]);
  printf("CUDA (8x8 blocks) time: %f ms, quantization: %f ms, mean error %f\n", TimeCUDA1,
         TimeShort, err / (ImgSize.width * ImgSize.height));

  free(ImgSrc);
  free(ImgDst);
  free(plane);
  return 0;
}
