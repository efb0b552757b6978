#ifndef HIPIFY_RS_LAUNCH_EX
#define HIPIFY_RS_LAUNCH_EX
#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)
// hipify-rs: HIP before 6.2 has no launch attributes and before 7.0 no launch config or hipLaunchKernelEx: CUDA 13's types (driver_types.h), and cudaLaunchKernelEx over hipLaunchKernel (hipLaunchCooperativeKernel for a cooperative launch). Hints AMD GPUs have no use for are ignored; a cluster of more than one block, and an attribute that changes what a launch does, return hipErrorNotSupported
enum hipify_rs_LaunchAttributeID {
  hipify_rs_LaunchAttributeIgnore = 0,
  hipify_rs_LaunchAttributeAccessPolicyWindow = 1,
  hipify_rs_LaunchAttributeCooperative = 2,
  hipify_rs_LaunchAttributeSynchronizationPolicy = 3,
  hipify_rs_LaunchAttributeClusterDimension = 4,
  hipify_rs_LaunchAttributeClusterSchedulingPolicyPreference = 5,
  hipify_rs_LaunchAttributeProgrammaticStreamSerialization = 6,
  hipify_rs_LaunchAttributeProgrammaticEvent = 7,
  hipify_rs_LaunchAttributePriority = 8,
  hipify_rs_LaunchAttributeMemSyncDomainMap = 9,
  hipify_rs_LaunchAttributeMemSyncDomain = 10,
  hipify_rs_LaunchAttributePreferredClusterDimension = 11,
  hipify_rs_LaunchAttributeLaunchCompletionEvent = 12,
  hipify_rs_LaunchAttributeDeviceUpdatableKernelNode = 13,
  hipify_rs_LaunchAttributePreferredSharedMemoryCarveout = 14,
  hipify_rs_LaunchAttributeNvlinkUtilCentricScheduling = 16
};
union hipify_rs_LaunchAttributeValue {
  char pad[64];
  hipAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  int syncPolicy;
  struct { unsigned int x, y, z; } clusterDim;
  int clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct { hipEvent_t event; int flags; int triggerAtBlockStart; } programmaticEvent;
  int priority;
  struct { unsigned char default_, remote; } memSyncDomainMap;
  int memSyncDomain;
  struct { unsigned int x, y, z; } preferredClusterDim;
  struct { hipEvent_t event; int flags; } launchCompletionEvent;
  struct { int deviceUpdatable; void *devNode; } deviceUpdatableKernelNode;
  unsigned int sharedMemCarveout;
  unsigned int nvlinkUtilCentricScheduling;
};
struct hipify_rs_LaunchAttribute {
  hipify_rs_LaunchAttributeID id;
  char pad[8 - sizeof(hipify_rs_LaunchAttributeID)];
  hipify_rs_LaunchAttributeValue val;
};
struct hipify_rs_LaunchConfig {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  hipify_rs_LaunchAttribute *attrs;
  unsigned int numAttrs;
};
static inline hipError_t hipify_rs_launch_kernel_ex_c(const hipify_rs_LaunchConfig *config, const void *func, void **args) {
  if (!config || (config->numAttrs && !config->attrs)) return hipErrorInvalidValue;
  bool cooperative = false;
  for (unsigned int i = 0; i < config->numAttrs; ++i) {
    const hipify_rs_LaunchAttribute &a = config->attrs[i];
    switch (a.id) {
    case hipify_rs_LaunchAttributeCooperative:
      cooperative = a.val.cooperative != 0;
      break;
    case hipify_rs_LaunchAttributeClusterDimension:
      if (a.val.clusterDim.x > 1 || a.val.clusterDim.y > 1 || a.val.clusterDim.z > 1) return hipErrorNotSupported;
      break;
    case hipify_rs_LaunchAttributeIgnore:
    case hipify_rs_LaunchAttributeAccessPolicyWindow:
    case hipify_rs_LaunchAttributeClusterSchedulingPolicyPreference:
    case hipify_rs_LaunchAttributeProgrammaticStreamSerialization:
    case hipify_rs_LaunchAttributePriority:
    case hipify_rs_LaunchAttributeMemSyncDomainMap:
    case hipify_rs_LaunchAttributeMemSyncDomain:
    case hipify_rs_LaunchAttributePreferredClusterDimension:
    case hipify_rs_LaunchAttributePreferredSharedMemoryCarveout:
    case hipify_rs_LaunchAttributeNvlinkUtilCentricScheduling:
      break;
    default:
      return hipErrorNotSupported;
    }
  }
  if (cooperative)
    return hipLaunchCooperativeKernel(func, config->gridDim, config->blockDim, args, (unsigned int)config->dynamicSmemBytes, config->stream);
  return hipLaunchKernel(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream);
}
template <typename... ExpTypes, typename... ActTypes>
static inline hipError_t hipify_rs_launch_kernel_ex(const hipify_rs_LaunchConfig *config, void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return [&](ExpTypes... coercedArgs) {
    void *pArgs[sizeof...(ExpTypes) + 1] = {(void *)&coercedArgs...};
    return hipify_rs_launch_kernel_ex_c(config, reinterpret_cast<const void *>(kernel), pArgs);
  }(static_cast<ActTypes &&>(args)...);
}
#define cudaLaunchConfig_t hipify_rs_LaunchConfig
#define cudaLaunchConfig_st hipify_rs_LaunchConfig
#define cudaLaunchAttribute hipify_rs_LaunchAttribute
#define cudaLaunchAttribute_st hipify_rs_LaunchAttribute
#define cudaLaunchAttributeID hipify_rs_LaunchAttributeID
#define cudaLaunchAttributeValue hipify_rs_LaunchAttributeValue
#define cudaLaunchAttributeIgnore hipify_rs_LaunchAttributeIgnore
#define cudaLaunchAttributeAccessPolicyWindow hipify_rs_LaunchAttributeAccessPolicyWindow
#define cudaLaunchAttributeCooperative hipify_rs_LaunchAttributeCooperative
#define cudaLaunchAttributeSynchronizationPolicy hipify_rs_LaunchAttributeSynchronizationPolicy
#define cudaLaunchAttributeClusterDimension hipify_rs_LaunchAttributeClusterDimension
#define cudaLaunchAttributeClusterSchedulingPolicyPreference hipify_rs_LaunchAttributeClusterSchedulingPolicyPreference
#define cudaLaunchAttributeProgrammaticStreamSerialization hipify_rs_LaunchAttributeProgrammaticStreamSerialization
#define cudaLaunchAttributeProgrammaticEvent hipify_rs_LaunchAttributeProgrammaticEvent
#define cudaLaunchAttributePriority hipify_rs_LaunchAttributePriority
#define cudaLaunchAttributeMemSyncDomainMap hipify_rs_LaunchAttributeMemSyncDomainMap
#define cudaLaunchAttributeMemSyncDomain hipify_rs_LaunchAttributeMemSyncDomain
#define cudaLaunchAttributePreferredClusterDimension hipify_rs_LaunchAttributePreferredClusterDimension
#define cudaLaunchAttributeLaunchCompletionEvent hipify_rs_LaunchAttributeLaunchCompletionEvent
#define cudaLaunchAttributeDeviceUpdatableKernelNode hipify_rs_LaunchAttributeDeviceUpdatableKernelNode
#define cudaLaunchAttributePreferredSharedMemoryCarveout hipify_rs_LaunchAttributePreferredSharedMemoryCarveout
#define cudaLaunchAttributeNvlinkUtilCentricScheduling hipify_rs_LaunchAttributeNvlinkUtilCentricScheduling
#define cudaLaunchKernelExC hipify_rs_launch_kernel_ex_c
#define cudaLaunchKernelEx hipify_rs_launch_kernel_ex
#endif
#endif
