CUDA_SOURCES = $(shell find $(ROCM_PATH) -name '*.$(CUDA_EXT)' | sort -k 1nr | cut -f2-)
