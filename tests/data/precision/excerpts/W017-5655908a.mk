ARCH      = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
CFLAGS := $(EXTRA_CFLAGS) -std=c++17 -I$(MPI_ROOT)/include -Wall $(GPU_TARGETS:%=--offload-arch=%)
