// Logs GPU temperature and power between training steps (NVML).
#include <cstdio>
#include <nvml.h>

void log_health(unsigned int index) {
  nvmlDevice_t dev;
  if (nvmlInit_v2() != NVML_SUCCESS) return;
  if (nvmlDeviceGetHandleByIndex_v2(index, &dev) == NVML_SUCCESS) {
    unsigned int temp = 0, milliwatts = 0;
    nvmlDeviceGetTemperature(dev, NVML_TEMPERATURE_GPU, &temp);
    nvmlDeviceGetPowerUsage(dev, &milliwatts);
    printf("gpu%u: %u C, %.1f W\n", index, temp, milliwatts / 1000.0);
  }
  nvmlShutdown();
}
