#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
      thrust::counting_iterator<int64_t> counting_itr(0);
#else
      hipcub::CountingInputIterator<int64_t> counting_itr(0);
#endif
