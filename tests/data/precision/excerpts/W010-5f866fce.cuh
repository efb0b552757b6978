#if __CUDA_ARCH__ >= 350
    return __ldg(data_);
#else
    return *data_;
#endif
