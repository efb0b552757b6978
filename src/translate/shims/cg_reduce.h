#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(HIPIFY_RS_CG_REDUCE_H)
#define HIPIFY_RS_CG_REDUCE_H
// hipify-rs: cooperative_groups/reduce.h (HIP has none): cg::reduce over a tile or a coalesced group with the group's shfl_down and shfl
namespace cooperative_groups {
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ auto reduce(const TyGroup& group, TyVal&& val, TyOp&& op) -> decltype(op(val, val)) {
  decltype(op(val, val)) v = val;
  const unsigned int n = group.size(), rank = group.thread_rank();
  for (unsigned int o = 1; o < n; o <<= 1) {
    decltype(op(val, val)) other = group.shfl_down(v, o);
    if (rank + o < n) v = op(v, other);
  }
  return group.shfl(v, 0);
}
}  // namespace cooperative_groups
#endif
