ARCH = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
CFLAGS = -O3 -std=c++17 $(GPU_TARGETS:%=--offload-arch=%) -ffast-math -DDEBUG
