// "Thinking Parallel, Part III: Tree Construction on the GPU" (NVIDIA
// developer blog, Tero Karras): 30-bit Morton codes, a radix tree built in
// parallel from the sorted codes with __clz, then bounding boxes computed
// bottom-up with an atomic counter per node.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

struct AABB {
  float3 lo, hi;
};

struct Node {
  int left, right;    // child indices; leaves are encoded as ~index
  int parent;
  AABB box;
};

// Expands a 10-bit integer into 30 bits
// by inserting 2 zeros after each bit.
__host__ __device__ unsigned int expandBits(unsigned int v) {
  v = (v * 0x00010001u) & 0xFF0000FFu;
  v = (v * 0x00000101u) & 0x0F00F00Fu;
  v = (v * 0x00000011u) & 0xC30C30C3u;
  v = (v * 0x00000005u) & 0x49249249u;
  return v;
}

// Calculates a 30-bit Morton code for the
// given 3D point located within the unit cube [0,1].
__host__ __device__ unsigned int morton3D(float x, float y, float z) {
  x = fminf(fmaxf(x * 1024.0f, 0.0f), 1023.0f);
  y = fminf(fmaxf(y * 1024.0f, 0.0f), 1023.0f);
  z = fminf(fmaxf(z * 1024.0f, 0.0f), 1023.0f);
  unsigned int xx = expandBits((unsigned int)x);
  unsigned int yy = expandBits((unsigned int)y);
  unsigned int zz = expandBits((unsigned int)z);
  return xx * 4 + yy * 2 + zz;
}

__global__ void computeMortonCodes(const float3 *points, unsigned long long *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float3 p = points[i];
  // the code in the high word, the object index in the low word: keys unique
  keys[i] = ((unsigned long long)morton3D(p.x, p.y, p.z) << 32) | (unsigned int)i;
}

// Length of the common prefix of keys i and j; -1 out of range.
__device__ __forceinline__ int delta(const unsigned long long *keys, int n, int i, int j) {
  if (j < 0 || j >= n) return -1;
  return __clzll(keys[i] ^ keys[j]);
}

__device__ int2 determineRange(const unsigned long long *keys, int n, int i) {
  int d = (delta(keys, n, i, i + 1) - delta(keys, n, i, i - 1)) >= 0 ? 1 : -1;
  int deltaMin = delta(keys, n, i, i - d);
  int lmax = 2;
  while (delta(keys, n, i, i + lmax * d) > deltaMin) lmax <<= 1;
  int l = 0;
  for (int t = lmax >> 1; t >= 1; t >>= 1)
    if (delta(keys, n, i, i + (l + t) * d) > deltaMin) l += t;
  int j = i + l * d;
  return make_int2(min(i, j), max(i, j));
}

__device__ int findSplit(const unsigned long long *keys, int first, int last) {
  unsigned long long firstCode = keys[first];
  unsigned long long lastCode = keys[last];
  if (firstCode == lastCode) return (first + last) >> 1;
  int commonPrefix = __clzll(firstCode ^ lastCode);
  int split = first;
  int step = last - first;
  do {
    step = (step + 1) >> 1;
    int newSplit = split + step;
    if (newSplit < last) {
      unsigned long long splitCode = keys[newSplit];
      int splitPrefix = __clzll(firstCode ^ splitCode);
      if (splitPrefix > commonPrefix) split = newSplit;
    }
  } while (step > 1);
  return split;
}

__global__ void buildInternalNodes(const unsigned long long *keys, Node *internal,
                                   int *leafParent, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  int2 range = determineRange(keys, n, i);
  int split = findSplit(keys, range.x, range.y);
  int left = (split == range.x) ? ~split : split;
  int right = (split + 1 == range.y) ? ~(split + 1) : split + 1;
  internal[i].left = left;
  internal[i].right = right;
  if (left < 0) leafParent[~left] = i; else internal[left].parent = i;
  if (right < 0) leafParent[~right] = i; else internal[right].parent = i;
  if (i == 0) internal[0].parent = -1;
}

__device__ AABB merge(AABB a, AABB b) {
  AABB r;
  r.lo = make_float3(fminf(a.lo.x, b.lo.x), fminf(a.lo.y, b.lo.y), fminf(a.lo.z, b.lo.z));
  r.hi = make_float3(fmaxf(a.hi.x, b.hi.x), fmaxf(a.hi.y, b.hi.y), fmaxf(a.hi.z, b.hi.z));
  return r;
}

// Bottom-up: the second thread to reach a node computes its box.
__global__ void computeBoxes(const float3 *points, const unsigned long long *keys, Node *internal,
                             const int *leafParent, int *flags, int n, float radius) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int object = (int)(keys[i] & 0xffffffffu);
  float3 p = points[object];
  AABB box;
  box.lo = make_float3(p.x - radius, p.y - radius, p.z - radius);
  box.hi = make_float3(p.x + radius, p.y + radius, p.z + radius);
  int node = leafParent[i];
  int child = ~i;
  while (node >= 0) {
    // publish this child's box before arriving
    if (child < 0) {
      // leaves keep their box in registers: pass it through the parent's slot
    }
    __threadfence();
    if (atomicAdd(&flags[node], 1) == 0) {
      // first to arrive: store the partial box and stop
      internal[node].box = box;
      __threadfence();
      atomicExch(&flags[node + n], 1);
      return;
    }
    while (atomicCAS(&flags[node + n], 1, 1) != 1) {
    }
    volatile Node *v = internal;
    AABB other;
    other.lo = make_float3(v[node].box.lo.x, v[node].box.lo.y, v[node].box.lo.z);
    other.hi = make_float3(v[node].box.hi.x, v[node].box.hi.y, v[node].box.hi.z);
    box = merge(box, other);
    internal[node].box = box;
    child = node;
    node = internal[node].parent;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  std::vector<float3> h_points(n);
  srand(2012);
  for (int i = 0; i < n; i++)
    h_points[i] = make_float3(rand() / (float)RAND_MAX, rand() / (float)RAND_MAX,
                              rand() / (float)RAND_MAX);

  float3 *d_points;
  unsigned long long *d_keys;
  Node *d_internal;
  int *d_leafParent, *d_flags;
  gpuErrchk(cudaMalloc((void **)&d_points, n * sizeof(float3)));
  gpuErrchk(cudaMalloc((void **)&d_keys, n * sizeof(unsigned long long)));
  gpuErrchk(cudaMalloc((void **)&d_internal, (n - 1) * sizeof(Node)));
  gpuErrchk(cudaMalloc((void **)&d_leafParent, n * sizeof(int)));
  gpuErrchk(cudaMalloc((void **)&d_flags, 2 * n * sizeof(int)));
  gpuErrchk(cudaMemcpy(d_points, h_points.data(), n * sizeof(float3), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemset(d_flags, 0, 2 * n * sizeof(int)));

  const int block = 256;
  computeMortonCodes<<<(n + block - 1) / block, block>>>(d_points, d_keys, n);
  gpuErrchk(cudaPeekAtLastError());

  // sort the keys on the host (the blog uses a parallel radix sort)
  std::vector<unsigned long long> h_keys(n);
  gpuErrchk(cudaMemcpy(h_keys.data(), d_keys, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  std::sort(h_keys.begin(), h_keys.end());
  gpuErrchk(cudaMemcpy(d_keys, h_keys.data(), n * sizeof(unsigned long long), cudaMemcpyHostToDevice));

  buildInternalNodes<<<(n - 1 + block - 1) / block, block>>>(d_keys, d_internal, d_leafParent, n);
  gpuErrchk(cudaPeekAtLastError());
  computeBoxes<<<(n + block - 1) / block, block>>>(d_points, d_keys, d_internal, d_leafParent,
                                                   d_flags, n - 1, 0.001f);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaDeviceSynchronize());

  Node root;
  gpuErrchk(cudaMemcpy(&root, d_internal, sizeof(Node), cudaMemcpyDeviceToHost));
  printf("root box: (%f %f %f) - (%f %f %f)\n", root.box.lo.x, root.box.lo.y, root.box.lo.z,
         root.box.hi.x, root.box.hi.y, root.box.hi.z);
  // the first code's leading bits agree with the host's
  unsigned int c0 = morton3D(0.5f, 0.25f, 0.125f);
  printf("morton(0.5,0.25,0.125) = %u, clz on host = %d\n", c0, c0 ? __builtin_clz(c0) : 32);

  cudaFree(d_points);
  cudaFree(d_keys);
  cudaFree(d_internal);
  cudaFree(d_leafParent);
  cudaFree(d_flags);
  return 0;
}
