/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// A box filter through NPP, the way NVIDIA's NPP samples call it without
// their UtilNPP image classes: library and driver versions, pitched 8-bit
// images from nppiMalloc, an ROI with a border, nppiFilterBox with a mask and
// an anchor, NppStatus checks, and the stream context NPP 13 requires.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <npp.h>
#include <helper_cuda.h>

#define NPP_CHECK(call)                                                         \
  do {                                                                          \
    NppStatus _s = (call);                                                      \
    if (_s != NPP_SUCCESS) {                                                    \
      fprintf(stderr, "NPP error %d at %s:%d\n", (int)_s, __FILE__, __LINE__); \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

bool printfNPPinfo(int argc, char *argv[]) {
  const NppLibraryVersion *libVer = nppGetLibVersion();

  printf("NPP Library Version %d.%d.%d\n", libVer->major, libVer->minor, libVer->build);

  int driverVersion, runtimeVersion;
  cudaDriverGetVersion(&driverVersion);
  cudaRuntimeGetVersion(&runtimeVersion);

  printf("  CUDA Driver  Version: %d.%d\n", driverVersion / 1000, (driverVersion % 100) / 10);
  printf("  CUDA Runtime Version: %d.%d\n", runtimeVersion / 1000, (runtimeVersion % 100) / 10);

  // Min spec is SM 1.0 devices
  bool bVal = checkCudaCapabilities(1, 0);
  return bVal;
}

int main(int argc, char *argv[]) {
  printf("%s Starting...\n\n", argv[0]);

  findCudaDevice(argc, (const char **)argv);

  if (printfNPPinfo(argc, argv) == false) {
    exit(EXIT_SUCCESS);
  }

  const int width = 512, height = 512;
  std::vector<Npp8u> host(width * height);
  for (int i = 0; i < width * height; ++i) host[i] = (Npp8u)(i * 7);

  int srcStep = 0, dstStep = 0;
  Npp8u *pSrc = nppiMalloc_8u_C1(width, height, &srcStep);
  Npp8u *pDst = nppiMalloc_8u_C1(width, height, &dstStep);
  checkCudaErrors(cudaMemcpy2D(pSrc, srcStep, host.data(), width, width, height,
                               cudaMemcpyHostToDevice));

  NppiSize oMaskSize = {5, 5};
  NppiSize oSizeROI = {width - oMaskSize.width + 1, height - oMaskSize.height + 1};
  NppiPoint oAnchor = {oMaskSize.width / 2, oMaskSize.height / 2};

  NppStreamContext ctx;
  memset(&ctx, 0, sizeof(ctx));
  ctx.hStream = 0;
  checkCudaErrors(cudaGetDevice(&ctx.nCudaDeviceId));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, ctx.nCudaDeviceId));
  ctx.nMultiProcessorCount = prop.multiProcessorCount;
  ctx.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
  ctx.nSharedMemPerBlock = prop.sharedMemPerBlock;

  NPP_CHECK(nppiFilterBox_8u_C1R_Ctx(pSrc + oAnchor.y * srcStep + oAnchor.x, srcStep,
                                      pDst, dstStep, oSizeROI, oMaskSize, oAnchor, ctx));

  std::vector<Npp8u> out(oSizeROI.width * oSizeROI.height);
  checkCudaErrors(cudaMemcpy2D(out.data(), oSizeROI.width, pDst, dstStep, oSizeROI.width,
                               oSizeROI.height, cudaMemcpyDeviceToHost));
  printf("first pixel %d\n", out[0]);

  nppiFree(pSrc);
  nppiFree(pDst);
  exit(EXIT_SUCCESS);
}
