template <typename T>
__global__ void WarpRangeAtomicOnSharedMem(T* data, int n)
{
  __shared__ T smem_data[32];
  unsigned int tid = (blockIdx.x * blockDim.x) + threadIdx.x;
  for ( unsigned int i = tid; i < n; i += blockDim.x*gridDim.x){
    atomicAdd(smem_data+(i & 0x1F), (T)1);
