/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

#ifndef __MULTIDEVICEALLOC_MEMMAP_HPP__
#define __MULTIDEVICEALLOC_MEMMAP_HPP__

#include <cuda.h>
#include <vector>

// Allocate size bytes of memory, striped across residentDevices and mapped
// for access from mappingDevices, in one contiguous virtual address range.
CUresult simpleMallocMultiDeviceMmap(CUdeviceptr *dptr, size_t *allocationSize, size_t size,
                                     const std::vector<CUdevice> &residentDevices,
                                     const std::vector<CUdevice> &mappingDevices,
                                     size_t align = 0);

CUresult simpleFreeMultiDeviceMmap(CUdeviceptr dptr, size_t size);

#endif
