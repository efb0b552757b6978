#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
  thrust::constant_iterator<T, int> h_in(one_val);
#else
  ConstantInputIterator<T, int> h_in(one_val);
#endif
