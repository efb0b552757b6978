__global__ void groupnorm_forward_kernel2(
    const float* __restrict__ x,
    const float* __restrict__ weight,
    const float* __restrict__ bias,
    float* __restrict__ out,
    float* __restrict__ mean,
    float* __restrict__ rstd,
    int B, int C, int img_size, int group_size, int n_groups
) {
    namespace cg = cooperative_groups;
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    __shared__ float shared_sum[TPB/32];
    __shared__ float shared_sum2[TPB/32];
    int num_warps = blockDim.x / 32;
    int warp_id = threadIdx.x / 32;
    int lane_id = threadIdx.x % 32;

    // pixels in each group
    int group_pixels = img_size * group_size;
}
