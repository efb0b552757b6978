#include <hip/hip_cooperative_groups.h>
#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(HIPIFY_RS_CG_MEMCPY_ASYNC_H)
#define HIPIFY_RS_CG_MEMCPY_ASYNC_H
// hipify-rs: cooperative_groups/memcpy_async.h (HIP has none): the group copies at once (16, 4 or 1 bytes a thread at a time), and wait/wait_prior sync the group, as CUDA's do once the copy is done
namespace cooperative_groups {
template <class TyGroup>
__device__ inline void hipify_rs_group_copy(const TyGroup& group, void* dst, const void* src, unsigned long long bytes) {
  const unsigned long long n = group.size(), rank = group.thread_rank();
  const unsigned long long bits = (unsigned long long)dst | (unsigned long long)src | bytes;
  if (bits % 16 == 0) {
    for (unsigned long long i = rank; i < bytes / 16; i += n) ((int4*)dst)[i] = ((const int4*)src)[i];
  } else if (bits % 4 == 0) {
    for (unsigned long long i = rank; i < bytes / 4; i += n) ((int*)dst)[i] = ((const int*)src)[i];
  } else {
    for (unsigned long long i = rank; i < bytes; i += n) ((char*)dst)[i] = ((const char*)src)[i];
  }
}
template <class TyGroup, typename TyElem, typename TySizeT>
__device__ inline void memcpy_async(const TyGroup& group, TyElem* __restrict__ dst, const TyElem* __restrict__ src, const TySizeT& count) {
  hipify_rs_group_copy(group, (void*)dst, (const void*)src, (unsigned long long)count);
}
template <class TyGroup, class TyElem, typename DstLayout, typename SrcLayout>
__device__ inline void memcpy_async(const TyGroup& group, TyElem* __restrict__ dst, const DstLayout& dstLayout, const TyElem* __restrict__ src, const SrcLayout& srcLayout) {
  const unsigned long long d = (unsigned long long)dstLayout, s = (unsigned long long)srcLayout;
  hipify_rs_group_copy(group, (void*)dst, (const void*)src, (d < s ? d : s) * sizeof(TyElem));
}
template <unsigned int Stage, class TyGroup>
__device__ inline void wait_prior(const TyGroup& group) { group.sync(); }
template <class TyGroup>
__device__ inline void wait(const TyGroup& group) { group.sync(); }
}  // namespace cooperative_groups
#endif
