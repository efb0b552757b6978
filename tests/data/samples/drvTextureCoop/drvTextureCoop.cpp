// Driver-API texture objects and a cooperative launch: a pitched 2D buffer
// described by CUDA_RESOURCE_DESC/CUDA_TEXTURE_DESC, a 2D copy through
// CUDA_MEMCPY2D, kernels looked up in a cubin module, occupancy from the
// driver, cuLaunchKernel and cuLaunchCooperativeKernel with packed arguments.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda.h>
#include <helper_cuda_drvapi.h>

#define CU_CHECK(call)                                                          \
  do {                                                                          \
    CUresult res_ = (call);                                                     \
    if (res_ != CUDA_SUCCESS) {                                                 \
      const char *msg_ = nullptr;                                               \
      cuGetErrorString(res_, &msg_);                                            \
      fprintf(stderr, "%s failed at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
              msg_ ? msg_ : "unknown error");                                   \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

int main() {
  const int width = 512, height = 256;

  CU_CHECK(cuInit(0));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  int coop = 0, sms = 0;
  CU_CHECK(cuDeviceGetAttribute(&coop, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev));
  CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  CUmodule module;
  CU_CHECK(cuModuleLoad(&module, "blur_kernel.cubin"));
  CUfunction blurRows, sumAll;
  CU_CHECK(cuModuleGetFunction(&blurRows, module, "blurRows"));
  CU_CHECK(cuModuleGetFunction(&sumAll, module, "sumAll"));

  std::vector<float> host(width * height);
  for (int i = 0; i < width * height; i++) host[i] = (float)(i % width);

  CUdeviceptr d_img;
  size_t pitch;
  CU_CHECK(cuMemAllocPitch(&d_img, &pitch, width * sizeof(float), height, sizeof(float)));
  CUDA_MEMCPY2D copy;
  memset(&copy, 0, sizeof(copy));
  copy.srcMemoryType = CU_MEMORYTYPE_HOST;
  copy.srcHost = host.data();
  copy.srcPitch = width * sizeof(float);
  copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.dstDevice = d_img;
  copy.dstPitch = pitch;
  copy.WidthInBytes = width * sizeof(float);
  copy.Height = height;
  CU_CHECK(cuMemcpy2D(&copy));

  CUDA_RESOURCE_DESC res;
  memset(&res, 0, sizeof(res));
  res.resType = CU_RESOURCE_TYPE_PITCH2D;
  res.res.pitch2D.devPtr = d_img;
  res.res.pitch2D.format = CU_AD_FORMAT_FLOAT;
  res.res.pitch2D.numChannels = 1;
  res.res.pitch2D.width = width;
  res.res.pitch2D.height = height;
  res.res.pitch2D.pitchInBytes = pitch;
  CUDA_TEXTURE_DESC td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = CU_TR_ADDRESS_MODE_CLAMP;
  td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  td.filterMode = CU_TR_FILTER_MODE_POINT;
  CUtexObject tex;
  CU_CHECK(cuTexObjectCreate(&tex, &res, &td, NULL));

  CUdeviceptr d_out, d_partial, d_total;
  CU_CHECK(cuMemAlloc(&d_out, width * height * sizeof(float)));

  int w = width, h = height;
  void *blurArgs[] = {&tex, &d_out, &w, &h};
  CU_CHECK(cuLaunchKernel(blurRows, (width + 15) / 16, (height + 15) / 16, 1, 16, 16, 1, 0, 0,
                          blurArgs, NULL));

  int blocksPerSm = 0;
  CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, sumAll, 256, 0));
  int blocks = blocksPerSm * sms;
  CU_CHECK(cuMemAlloc(&d_partial, blocks * sizeof(float)));
  CU_CHECK(cuMemsetD32(d_partial, 0, blocks));
  CU_CHECK(cuMemAlloc(&d_total, sizeof(float)));
  int n = width * height;
  void *sumArgs[] = {&d_out, &d_partial, &d_total, &n};
  if (coop) {
    CU_CHECK(cuLaunchCooperativeKernel(sumAll, blocks, 1, 1, 256, 1, 1, 0, 0, sumArgs));
  }
  CU_CHECK(cuCtxSynchronize());

  float total = 0.0f;
  CU_CHECK(cuMemcpyDtoH(&total, d_total, sizeof(float)));
  printf("sum of blurred image: %f\n", total);

  CU_CHECK(cuTexObjectDestroy(tex));
  CU_CHECK(cuMemFree(d_img));
  CU_CHECK(cuMemFree(d_out));
  CU_CHECK(cuMemFree(d_partial));
  CU_CHECK(cuMemFree(d_total));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}
