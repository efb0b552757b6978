#ifndef CUDA_BLUR_CUH
#define CUDA_BLUR_CUH

// The kernel's launcher, called from the host program (a .cpp).
void cudaCallBlurKernel(const unsigned int blocks,
                        const unsigned int threadsPerBlock,
                        const float *raw_data,
                        float *out_data,
                        const unsigned int n_frames,
                        const unsigned int blur_v_size);

void cudaCopyBlurWeights(const float *blur_v, unsigned int blur_v_size);

#endif
