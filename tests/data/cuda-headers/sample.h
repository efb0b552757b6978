/* A small header in the shapes CUDA's public headers use (written for the
   test, not copied): the generator's parser must read every name below. */
#ifndef SAMPLE_H
#define SAMPLE_H
#define CUDARTAPI
#define SAMPLE_DEPRECATED(msg) __attribute__((deprecated(msg)))
#define cudaSampleCall __SAMPLE_PTDS(cudaSampleCall)
#if defined(__cplusplus)
extern "C" {
#endif
typedef enum cudaSampleKind_enum {
    cudaSampleKindA = 0,   /**< first */
    cudaSampleKindB = 1 << 2,
    cudaSampleKindC
} cudaSampleKind;
struct cudaSampleParams { int x; float y[4]; };
typedef struct CUsample_st *CUsample;
typedef unsigned long long cudaSampleHandle_t;
typedef int (CUDARTAPI *PFN_cuSampleGet)(CUsample *out, int flags);
extern __host__ int CUDARTAPI cudaSampleCall(void **ptr, size_t size);
SAMPLE_DEPRECATED("use cudaSampleCall") extern int CUDARTAPI cudaSampleOld(int x);
int CUDARTAPI
cuSampleGet(CUsample *out,
            int flags);
#if defined(__cplusplus)
}
namespace cuda_sample {
static __host__ __device__ inline int cudaSampleInline(int a) { return a + 1; }
}
#endif
#endif
