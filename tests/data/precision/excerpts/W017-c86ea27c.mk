ARCH      = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
          -std=c++17 -Wall $(GPU_TARGETS:%=--offload-arch=%)
