#include "ta_utilities.hpp"

#include <cstdio>
#include <cstdlib>
#include <csignal>
#include <thread>
#include <chrono>
#include <unistd.h>

#include <cuda_runtime.h>

namespace TA_Utilities {

void select_coldest_GPU() {
  // Get the number of GPUs on this machine
  int num_devices;
  cudaGetDeviceCount(&num_devices);
  if (num_devices <= 1) return;

  // Read each GPU's temperature from nvidia-smi and keep the coldest
  FILE *in = popen("nvidia-smi --query-gpu=temperature.gpu --format=csv,noheader", "r");
  if (!in) return;
  int best = 0, best_temp = 1000, temp, i = 0;
  while (i < num_devices && fscanf(in, "%d", &temp) == 1) {
    if (temp < best_temp) {
      best_temp = temp;
      best = i;
    }
    ++i;
  }
  pclose(in);

  // Tell CUDA to use the GPU with the lowest temperature
  printf("Index of the GPU with the lowest temperature: %d (%d C)\n", best, best_temp);
  cudaSetDevice(best);
}

void enforce_time_limit(int time_limit) {
  pid_t parent = getpid();
  std::thread([parent, time_limit] {
    std::this_thread::sleep_for(std::chrono::seconds(time_limit));
    fprintf(stderr, "Time limit of %d s exceeded, killing the job\n", time_limit);
    kill(parent, SIGKILL);
  }).detach();
}

}  // namespace TA_Utilities
