#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(HIPIFY_RS_CG_SCAN_H)
#define HIPIFY_RS_CG_SCAN_H
// hipify-rs: cooperative_groups/scan.h (HIP has none): cg::inclusive_scan and cg::exclusive_scan over a tile or a coalesced group with the group's shfl_up, as CUDA's single-warp scan (details/coalesced_scan.h)
namespace cooperative_groups {
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ auto inclusive_scan(const TyGroup& group, TyVal&& val, TyOp&& op) -> decltype(op(val, val)) {
  decltype(op(val, val)) out = val;
  for (unsigned int o = 1; o < group.size(); o <<= 1) {
    decltype(op(val, val)) tmp = group.shfl_up(out, o);
    if (o <= group.thread_rank()) out = op(out, tmp);
  }
  return out;
}
template <typename TyGroup, typename TyVal>
__device__ typename std::decay<TyVal>::type inclusive_scan(const TyGroup& group, TyVal&& val) {
  return inclusive_scan(group, val, plus<typename std::decay<TyVal>::type>());
}
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ auto exclusive_scan(const TyGroup& group, TyVal&& val, TyOp&& op) -> decltype(op(val, val)) {
  decltype(op(val, val)) in = inclusive_scan(group, val, op);
  decltype(op(val, val)) out = group.shfl_up(in, 1);
  if (group.thread_rank() == 0) return {};
  return out;
}
template <typename TyGroup, typename TyVal>
__device__ typename std::decay<TyVal>::type exclusive_scan(const TyGroup& group, TyVal&& val) {
  return exclusive_scan(group, val, plus<typename std::decay<TyVal>::type>());
}
}  // namespace cooperative_groups
#endif
