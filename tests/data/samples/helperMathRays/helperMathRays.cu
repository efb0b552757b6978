// Ray-sphere shading with helper_math.h's vector operators (float3 + - * /,
// dot, cross, normalize, length, lerp, clamp, reflect, fminf/fmaxf on
// vectors, make_float3 from a float4), the way the volumeRender and
// particles samples and graphics course code use it; uchar4 output.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_math.h>

struct Sphere {
  float4 centerRadius;
  float3 color;
};

__constant__ Sphere c_spheres[4];

static int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

__device__ float hit(const Sphere &s, float3 origin, float3 dir) {
  float3 center = make_float3(s.centerRadius);
  float3 oc = origin - center;
  float b = dot(oc, dir);
  float c = dot(oc, oc) - s.centerRadius.w * s.centerRadius.w;
  float disc = b * b - c;
  return disc < 0.0f ? -1.0f : -b - sqrtf(disc);
}

__device__ uchar4 toRGBA(float3 c) {
  c = clamp(c, 0.0f, 1.0f);
  return make_uchar4((unsigned char)(c.x * 255), (unsigned char)(c.y * 255), (unsigned char)(c.z * 255), 255);
}

__global__ void render(uchar4 *out, int width, int height, float3 eye, float3 lightDir) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float2 uv = make_float2((x + 0.5f) / width, (y + 0.5f) / height) * 2.0f - 1.0f;
  float3 dir = normalize(make_float3(uv.x, uv.y, -1.5f));
  float3 sky = lerp(make_float3(1.0f), make_float3(0.5f, 0.7f, 1.0f), 0.5f * (uv.y + 1.0f));
  float3 color = sky;
  float nearest = 1e30f;
  for (int i = 0; i < 4; ++i) {
    float t = hit(c_spheres[i], eye, dir);
    if (t > 0.0f && t < nearest) {
      nearest = t;
      float3 p = eye + t * dir;
      float3 n = normalize(p - make_float3(c_spheres[i].centerRadius));
      float diffuse = fmaxf(dot(n, -lightDir), 0.0f);
      float3 r = reflect(dir, n);
      float spec = powf(fmaxf(dot(r, -lightDir), 0.0f), 32.0f);
      float3 tangent = cross(n, make_float3(0.0f, 1.0f, 0.0f));
      color = c_spheres[i].color * diffuse + spec + 0.05f * fabs(tangent);
      color = fminf(color, make_float3(1.0f)) * (1.0f / (1.0f + 0.01f * length(p - eye)));
    }
  }
  out[y * width + x] = toRGBA(color);
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int width = 640, height = 480;
  Sphere h[4];
  for (int i = 0; i < 4; ++i) {
    h[i].centerRadius = make_float4(-1.5f + i, 0.0f, -4.0f, 0.45f);
    h[i].color = make_float3(0.2f * (i + 1), 0.5f, 1.0f - 0.2f * i);
  }
  checkCudaErrors(cudaMemcpyToSymbol(c_spheres, h, sizeof(h)));
  uchar4 *dOut;
  checkCudaErrors(cudaMalloc(&dOut, width * height * sizeof(uchar4)));
  dim3 block(16, 16);
  dim3 grid(iDivUp(width, block.x), iDivUp(height, block.y));
  render<<<grid, block>>>(dOut, width, height, make_float3(0.0f), normalize(make_float3(-1.0f, -1.0f, -1.0f)));
  getLastCudaError("render failed");
  uchar4 *hOut = (uchar4 *)malloc(width * height * sizeof(uchar4));
  checkCudaErrors(cudaMemcpy(hOut, dOut, width * height * sizeof(uchar4), cudaMemcpyDeviceToHost));
  unsigned long long sum = 0;
  for (int i = 0; i < width * height; ++i) sum += hOut[i].x + hOut[i].y + hOut[i].z;
  printf("checksum %llu\n", sum);
  checkCudaErrors(cudaFree(dOut));
  free(hOut);
  return EXIT_SUCCESS;
}
