// HeCBench dpid-cuda/kernels.cu, lines 87-107
}

// https://devblogs.nvidia.com/parallelforall/faster-parallel-reductions-kepler/
__device__ __forceinline__
float4 __shfl_down(const float4 var, const uint32_t srcLane, const uint32_t width = 32) {
  float4 output;
  output.x = __shfl_down_sync(0xFFFFFFFF, var.x, srcLane, width);
  output.y = __shfl_down_sync(0xFFFFFFFF, var.y, srcLane, width);
  output.z = __shfl_down_sync(0xFFFFFFFF, var.z, srcLane, width);
  output.w = __shfl_down_sync(0xFFFFFFFF, var.w, srcLane, width);
  return output;
}

__device__ __forceinline__
void reduce(float4& value) {
  value += __shfl_down(value, 16);
  value += __shfl_down(value, 8);
  value += __shfl_down(value, 4);
  value += __shfl_down(value, 2);
  value += __shfl_down(value, 1);
}