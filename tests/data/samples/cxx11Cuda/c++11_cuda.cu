/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// C++11 in device code, after NVIDIA's c++11_cuda sample: auto, lambdas
// passed to a templated __device__ count_if, range-based for over a
// grid-stride range, static_assert, nullptr, an initializer_list on host,
// and std::unique_ptr with a custom deleter holding device memory.

#include <stdio.h>
#include <iostream>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <vector>
#include <cuda_runtime.h>
#include "range.hpp"

#include <helper_cuda.h>

using namespace util;

__device__ int d_count = 0;

template <typename T, typename Predicate>
__device__ void count_if(int *count, T *data, int n, Predicate p) {
  for (auto i : grid_stride_range(0, n)) {
    if (p(data[i])) atomicAdd(count, 1);
  }
}

// Use count_if with a lambda function that searches for x, y, z or w
// Note the use of range-based for loop and initializer_list inside the functor
// We use auto so we don't have to know the type of the functor or array
__global__ void xyzw_frequency(int *count, char *text, int n) {
  const char letters[]{'x', 'y', 'z', 'w'};

  count_if(count, text, n, [&](char c) {
    for (const auto x : letters)
      if (c == x) return true;
    return false;
  });
}

__global__ void xyzw_frequency_device_count(char *text, int n) {
  static_assert(sizeof(char) == 1, "one byte per character");
  auto is_vowel = [] __device__(char c) {
    switch (c) {
      case 'a': case 'e': case 'i': case 'o': case 'u': return true;
      default: return false;
    }
  };
  count_if(&d_count, text, n, is_vowel);
}

struct CudaDeleter {
  void operator()(void *p) const { checkCudaErrors(cudaFree(p)); }
};

template <typename T>
using device_ptr = std::unique_ptr<T[], CudaDeleter>;

template <typename T>
device_ptr<T> make_device(size_t n) {
  T *raw = nullptr;
  checkCudaErrors(cudaMalloc(&raw, n * sizeof(T)));
  return device_ptr<T>(raw);
}

int main(int argc, char **argv) {
  const char *filename = sdkFindFilePath("warandpeace.txt", argv[0]);

  int numBytes = 16 * 1048576;
  std::vector<char> h_text(numBytes, 'x');

  findCudaDevice(argc, (const char **)argv);

  std::ifstream in(filename ? filename : "", std::ios::binary);
  if (in) {
    in.read(h_text.data(), numBytes);
    numBytes = static_cast<int>(in.gcount());
  }

  auto d_text = make_device<char>(numBytes);
  auto d_counter = make_device<int>(1);
  checkCudaErrors(cudaMemcpy(d_text.get(), h_text.data(), numBytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_counter.get(), 0, sizeof(int)));

  for (auto blocks : {8, 16, 32}) {
    checkCudaErrors(cudaMemset(d_counter.get(), 0, sizeof(int)));
    xyzw_frequency<<<blocks, 256>>>(d_counter.get(), d_text.get(), numBytes);
    getLastCudaError("xyzw_frequency failed");
    int count = 0;
    checkCudaErrors(cudaMemcpy(&count, d_counter.get(), sizeof(int), cudaMemcpyDeviceToHost));
    std::cout << "counted " << count << " instances of 'x', 'y', 'z', or 'w' with "
              << blocks << " blocks" << std::endl;
  }

  xyzw_frequency_device_count<<<8, 256>>>(d_text.get(), numBytes);
  int vowels = 0;
  checkCudaErrors(cudaMemcpyFromSymbol(&vowels, d_count, sizeof(int)));
  std::cout << "counted " << vowels << " vowels" << std::endl;

  return EXIT_SUCCESS;
}
