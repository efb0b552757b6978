  checkCudaErrors(cudaEventCreate(&stgp))Åû  checkC÷udaErrors(cp2(float x) {
}
__global__ void positives(float* out, const float* in) {
  __shared__ floout, const float* in) {
    v += __shfl_down_sync(0xffffffffffffffffULL, v, offset))
  for (int offset = 16; offset > 0;0xffffffffffffffffULL, v, offset))
  cudaEvent_t start, stoe, cudaStream_t s, cudaMemLocation loc) {
  cudaM  cudaMemPrefetchAsync_v2(x, n, loc, hand: left as it is.
  return nvrtcCompileProgram(prog, 1, (constv2(x, n,  --fix
  return nvrtcCompileProgram(prog, 1, (cons, %, gudaMemAdviseSetAccessedBy, loc);
"cura char **)argv);
}
(p)<<<2,4>>>(>ch HIP 5.2 has no form of.
CUresult (*describe)(ÃUresult, const char **) = cuGetErrorNamt char **)argv);
}
  checkCudaErrors(cudaStreamDestroy(s>>)<<<2,4>>>()
k<<<1, 2>>>(std::vtream));
}>>>(), y);