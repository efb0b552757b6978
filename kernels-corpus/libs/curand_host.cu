// corpus: libs; cuRAND host API: pseudo-random generator, seed, uniform/normal generation; prints statistics only (cuRAND and rocRAND streams differ)
// corpus-link: -lcurand
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <curand.h>

#define CUDA_CALL(x)                                                   \
  do {                                                                 \
    if ((x) != cudaSuccess) {                                          \
      printf("Error at %s:%d\n", __FILE__, __LINE__);                  \
      exit(EXIT_FAILURE);                                              \
    }                                                                  \
  } while (0)
#define CURAND_CALL(x)                                                 \
  do {                                                                 \
    if ((x) != CURAND_STATUS_SUCCESS) {                                \
      printf("cuRAND error at %s:%d\n", __FILE__, __LINE__);           \
      exit(EXIT_FAILURE);                                              \
    }                                                                  \
  } while (0)

static void moments(const std::vector<float>& v, double* mean, double* var) {
  double s = 0, s2 = 0;
  for (float x : v) {
    s += x;
    s2 += (double)x * x;
  }
  *mean = s / v.size();
  *var = s2 / v.size() - (*mean) * (*mean);
}

int main() {
  const size_t n = 1 << 20;
  float* d;
  CUDA_CALL(cudaMalloc(&d, n * sizeof(float)));
  curandGenerator_t gen;
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));

  std::vector<float> h(n);
  CURAND_CALL(curandGenerateUniform(gen, d, n));
  CUDA_CALL(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  double mean, var;
  moments(h, &mean, &var);
  bool inRange = true;
  for (float x : h) inRange = inRange && x > 0.0f && x <= 1.0f;
  bool u1 = mean > 0.49 && mean < 0.51, u2 = fabs(var - 1.0 / 12.0) < 0.005;
  printf("uniform: all in (0,1]: %s\n", inRange ? "ok" : "FAIL");
  printf("uniform: mean in [0.49,0.51]: %s\n", u1 ? "ok" : "FAIL");
  printf("uniform: variance ~ 1/12: %s\n", u2 ? "ok" : "FAIL");

  CURAND_CALL(curandGenerateNormal(gen, d, n, 2.0f, 0.5f));
  CUDA_CALL(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  moments(h, &mean, &var);
  bool n1 = fabs(mean - 2.0) < 0.01, n2 = fabs(sqrt(var) - 0.5) < 0.01;
  printf("normal: mean ~ 2.0: %s\n", n1 ? "ok" : "FAIL");
  printf("normal: stddev ~ 0.5: %s\n", n2 ? "ok" : "FAIL");

  // re-seeding reproduces the same stream on the same library
  std::vector<float> a(1000), b(1000);
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 99ULL));
  CURAND_CALL(curandSetGeneratorOffset(gen, 0ULL));
  CURAND_CALL(curandGenerateUniform(gen, d, 1000));
  CUDA_CALL(cudaMemcpy(a.data(), d, 1000 * sizeof(float), cudaMemcpyDeviceToHost));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 99ULL));
  CURAND_CALL(curandSetGeneratorOffset(gen, 0ULL));
  CURAND_CALL(curandGenerateUniform(gen, d, 1000));
  CUDA_CALL(cudaMemcpy(b.data(), d, 1000 * sizeof(float), cudaMemcpyDeviceToHost));
  bool repro = a == b;
  printf("same seed reproduces: %s\n", repro ? "ok" : "FAIL");

  CURAND_CALL(curandDestroyGenerator(gen));
  CUDA_CALL(cudaFree(d));
  bool ok = inRange && u1 && u2 && n1 && n2 && repro;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
