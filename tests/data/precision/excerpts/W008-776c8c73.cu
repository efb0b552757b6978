__global__ void groupnorm_backward_kernel(
    const float* __restrict__ dout,
    const float* __restrict__ x,
    const float* __restrict__ mean,
    const float* __restrict__ rstd,
    const float* __restrict__ weight,
    float* __restrict__ dx,
    float* __restrict__ dweight,
    float* __restrict__ dbias,
    int B, int C, int img_size, int group_size, int n_groups
) {
    namespace cg = cooperative_groups;
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    __shared__ float shared_sum[TPB/32];
    __shared__ float shared_sum2[TPB/32];
    int num_warps = blockDim.x / 32;
}
