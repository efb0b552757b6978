// A cut-down libwb (UIUC ECE408's lab library) as the labs vendor it: the
// logger and timer macros over variadic templates, wbArg/wbImport/wbImage
// declarations, and wbCUDA.h's tracked cudaMalloc/cudaFree wrappers, which
// replace the runtime's names with macros once their own bodies are done.
#ifndef __WB_H__
#define __WB_H__

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#define WB_USE_CUDA

typedef enum en_wbLogLevel_t { OFF = 0, FATAL, ERROR, WARN, INFO, DEBUG, TRACE } wbLogLevel_t;
typedef enum en_wbTimeType_t { Generic, IO, GPU, Compute, Copy } wbTimeType_t;

struct wbArg_t {
  int argc;
  char **argv;
};

typedef struct st_wbImage_t {
  int width;
  int height;
  int channels;
  int pitch;
  float *data;
} * wbImage_t;

static inline wbArg_t wbArg_read(int argc, char **argv) {
  wbArg_t a = {argc, argv};
  return a;
}
static inline const char *wbArg_getInputFile(wbArg_t args, int idx) {
  return idx + 1 < args.argc ? args.argv[idx + 1] : "input.ppm";
}

static inline wbImage_t wbImage_new(int width, int height, int channels) {
  wbImage_t img = (wbImage_t)malloc(sizeof(struct st_wbImage_t));
  img->width = width;
  img->height = height;
  img->channels = channels;
  img->pitch = width * channels;
  img->data = (float *)calloc((size_t)width * height * channels, sizeof(float));
  return img;
}
static inline wbImage_t wbImport(const char *) { return wbImage_new(64, 48, 3); }
static inline int wbImage_getWidth(wbImage_t img) { return img->width; }
static inline int wbImage_getHeight(wbImage_t img) { return img->height; }
static inline int wbImage_getChannels(wbImage_t img) { return img->channels; }
static inline float *wbImage_getData(wbImage_t img) { return img->data; }
static inline void wbImage_delete(wbImage_t img) {
  free(img->data);
  free(img);
}

template <typename T>
static inline void wbLogger_put(std::stringstream &ss, T &&arg) {
  ss << arg;
}
template <typename T, typename... Ts>
static inline void wbLogger_put(std::stringstream &ss, T &&arg, Ts &&...rest) {
  ss << arg;
  wbLogger_put(ss, rest...);
}
template <typename... Ts>
static inline void wbLogger_append(wbLogLevel_t level, const char *file, const char *fun,
                                   int line, Ts &&...args) {
  std::stringstream ss;
  wbLogger_put(ss, args...);
  if (level <= WARN) fprintf(stderr, "[%s:%s:%d] %s\n", file, fun, line, ss.str().c_str());
}
#define wbLog(level, ...) wbLogger_append(level, __FILE__, __func__, __LINE__, __VA_ARGS__)

static inline void wbTime_start_(wbTimeType_t, const char *) {}
static inline void wbTime_stop_(wbTimeType_t, const char *) {}
#define wbTime_start(kind, ...) wbTime_start_(kind, __VA_ARGS__)
#define wbTime_stop(kind, ...) wbTime_stop_(kind, __VA_ARGS__)

static inline void wbSolution(wbArg_t, wbImage_t img) {
  double s = 0;
  for (int i = 0; i < img->width * img->height * img->channels; i++) s += img->data[i];
  printf("checksum %f\n", s);
}

#ifdef WB_USE_CUDA
#include <cuda.h>
#include <cuda_runtime.h>

typedef struct st_wbCUDAMemory_t {
  void *mem;
  size_t sz;
} wbCUDAMemory_t;

#define _cudaMemoryListSize 1024
static size_t _cudaMallocSize = 0;
static wbCUDAMemory_t _cudaMemoryList[_cudaMemoryListSize];
static int _cudaMemoryListIdx = 0;

static inline cudaError_t wbCUDAMalloc(void **devPtr, size_t sz) {
  int idx = _cudaMemoryListIdx;
  cudaError_t err = cudaMalloc(devPtr, sz);
  if (idx == 0) {
    memset(_cudaMemoryList, 0, sizeof(wbCUDAMemory_t) * _cudaMemoryListSize);
  }
  if (err == cudaSuccess && idx < _cudaMemoryListSize) {
    _cudaMemoryList[idx].mem = *devPtr;
    _cudaMemoryList[idx].sz = sz;
    _cudaMallocSize += sz;
    _cudaMemoryListIdx++;
  }
  return err;
}

static inline cudaError_t wbCUDAFree(void *mem) {
  for (int idx = 0; idx < _cudaMemoryListIdx; idx++) {
    if (_cudaMemoryList[idx].mem == mem) {
      _cudaMallocSize -= _cudaMemoryList[idx].sz;
      _cudaMemoryList[idx].mem = NULL;
      break;
    }
  }
  return cudaFree(mem);
}

#define cudaMalloc(elem, err) wbCUDAMalloc((void **)elem, err)
#define cudaFree wbCUDAFree
#endif /* WB_USE_CUDA */

#endif /* __WB_H__ */
