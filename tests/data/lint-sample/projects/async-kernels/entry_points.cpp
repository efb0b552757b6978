// A driver-API loader that takes the PFN_ typedefs of cudaTypedefs.h for
// the entry points it fetches at run time (cuda-samples' memMapIPCDrv shape).
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cstdio>

static PFN_cuMemCreate_v10020 pfnMemCreate = nullptr;

bool loadEntryPoints() {
  cudaDriverEntryPointQueryResult found;
  void *fn = nullptr;
  if (cudaGetDriverEntryPointByVersion("cuMemCreate", &fn, 12000, cudaEnableDefault, &found) != cudaSuccess)
    return false;
  pfnMemCreate = (PFN_cuMemCreate_v10020)fn;
  return pfnMemCreate != nullptr;
}
