// Optional TensorRT engine and flash-attention backend.
#include <NvInfer.h>
#include <NvOnnxParser.h>
#include <flash_attn/flash_api.h>
#include <nvml.h>
#include <memory>

class Logger : public nvinfer1::ILogger {
  void log(Severity s, const char *msg) noexcept override { (void)s; (void)msg; }
};

std::unique_ptr<nvinfer1::IBuilder> make_builder(Logger &l) {
  return std::unique_ptr<nvinfer1::IBuilder>(nvinfer1::createInferBuilder(l));
}

unsigned gpu_temperature(unsigned index) {
  nvmlDevice_t dev;
  unsigned t = 0;
  nvmlInit_v2();
  nvmlDeviceGetHandleByIndex_v2(index, &dev);
  nvmlDeviceGetTemperature(dev, NVML_TEMPERATURE_GPU, &t);
  nvmlShutdown();
  return t;
}
