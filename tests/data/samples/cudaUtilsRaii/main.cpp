// A host driver in plain C++: RAII buffers, exceptions, std::chrono timing.
#include <chrono>
#include <cstdio>
#include <exception>
#include <random>
#include <vector>

#include "cuda_utils.cuh"
#include "particles.h"

int main(int argc, char **argv) {
  try {
    if (cu::device_count() == 0) {
      std::fprintf(stderr, "no CUDA device\n");
      return 1;
    }
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : (1u << 20);
    std::vector<float3> pos(n), vel(n);
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (std::size_t i = 0; i < n; ++i) {
      pos[i] = make_float3(u(rng), std::abs(u(rng)), u(rng));
      vel[i] = make_float3(u(rng), u(rng), u(rng));
    }

    cu::Stream stream;
    cu::DeviceBuffer<float3> d_pos(n), d_vel(n);
    cu::DeviceBuffer<float> partials(64);
    d_pos.upload(pos, stream);
    d_vel.upload(vel, stream);
    cu::PinnedBuffer<float> energies(100);

    std::printf("suggested block size: %d\n", suggested_block_size());
    Particles p{d_pos.data(), d_vel.data(), n};
    cu::Event start, stop;
    const auto t0 = std::chrono::steady_clock::now();
    start.record(stream);
    for (int step = 0; step < 100; ++step) {
      integrate(p, 1e-3f, 0.999f, stream);
      energies[step] = kinetic_energy(p, partials, stream);
    }
    stop.record(stream);
    stream.sync();
    const auto t1 = std::chrono::steady_clock::now();
    std::printf("GPU %.3f ms, wall %.3f ms, E0=%g E99=%g\n", stop.ms_since(start),
                std::chrono::duration<double, std::milli>(t1 - t0).count(), energies[0], energies[99]);

    cu::DeviceBuffer<float3> moved = std::move(d_pos);
    std::printf("moved %zu particles (%zu bytes)\n", moved.size(), moved.bytes());
  } catch (const cu::CudaError &e) {
    std::fprintf(stderr, "CUDA error %d: %s\n", static_cast<int>(e.code()), e.what());
    return 2;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 3;
  }
  return 0;
}
