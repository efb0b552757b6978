// corpus: kernel; fast-math intrinsics (__expf, __fdividef, __sinf, __cosf, __logf, __powf) and rsqrtf/fmaf/sqrtf vs host with tolerances
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

enum { F_EXP, F_DIV, F_SIN, F_COS, F_LOG, F_POW, F_RSQRT, F_FMA, F_SQRT, F_SINCOS, NFUNC };
static const char* kNames[NFUNC] = {"__expf", "__fdividef", "__sinf", "__cosf", "__logf",
                                    "__powf", "rsqrtf", "fmaf", "sqrtf", "sincosf"};
static const double kTol[NFUNC] = {1e-5, 1e-6, 1e-5, 1e-5, 1e-5, 1e-4, 1e-6, 0, 0, 1e-6};

__global__ void mathKernel(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];  // v in [0.1, 2.06)
  float s, c;
  out[F_EXP * n + i] = __expf(v);
  out[F_DIV * n + i] = __fdividef(1.0f, v);
  out[F_SIN * n + i] = __sinf(v);
  out[F_COS * n + i] = __cosf(v);
  out[F_LOG * n + i] = __logf(v);
  out[F_POW * n + i] = __powf(v, 1.5f);
  out[F_RSQRT * n + i] = rsqrtf(v);
  out[F_FMA * n + i] = fmaf(v, 2.0f, 0.25f);
  out[F_SQRT * n + i] = sqrtf(v * v);
  sincosf(v, &s, &c);
  out[F_SINCOS * n + i] = s * s + c * c;
}

static double reference(int f, double v) {
  switch (f) {
    case F_EXP: return exp(v);
    case F_DIV: return 1.0 / v;
    case F_SIN: return sin(v);
    case F_COS: return cos(v);
    case F_LOG: return log(v);
    case F_POW: return pow(v, 1.5);
    case F_RSQRT: return 1.0 / sqrt(v);
    case F_FMA: return v * 2.0 + 0.25;
    case F_SQRT: return v;
    default: return 1.0;
  }
}

int main() {
  const int n = 4000;
  float* x;
  float* out;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, NFUNC * n * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = 0.1f + (float)i * (1.0f / 2048.0f);  // [0.1, 2.06): inside [-pi, pi]
  mathKernel<<<(n + 127) / 128, 128>>>(x, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  bool ok = true;
  for (int f = 0; f < NFUNC; ++f) {
    double maxRel = 0, sum = 0;
    for (int i = 0; i < n; ++i) {
      double r = reference(f, (double)x[i]);
      double got = out[f * n + i];
      double rel = fabs(got - r) / fmax(fabs(r), 1.0);
      if (rel > maxRel) maxRel = rel;
      sum += got;
    }
    // relative tolerance is scaled by 4 for the approximate intrinsics
    bool pass = maxRel <= (kTol[f] == 0 ? 2.5e-7 : 4 * kTol[f]);
    ok = ok && pass;
    printf("%-10s mean=%.2f within tolerance: %s\n", kNames[f], sum / n, pass ? "ok" : "FAIL");
  }
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
