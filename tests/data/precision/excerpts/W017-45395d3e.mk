ARCH      = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
  CFLAGS +=-DUSE_GPU -fgpu-default-stream=per-thread -Wall -fopenmp $(GPU_TARGETS:%=--offload-arch=%)
