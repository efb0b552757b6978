// The cudaLaunchHostFunc shim (shims.inc, cut from a translation at HIP 5.2)
// against CUDA's own, through HIP's NVIDIA headers. Prints each check and
// exits 1 on any difference.
#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <atomic>
#include <cstdio>
#include <vector>

#include "shims.inc"

static int failures = 0;
#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t e = (cudaError_t)(call);                                         \
    if (e != cudaSuccess) {                                                      \
      printf("%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e)); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)
#define EXPECT(cond, what)                         \
  do {                                             \
    bool ok_ = (cond);                             \
    printf("%-60s %s\n", what, ok_ ? "ok" : "DIFFERS"); \
    failures += !ok_;                              \
  } while (0)

__global__ void add(int *x, int v) { atomicAdd(x, v); }
// Reads what the host function left in mapped memory.
__global__ void read_flag(const volatile int *flag, int *seen) { *seen = *flag; }

struct Probe {
  int *host_value;  // mapped: the kernel's result, read by the host function
  volatile int *flag;
  std::vector<int> seen;
  std::atomic<int> calls{0};
};

static void CUDART_CB probe_fn(void *p) {
  Probe *probe = static_cast<Probe *>(p);
  probe->seen.push_back(*probe->host_value);
  *probe->flag = 1000 + probe->calls.fetch_add(1);
}

typedef hipError_t (*Launch)(hipStream_t, hipHostFn_t, void *);
static hipError_t cuda_launch(hipStream_t s, hipHostFn_t fn, void *data) {
  return (hipError_t)cudaLaunchHostFunc((cudaStream_t)s, fn, data);
}

// Enqueue: add 5, host function, read the flag. Returns what it saw.
static int outside_capture(Launch launch, Probe &probe, int *d_seen, int *seen_out) {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  *probe.host_value = 0;
  *probe.flag = 0;
  add<<<1, 32, 0, s>>>(probe.host_value, 5);
  CHECK(launch(s, probe_fn, &probe));
  read_flag<<<1, 1, 0, s>>>(probe.flag, d_seen);
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaMemcpy(seen_out, d_seen, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaStreamDestroy(s));
  return 0;
}

struct Shape {
  size_t nodes = 0, edges = 0;
  std::vector<int> types;
};

static int captured(Launch launch, Probe &probe, int *d_seen, Shape &shape, int *seen_out) {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaGraph_t graph;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  add<<<1, 32, 0, s>>>(probe.host_value, 7);
  CHECK(launch(s, probe_fn, &probe));
  read_flag<<<1, 1, 0, s>>>(probe.flag, d_seen);
  CHECK(cudaStreamEndCapture(s, &graph));
  CHECK(cudaGraphGetNodes(graph, nullptr, &shape.nodes));
  std::vector<cudaGraphNode_t> nodes(shape.nodes);
  CHECK(cudaGraphGetNodes(graph, nodes.data(), &shape.nodes));
  for (auto n : nodes) {
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(n, &t));
    shape.types.push_back((int)t);
  }
  CHECK(cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &shape.edges));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int replay = 0; replay < 3; ++replay) {
    *probe.host_value = 0;
    *probe.flag = 0;
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(&seen_out[replay], d_seen, sizeof(int), cudaMemcpyDeviceToHost));
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaStreamDestroy(s));
  return 0;
}

int main() {
  int *host_value, *flag, *d_seen;
  CHECK(cudaHostAlloc(&host_value, sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
  CHECK(cudaMalloc(&d_seen, sizeof(int)));
  Launch launches[2] = {cuda_launch, hipify_rs_launch_host_func};
  const char *names[2] = {"CUDA", "shim"};
  Probe probes[2];
  int seen[2] = {0, 0}, outside[2] = {-1, -1}, replays[2][3] = {};
  Shape shapes[2];
  for (int k = 0; k < 2; ++k) {
    probes[k].host_value = host_value;
    probes[k].flag = flag;
    if (outside_capture(launches[k], probes[k], d_seen, &seen[k])) return 1;
    printf("%s outside a capture: host function saw %d, next kernel saw %d\n", names[k],
           probes[k].seen.empty() ? -1 : probes[k].seen[0], seen[k]);
    outside[k] = probes[k].seen.empty() ? -1 : probes[k].seen[0];
    probes[k].seen.clear();
    probes[k].calls = 0;
    if (captured(launches[k], probes[k], d_seen, shapes[k], replays[k])) return 1;
    printf("%s captured: %zu nodes, %zu edges; replays saw", names[k], shapes[k].nodes, shapes[k].edges);
    for (int r = 0; r < 3; ++r) printf(" %d/%d", probes[k].seen[r], replays[k][r]);
    printf("\n");
  }
  EXPECT(seen[1] == 1000, "outside a capture: runs before the next kernel");
  EXPECT(outside[1] == 32 * 5, "outside a capture: runs after the kernel (32 adds of 5)");
  EXPECT(seen[0] == seen[1] && outside[0] == outside[1], "outside a capture: the same as CUDA's");
  EXPECT(shapes[0].nodes == shapes[1].nodes && shapes[0].types == shapes[1].types, "captured: the same nodes as CUDA's");
  EXPECT(shapes[0].edges == shapes[1].edges, "captured: the same edges as CUDA's");
  bool same = true;
  for (int r = 0; r < 3; ++r)
    same &= probes[0].seen[r] == probes[1].seen[r] && replays[0][r] == replays[1][r];
  EXPECT(same, "captured: each replay sees what CUDA's does");
  EXPECT(probes[1].seen.size() == 3 && probes[1].seen[0] == 32 * 7 && replays[1][2] == 1002,
         "captured: kernel, host function, kernel, in order");
  printf("%d difference(s)\n", failures);
  return failures ? 1 : 0;
}
