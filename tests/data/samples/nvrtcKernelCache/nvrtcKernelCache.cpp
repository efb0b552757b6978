// A small project's run-time compiled kernels (in the style of jitify-based
// code and of binomialOptions_nvrtc): kernel source in a raw string with a
// template, options assembled in a std::vector<std::string> from the device's
// compute capability and build switches (NVRTC's short option spellings),
// name expressions for the template instances, the CUBIN fetched and loaded
// with the driver API, a __constant__ table written through cuModuleGetGlobal.
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#define NVRTC_CHECK(call)                                                   \
  do {                                                                      \
    nvrtcResult _r = (call);                                                \
    if (_r != NVRTC_SUCCESS) {                                              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,  \
              nvrtcGetErrorString(_r));                                     \
      std::exit(EXIT_FAILURE);                                              \
    }                                                                       \
  } while (0)

#define CU_CHECK(call)                                                      \
  do {                                                                      \
    CUresult _r = (call);                                                   \
    if (_r != CUDA_SUCCESS) {                                               \
      const char *_msg = nullptr;                                           \
      cuGetErrorString(_r, &_msg);                                          \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,  \
              _msg ? _msg : "unknown");                                     \
      std::exit(EXIT_FAILURE);                                              \
    }                                                                       \
  } while (0)

static const char *kSource = R"(
#define NUM_STEPS 2048

__constant__ float c_riskFree[2];

template <typename Real>
__global__ void binomialOptionsKernel(const Real *S, const Real *X, const Real *T,
                                      Real *callValue, int optN) {
  __shared__ Real callA[BLOCK_SIZE + 1];
  const int tid = threadIdx.x;
  const int opt = blockIdx.x;
  if (opt >= optN) return;
  const Real dt = T[opt] / NUM_STEPS;
  const Real vDt = (Real)0.30 * sqrt(dt);
  const Real rDt = c_riskFree[0] * dt;
  const Real If = exp(rDt);
  const Real Df = exp(-rDt);
  const Real u = exp(vDt);
  const Real d = exp(-vDt);
  const Real pu = (If - d) / (u - d);
  const Real puByDf = pu * Df;
  const Real pdByDf = ((Real)1.0 - pu) * Df;
  for (int i = tid; i <= NUM_STEPS; i += blockDim.x) {
    Real price = S[opt] * exp(vDt * (2 * i - NUM_STEPS));
    Real v = price - X[opt];
    if (i < BLOCK_SIZE + 1) callA[i] = v > 0 ? v : 0;
  }
  __syncthreads();
  for (int i = min(NUM_STEPS, BLOCK_SIZE); i > 0; i--) {
    Real next = 0;
    if (tid < i) next = puByDf * callA[tid + 1] + pdByDf * callA[tid];
    __syncthreads();
    if (tid < i) callA[tid] = next;
    __syncthreads();
  }
  if (tid == 0) callValue[opt] = callA[0];
}

extern "C" __global__ void scaleKernel(float *data, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    data[i] = __fmul_rn(data[i], s);
}
)";

class KernelCache {
 public:
  explicit KernelCache(CUdevice dev) : dev_(dev) {}
  ~KernelCache() {
    for (auto &m : modules_) cuModuleUnload(m.second);
  }

  CUmodule build(const std::string &key, const std::vector<std::string> &names,
                 std::map<std::string, std::string> *lowered) {
    auto it = modules_.find(key);
    if (it != modules_.end()) return it->second;

    int major = 0, minor = 0;
    CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev_));
    CU_CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev_));

    nvrtcProgram prog;
    NVRTC_CHECK(nvrtcCreateProgram(&prog, kSource, "binomial.cu", 0, nullptr, nullptr));
    for (const auto &n : names) NVRTC_CHECK(nvrtcAddNameExpression(prog, n.c_str()));

    std::vector<std::string> options;
    options.push_back("-arch=sm_" + std::to_string(major * 10 + minor));
    options.push_back("-std=c++17");
    options.push_back("-DBLOCK_SIZE=128");
#ifdef FAST_MATH
    options.push_back("-ftz=true");
    options.push_back("-prec-div=false");
    options.push_back("-fmad=true");
#endif
#ifdef DEBUG_KERNELS
    options.push_back("-G");
    options.push_back("-lineinfo");
#endif
    std::vector<const char *> opts;
    for (const auto &o : options) opts.push_back(o.c_str());

    nvrtcResult res = nvrtcCompileProgram(prog, (int)opts.size(), opts.data());
    size_t logSize = 0;
    NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &logSize));
    if (logSize > 1) {
      std::unique_ptr<char[]> log(new char[logSize]);
      NVRTC_CHECK(nvrtcGetProgramLog(prog, log.get()));
      fprintf(stderr, "---- %s build log ----\n%s\n", key.c_str(), log.get());
    }
    NVRTC_CHECK(res);

    for (const auto &n : names) {
      const char *name = nullptr;
      NVRTC_CHECK(nvrtcGetLoweredName(prog, n.c_str(), &name));
      (*lowered)[n] = name;
    }

    size_t cubinSize = 0;
    NVRTC_CHECK(nvrtcGetCUBINSize(prog, &cubinSize));
    std::unique_ptr<char[]> cubin(new char[cubinSize]);
    NVRTC_CHECK(nvrtcGetCUBIN(prog, cubin.get()));
    NVRTC_CHECK(nvrtcDestroyProgram(&prog));

    CUmodule module;
    CU_CHECK(cuModuleLoadDataEx(&module, cubin.get(), 0, nullptr, nullptr));
    modules_[key] = module;
    return module;
  }

 private:
  CUdevice dev_;
  std::map<std::string, CUmodule> modules_;
};

int main(int argc, char **argv) {
  const int optN = 256;
  CUdevice dev;
  CUcontext ctx;
  CU_CHECK(cuInit(0));
  CU_CHECK(cuDeviceGet(&dev, 0));
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  int nvrtcMajor = 0, nvrtcMinor = 0;
  NVRTC_CHECK(nvrtcVersion(&nvrtcMajor, &nvrtcMinor));
  printf("NVRTC %d.%d\n", nvrtcMajor, nvrtcMinor);

  KernelCache cache(dev);
  std::map<std::string, std::string> lowered;
  std::vector<std::string> names = {"binomialOptionsKernel<float>",
                                    "binomialOptionsKernel<double>"};
  CUmodule module = cache.build("binomial", names, &lowered);

  CUfunction kFloat, kScale;
  CU_CHECK(cuModuleGetFunction(&kFloat, module, lowered["binomialOptionsKernel<float>"].c_str()));
  CU_CHECK(cuModuleGetFunction(&kScale, module, "scaleKernel"));

  CUdeviceptr dRisk;
  size_t riskBytes;
  CU_CHECK(cuModuleGetGlobal(&dRisk, &riskBytes, module, "c_riskFree"));
  float risk[2] = {0.06f, 0.0f};
  CU_CHECK(cuMemcpyHtoD(dRisk, risk, riskBytes));

  std::vector<float> hS(optN), hX(optN), hT(optN), hCall(optN);
  for (int i = 0; i < optN; i++) {
    hS[i] = 5.0f + 25.0f * rand() / (float)RAND_MAX;
    hX[i] = 1.0f + 99.0f * rand() / (float)RAND_MAX;
    hT[i] = 0.25f + 9.75f * rand() / (float)RAND_MAX;
  }
  CUdeviceptr dS, dX, dT, dCall;
  size_t bytes = optN * sizeof(float);
  CU_CHECK(cuMemAlloc(&dS, bytes));
  CU_CHECK(cuMemAlloc(&dX, bytes));
  CU_CHECK(cuMemAlloc(&dT, bytes));
  CU_CHECK(cuMemAlloc(&dCall, bytes));
  CU_CHECK(cuMemcpyHtoD(dS, hS.data(), bytes));
  CU_CHECK(cuMemcpyHtoD(dX, hX.data(), bytes));
  CU_CHECK(cuMemcpyHtoD(dT, hT.data(), bytes));

  int n = optN;
  void *args[] = {&dS, &dX, &dT, &dCall, &n};
  CU_CHECK(cuLaunchKernel(kFloat, optN, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  float s = 0.5f;
  void *scaleArgs[] = {&dCall, &s, &n};
  CU_CHECK(cuLaunchKernel(kScale, 2, 1, 1, 128, 1, 1, 0, nullptr, scaleArgs, nullptr));
  CU_CHECK(cuCtxSynchronize());
  CU_CHECK(cuMemcpyDtoH(hCall.data(), dCall, bytes));
  printf("call[0] = %f\n", hCall[0]);

  CU_CHECK(cuMemFree(dS));
  CU_CHECK(cuMemFree(dX));
  CU_CHECK(cuMemFree(dT));
  CU_CHECK(cuMemFree(dCall));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}
