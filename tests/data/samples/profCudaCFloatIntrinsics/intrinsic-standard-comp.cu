// In the style of "Professional CUDA C Programming" chapter 7
// (floating-point-accuracy.cu, intrinsic-standard-comp.cu,
// fmad.cu, nbody precision): standard versus intrinsic functions, explicit
// rounding modes, single versus double precision, and the host's view.

#include "../Common/common.h"
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cuda_runtime.h>

/**
 * Compute a^b with the standard and the intrinsic function, many times, to
 * compare their speed and their results.
 **/
__global__ void standard_kernel(float a, float *out, int iters) {
  int i;
  int tid = (blockDim.x * blockIdx.x) + threadIdx.x;

  if (tid == 0) {
    float tmp;

    for (i = 0; i < iters; i++) {
      tmp = powf(a, 2.0f);
    }

    *out = tmp;
  }
}

__global__ void intrinsic_kernel(float a, float *out, int iters) {
  int i;
  int tid = (blockDim.x * blockIdx.x) + threadIdx.x;

  if (tid == 0) {
    float tmp;

    for (i = 0; i < iters; i++) {
      tmp = __powf(a, 2.0f);
    }

    *out = tmp;
  }
}

// The fast-math family next to the accurate one
__global__ void fast_math(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float s, c;
  __sincosf(v, &s, &c);
  out[8 * i + 0] = __fdividef(v, 3.0f) - v / 3.0f;
  out[8 * i + 1] = __expf(v) - expf(v);
  out[8 * i + 2] = __logf(v + 2.0f) - logf(v + 2.0f);
  out[8 * i + 3] = __sinf(v) - sinf(v);
  out[8 * i + 4] = __cosf(v) + __tanf(v) + s + c;
  out[8 * i + 5] = __exp10f(v) + __log2f(v + 2.0f) + __log10f(v + 2.0f);
  out[8 * i + 6] = __saturatef(v) + rsqrtf(v + 2.0f);
  sincospif(v, &s, &c);
  out[8 * i + 7] = exp10f(v) + s + c;
}

// Explicit rounding: round-to-nearest-even forms the compiler may not fuse
__global__ void rounding(const float *a, const float *b, const double *da, const double *db,
                         float *fout, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  double dx = da[i], dy = db[i];

  // (x * y) + 1 computed as one fused operation, then as two rounded ones
  fout[4 * i + 0] = __fmaf_rn(x, y, 1.0f);
  fout[4 * i + 1] = __fadd_rn(__fmul_rn(x, y), 1.0f);
  fout[4 * i + 2] = __fdiv_rn(x, y) + __fsqrt_rn(fabsf(x)) + __frcp_rn(y) + __fsub_rn(x, y);
  fout[4 * i + 3] = __int2float_rn(__float2int_rz(x)) + __uint2float_rn(__float2uint_rn(fabsf(y))) +
                    __float2int_rd(x) + __float2int_ru(y) + __float2ll_rn(x) + __double2float_rn(dx);

  dout[4 * i + 0] = __fma_rn(dx, dy, 1.0);
  dout[4 * i + 1] = __dadd_rn(__dmul_rn(dx, dy), 1.0);
  dout[4 * i + 2] = __ddiv_rn(dx, dy) + __dsqrt_rn(fabs(dx)) + __drcp_rn(dy) + __dsub_rn(dx, dy);
  dout[4 * i + 3] = __double2int_rn(dx) + __double2ll_rz(dy) + __int2double_rn(i) + __ll2double_rn(i) +
                    __longlong_as_double(__double_as_longlong(dx)) + __hiloint2double(__double2hiint(dx), __double2loint(dx));
}

// Single versus double precision accumulation of the same series
__global__ void accumulate(float *fsum, double *dsum, int n) {
  float fs = 0.0f;
  double ds = 0.0;
  for (int i = 1; i <= n; i++) {
    fs += 1.0f / (float)i;
    ds += 1.0 / (double)i;
  }
  *fsum = fs;
  *dsum = ds;
}

int main(int argc, char **argv) {
  int i;
  int runs = 30;
  int iters = 1000;

  float *d_standard_out, h_standard_out;
  CHECK(cudaMalloc((void **)&d_standard_out, sizeof(float)));

  float *d_intrinsic_out, h_intrinsic_out;
  CHECK(cudaMalloc((void **)&d_intrinsic_out, sizeof(float)));

  float input_value = 8181.25;

  double mean_intrinsic_time = 0.0;
  double mean_standard_time = 0.0;

  for (i = 0; i < runs; i++) {
    double start_standard = seconds();
    standard_kernel<<<1, 32>>>(input_value, d_standard_out, iters);
    CHECK(cudaDeviceSynchronize());
    mean_standard_time += seconds() - start_standard;

    double start_intrinsic = seconds();
    intrinsic_kernel<<<1, 32>>>(input_value, d_intrinsic_out, iters);
    CHECK(cudaDeviceSynchronize());
    mean_intrinsic_time += seconds() - start_intrinsic;
  }

  CHECK(cudaMemcpy(&h_standard_out, d_standard_out, sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&h_intrinsic_out, d_intrinsic_out, sizeof(float), cudaMemcpyDeviceToHost));
  float host_value = powf(input_value, 2.0f);

  printf("Host calculated\t\t\t%f\n", host_value);
  printf("Standard Device calculated\t%f\n", h_standard_out);
  printf("Intrinsic Device calculated\t%f\n", h_intrinsic_out);
  printf("Host equals Standard?\t\t%s diff=%e\n", host_value == h_standard_out ? "Yes" : "No",
         fabs(host_value - h_standard_out));
  printf("Host equals Intrinsic?\t\t%s diff=%e\n", host_value == h_intrinsic_out ? "Yes" : "No",
         fabs(host_value - h_intrinsic_out));
  printf("Standard equals Intrinsic?\t%s diff=%e\n", h_standard_out == h_intrinsic_out ? "Yes" : "No",
         fabs(h_standard_out - h_intrinsic_out));
  printf("\n");
  printf("Mean execution time for standard function powf:    %f s\n", mean_standard_time);
  printf("Mean execution time for intrinsic function __powf: %f s\n", mean_intrinsic_time);

  const int n = 1024;
  float *h_x = (float *)malloc(n * sizeof(float));
  double *h_dx = (double *)malloc(n * sizeof(double));
  for (i = 0; i < n; i++) {
    h_x[i] = 0.001f * (i + 1);
    h_dx[i] = 0.001 * (i + 1);
  }
  float *d_x, *d_y, *d_fast, *d_fout;
  double *d_dx, *d_dy, *d_dout, *d_dsum;
  float *d_fsum;
  CHECK(cudaMalloc((void **)&d_x, n * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_y, n * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_fast, 8 * n * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_fout, 4 * n * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_dx, n * sizeof(double)));
  CHECK(cudaMalloc((void **)&d_dy, n * sizeof(double)));
  CHECK(cudaMalloc((void **)&d_dout, 4 * n * sizeof(double)));
  CHECK(cudaMalloc((void **)&d_fsum, sizeof(float)));
  CHECK(cudaMalloc((void **)&d_dsum, sizeof(double)));
  CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_dx, h_dx, n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_dy, h_dx, n * sizeof(double), cudaMemcpyHostToDevice));

  fast_math<<<(n + 255) / 256, 256>>>(d_x, d_fast, n);
  rounding<<<(n + 255) / 256, 256>>>(d_x, d_y, d_dx, d_dy, d_fout, d_dout, n);
  accumulate<<<1, 1>>>(d_fsum, d_dsum, 1 << 20);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  float fsum;
  double dsum;
  CHECK(cudaMemcpy(&fsum, d_fsum, sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&dsum, d_dsum, sizeof(double), cudaMemcpyDeviceToHost));
  printf("harmonic sum: float %.10f double %.20f difference %e\n", fsum, dsum, fabs(dsum - fsum));

  CHECK(cudaFree(d_standard_out));
  CHECK(cudaFree(d_intrinsic_out));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_fast));
  CHECK(cudaFree(d_fout));
  CHECK(cudaFree(d_dx));
  CHECK(cudaFree(d_dy));
  CHECK(cudaFree(d_dout));
  CHECK(cudaFree(d_fsum));
  CHECK(cudaFree(d_dsum));
  free(h_x);
  free(h_dx);

  return 0;
}
