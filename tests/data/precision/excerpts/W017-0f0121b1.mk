ARCH    = sm_60
GPU_TARGETS ?= gfx90a gfx942 gfx1100
HIPCC_FLAGS=$(GPU_TARGETS:%=--offload-arch=%) -I${MPI_INCLUDE}
