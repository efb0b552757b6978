/* After NVIDIA's cudaCompressibleMemory sample (compMalloc.cpp): memory
 * allocated through the driver's virtual memory management with generic
 * compression requested, mapped and made accessible to the device. */

#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <helper_cuda.h>

cudaError_t setProp(CUmemAllocationProp *prop, bool UseCompressibleMemory) {
  CUdevice currentDevice;
  if (cuCtxGetDevice(&currentDevice) != CUDA_SUCCESS) return cudaErrorMemoryAllocation;

  memset(prop, 0, sizeof(CUmemAllocationProp));
  prop->type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop->location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop->location.id = currentDevice;

  if (UseCompressibleMemory) prop->allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;

  return cudaSuccess;
}

cudaError_t allocateCompressible(void **adr, size_t size, bool UseCompressibleMemory) {
  CUmemAllocationProp prop = {};
  cudaError_t err = setProp(&prop, UseCompressibleMemory);
  if (err != cudaSuccess) return err;

  size_t granularity = 0;
  if (cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) !=
      CUDA_SUCCESS)
    return cudaErrorMemoryAllocation;
  size = ((size - 1) / granularity + 1) * granularity;
  CUdeviceptr dptr;
  if (cuMemAddressReserve(&dptr, size, 0, 0, 0) != CUDA_SUCCESS) return cudaErrorMemoryAllocation;

  CUmemGenericAllocationHandle allocationHandle;
  if (cuMemCreate(&allocationHandle, size, &prop, 0) != CUDA_SUCCESS)
    return cudaErrorMemoryAllocation;

  // Check if cuMemCreate was able to allocate compressible memory.
  if (UseCompressibleMemory) {
    CUmemAllocationProp allocationProp = {};
    cuMemGetAllocationPropertiesFromHandle(&allocationProp, allocationHandle);
    if (allocationProp.allocFlags.compressionType != CU_MEM_ALLOCATION_COMP_GENERIC) {
      printf("Could not allocate compressible memory... so waiving execution\n");
      exit(EXIT_WAIVED);
    }
  }

  if (cuMemMap(dptr, size, 0, allocationHandle, 0) != CUDA_SUCCESS) return cudaErrorMemoryAllocation;

  if (cuMemRelease(allocationHandle) != CUDA_SUCCESS) return cudaErrorMemoryAllocation;

  CUmemAccessDesc accessDescriptor;
  accessDescriptor.location.id = prop.location.id;
  accessDescriptor.location.type = prop.location.type;
  accessDescriptor.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;

  if (cuMemSetAccess(dptr, size, &accessDescriptor, 1) != CUDA_SUCCESS)
    return cudaErrorMemoryAllocation;

  *adr = (void *)dptr;
  return cudaSuccess;
}

cudaError_t freeCompressible(void *ptr, size_t size, bool UseCompressibleMemory) {
  CUmemAllocationProp prop = {};
  cudaError_t err = setProp(&prop, UseCompressibleMemory);
  if (err != cudaSuccess) return err;

  size_t granularity = 0;
  if (cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) !=
      CUDA_SUCCESS)
    return cudaErrorMemoryAllocation;
  size = ((size - 1) / granularity + 1) * granularity;

  if (ptr == NULL) return cudaSuccess;
  if (cuMemUnmap((CUdeviceptr)ptr, size) != CUDA_SUCCESS ||
      cuMemAddressFree((CUdeviceptr)ptr, size) != CUDA_SUCCESS)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

int main(int argc, char **argv) {
  int devId = findCudaDevice(argc, (const char **)argv);
  CUdevice currentDevice;
  checkCudaErrors(cuDeviceGet(&currentDevice, devId));

  // Check that the selected device supports virtual memory management and compression.
  int vmmSupported = -1, compressible = 0;
  checkCudaErrors(cuDeviceGetAttribute(
      &vmmSupported, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, currentDevice));
  checkCudaErrors(cuDeviceGetAttribute(
      &compressible, CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED, currentDevice));
  if (vmmSupported == 0 || compressible == 0) {
    printf("Device %d doesn't support virtual memory management or compression, waiving\n", devId);
    exit(EXIT_WAIVED);
  }
  cudaFree(0);

  size_t size = 64 << 20;
  void *buf = NULL;
  checkCudaErrors(allocateCompressible(&buf, size, true));
  checkCudaErrors(cudaMemset(buf, 0, size));
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(freeCompressible(buf, size, true));
  printf("Done\n");
  return 0;
}
