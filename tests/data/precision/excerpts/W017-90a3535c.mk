ARCH = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
NVCC_COMPILE_FLAGS = -std=c++11 -fgpu-default-stream=per-thread -g -O3 $(GPU_TARGETS:%=--offload-arch=%)
