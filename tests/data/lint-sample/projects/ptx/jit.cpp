// Builds a tiny kernel at run time and loads it through the driver.
#include <cuda.h>
#include <cstdio>

static const char *kPtx = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry add_one(.param .u64 p) {
  .reg .b64 %rd<2>;
  .reg .f32 %f<3>;
  ld.param.u64 %rd1, [p];
  ld.global.f32 %f1, [%rd1];
  add.f32 %f2, %f1, 0f3F800000;
  st.global.f32 [%rd1], %f2;
  ret;
}
)";

CUfunction load_add_one(CUmodule *mod) {
  CUfunction f = nullptr;
  if (cuModuleLoadData(mod, kPtx) == CUDA_SUCCESS)
    cuModuleGetFunction(&f, *mod, "add_one");
  return f;
}
