// Stand-in for hipRAND's NVIDIA-backend library (libhiprand built with nvcc).
//
// On NVIDIA, hipRAND's host API is not header-only: <hiprand/hiprand.h>
// declares hiprandCreateGenerator & co. and AMD's libhiprand, when built for
// the NVIDIA platform, implements each one as a call to the cuRAND function of
// the same meaning. Debian packages hipRAND for AMD only, so this file does the
// same forwarding for the host API, and is compiled by ci/gpu-validate into a
// static library linked (with -lcurand) into the translated programs.
// hipRAND's *device* API (hiprand_kernel_nvcc.h) is header-only and is used
// unchanged from Debian's libhiprand-dev.
//
// Numbers come from cuRAND itself, so a translated program must print exactly
// what the CUDA original prints.
#include <hiprand/hiprand.h>
#include <curand.h>

static hiprandStatus_t to_hip(curandStatus_t s) {
  switch (s) {
    case CURAND_STATUS_SUCCESS: return HIPRAND_STATUS_SUCCESS;
    case CURAND_STATUS_VERSION_MISMATCH: return HIPRAND_STATUS_VERSION_MISMATCH;
    case CURAND_STATUS_NOT_INITIALIZED: return HIPRAND_STATUS_NOT_INITIALIZED;
    case CURAND_STATUS_ALLOCATION_FAILED: return HIPRAND_STATUS_ALLOCATION_FAILED;
    case CURAND_STATUS_TYPE_ERROR: return HIPRAND_STATUS_TYPE_ERROR;
    case CURAND_STATUS_OUT_OF_RANGE: return HIPRAND_STATUS_OUT_OF_RANGE;
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE: return HIPRAND_STATUS_LENGTH_NOT_MULTIPLE;
    case CURAND_STATUS_DOUBLE_PRECISION_REQUIRED: return HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED;
    case CURAND_STATUS_LAUNCH_FAILURE: return HIPRAND_STATUS_LAUNCH_FAILURE;
    case CURAND_STATUS_PREEXISTING_FAILURE: return HIPRAND_STATUS_PREEXISTING_FAILURE;
    case CURAND_STATUS_INITIALIZATION_FAILED: return HIPRAND_STATUS_INITIALIZATION_FAILED;
    case CURAND_STATUS_ARCH_MISMATCH: return HIPRAND_STATUS_ARCH_MISMATCH;
    default: return HIPRAND_STATUS_INTERNAL_ERROR;
  }
}

static bool to_cuda(hiprandRngType_t t, curandRngType_t* out) {
  switch (t) {
    case HIPRAND_RNG_PSEUDO_DEFAULT: *out = CURAND_RNG_PSEUDO_DEFAULT; return true;
    case HIPRAND_RNG_PSEUDO_XORWOW: *out = CURAND_RNG_PSEUDO_XORWOW; return true;
    case HIPRAND_RNG_PSEUDO_MRG32K3A: *out = CURAND_RNG_PSEUDO_MRG32K3A; return true;
    case HIPRAND_RNG_PSEUDO_MTGP32: *out = CURAND_RNG_PSEUDO_MTGP32; return true;
    case HIPRAND_RNG_PSEUDO_MT19937: *out = CURAND_RNG_PSEUDO_MT19937; return true;
    case HIPRAND_RNG_PSEUDO_PHILOX4_32_10: *out = CURAND_RNG_PSEUDO_PHILOX4_32_10; return true;
    case HIPRAND_RNG_QUASI_DEFAULT: *out = CURAND_RNG_QUASI_DEFAULT; return true;
    case HIPRAND_RNG_QUASI_SOBOL32: *out = CURAND_RNG_QUASI_SOBOL32; return true;
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32: *out = CURAND_RNG_QUASI_SCRAMBLED_SOBOL32; return true;
    case HIPRAND_RNG_QUASI_SOBOL64: *out = CURAND_RNG_QUASI_SOBOL64; return true;
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64: *out = CURAND_RNG_QUASI_SCRAMBLED_SOBOL64; return true;
    default: return false;
  }
}

extern "C" {

hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* g, hiprandRngType_t t) {
  curandRngType_t ct;
  if (!to_cuda(t, &ct)) return HIPRAND_STATUS_TYPE_ERROR;
  return to_hip(curandCreateGenerator(g, ct));
}
hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* g, hiprandRngType_t t) {
  curandRngType_t ct;
  if (!to_cuda(t, &ct)) return HIPRAND_STATUS_TYPE_ERROR;
  return to_hip(curandCreateGeneratorHost(g, ct));
}
hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t g) {
  return to_hip(curandDestroyGenerator(g));
}
hiprandStatus_t hiprandGenerate(hiprandGenerator_t g, unsigned int* out, size_t n) {
  return to_hip(curandGenerate(g, out, n));
}
// cuRAND has no 8-, 16-bit or half-precision generators.
hiprandStatus_t hiprandGenerateChar(hiprandGenerator_t, unsigned char*, size_t) {
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGenerateShort(hiprandGenerator_t, unsigned short*, size_t) {
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t g, float* out, size_t n) {
  return to_hip(curandGenerateUniform(g, out, n));
}
hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t g, double* out, size_t n) {
  return to_hip(curandGenerateUniformDouble(g, out, n));
}
hiprandStatus_t hiprandGenerateUniformHalf(hiprandGenerator_t, half*, size_t) {
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t g, float* out, size_t n, float mean,
                                      float stddev) {
  return to_hip(curandGenerateNormal(g, out, n, mean, stddev));
}
hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t g, double* out, size_t n,
                                            double mean, double stddev) {
  return to_hip(curandGenerateNormalDouble(g, out, n, mean, stddev));
}
hiprandStatus_t hiprandGenerateNormalHalf(hiprandGenerator_t, half*, size_t, half, half) {
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGenerateLogNormal(hiprandGenerator_t g, float* out, size_t n, float mean,
                                         float stddev) {
  return to_hip(curandGenerateLogNormal(g, out, n, mean, stddev));
}
hiprandStatus_t hiprandGenerateLogNormalDouble(hiprandGenerator_t g, double* out, size_t n,
                                               double mean, double stddev) {
  return to_hip(curandGenerateLogNormalDouble(g, out, n, mean, stddev));
}
hiprandStatus_t hiprandGenerateLogNormalHalf(hiprandGenerator_t, half*, size_t, half, half) {
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}
hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t g, unsigned int* out, size_t n,
                                       double lambda) {
  return to_hip(curandGeneratePoisson(g, out, n, lambda));
}
hiprandStatus_t hiprandGenerateSeeds(hiprandGenerator_t g) {
  return to_hip(curandGenerateSeeds(g));
}
hiprandStatus_t hiprandSetStream(hiprandGenerator_t g, hipStream_t s) {
  return to_hip(curandSetStream(g, s));
}
hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t g, unsigned long long seed) {
  return to_hip(curandSetPseudoRandomGeneratorSeed(g, seed));
}
hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t g, unsigned long long offset) {
  return to_hip(curandSetGeneratorOffset(g, offset));
}
hiprandStatus_t hiprandSetQuasiRandomGeneratorDimensions(hiprandGenerator_t g, unsigned int d) {
  return to_hip(curandSetQuasiRandomGeneratorDimensions(g, d));
}
hiprandStatus_t hiprandGetVersion(int* version) {
  if (version == nullptr) return HIPRAND_STATUS_OUT_OF_RANGE;
  *version = HIPRAND_VERSION;
  return HIPRAND_STATUS_SUCCESS;
}
hiprandStatus_t hiprandCreatePoissonDistribution(double lambda,
                                                 hiprandDiscreteDistribution_t* dist) {
  return to_hip(curandCreatePoissonDistribution(lambda, dist));
}
hiprandStatus_t hiprandDestroyDistribution(hiprandDiscreteDistribution_t dist) {
  return to_hip(curandDestroyDistribution(dist));
}

}  // extern "C"
