// corpus: driver; JIT-load embedded PTX text with cuModuleLoadData / cuModuleLoadDataEx and launch it with cuLaunchKernel
// corpus-link: -lcuda
// expected diagnostics: PTX text embedded in the source is NVIDIA-only; hipModuleLoadData on AMD needs an AMD code object (translation compiles, but the program cannot run on AMD)
#include <cstdio>
#include <cstdlib>
#include <cuda.h>

#define CU_CHECK(call)                                                           \
  do {                                                                           \
    CUresult res_ = (call);                                                      \
    if (res_ != CUDA_SUCCESS) {                                                  \
      fprintf(stderr, "driver API error %d at %s:%d (%s)\n", (int)res_, __FILE__, \
              __LINE__, #call);                                                  \
      exit(EXIT_FAILURE);                                                        \
    }                                                                            \
  } while (0)

// extern "C" __global__ void add_const(int* a, int n, int c) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) a[i] += c;
// }
// compiled with: nvcc -ptx -arch=compute_75 (PTX ISA lowered to 7.0 for older drivers)
static const char kPtx[] =
    ".version 7.0\n"
    ".target sm_75\n"
    ".address_size 64\n"
    "\n"
    "\t// .globl\tadd_const\n"
    "\n"
    ".visible .entry add_const(\n"
    "\t.param .u64 add_const_param_0,\n"
    "\t.param .u32 add_const_param_1,\n"
    "\t.param .u32 add_const_param_2\n"
    ")\n"
    "{\n"
    "\t.reg .pred \t%p<2>;\n"
    "\t.reg .b32 \t%r<9>;\n"
    "\t.reg .b64 \t%rd<5>;\n"
    "\n"
    "\n"
    "\tld.param.u64 \t%rd1, [add_const_param_0];\n"
    "\tld.param.u32 \t%r3, [add_const_param_1];\n"
    "\tld.param.u32 \t%r2, [add_const_param_2];\n"
    "\tmov.u32 \t%r4, %ctaid.x;\n"
    "\tmov.u32 \t%r5, %ntid.x;\n"
    "\tmov.u32 \t%r6, %tid.x;\n"
    "\tmad.lo.s32 \t%r1, %r4, %r5, %r6;\n"
    "\tsetp.ge.s32 \t%p1, %r1, %r3;\n"
    "\t@%p1 bra \t$L__BB0_2;\n"
    "\n"
    "\tcvta.to.global.u64 \t%rd2, %rd1;\n"
    "\tmul.wide.s32 \t%rd3, %r1, 4;\n"
    "\tadd.s64 \t%rd4, %rd2, %rd3;\n"
    "\tld.global.u32 \t%r7, [%rd4];\n"
    "\tadd.s32 \t%r8, %r7, %r2;\n"
    "\tst.global.u32 \t[%rd4], %r8;\n"
    "\n"
    "$L__BB0_2:\n"
    "\tret;\n"
    "\n"
    "}\n"
    "\n";

int main() {
  CU_CHECK(cuInit(0));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  CUmodule module;
  char errorLog[4096] = {0};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* optVals[] = {errorLog, (void*)(size_t)sizeof(errorLog)};
  CUresult r = cuModuleLoadDataEx(&module, kPtx, 2, opts, optVals);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "PTX JIT failed (%d): %s\n", (int)r, errorLog);
    return EXIT_FAILURE;
  }
  CUfunction fn;
  CU_CHECK(cuModuleGetFunction(&fn, module, "add_const"));

  const int n = 3000;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  CUdeviceptr d;
  CU_CHECK(cuMemAlloc(&d, sizeof(h)));
  CU_CHECK(cuMemcpyHtoD(d, h, sizeof(h)));
  int nArg = n, c = 5;
  void* args[] = {&d, &nArg, &c};
  CU_CHECK(cuLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
  CU_CHECK(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CU_CHECK(cuCtxSynchronize());
  CU_CHECK(cuMemcpyDtoH(h, d, sizeof(h)));
  bool ok = true;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    ok = ok && h[i] == i + 10;
    sum += h[i];
  }
  printf("a[0] = %d, a[n-1] = %d, sum = %lld\n", h[0], h[n - 1], sum);

  // the same PTX through cuModuleLoadData (no options)
  CUmodule module2;
  CU_CHECK(cuModuleLoadData(&module2, kPtx));
  CUfunction fn2;
  CU_CHECK(cuModuleGetFunction(&fn2, module2, "add_const"));
  printf("second load: %s\n", fn2 != nullptr ? "ok" : "FAIL");
  CU_CHECK(cuModuleUnload(module2));

  CU_CHECK(cuMemFree(d));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
