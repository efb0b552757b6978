#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
    thrust::transform_iterator<NonZero<scalar_t>, scalar_t*> itr (d_in, conversion_op);
#else
    hipcub::TransformInputIterator<bool, NonZero<scalar_t>, scalar_t*> itr (d_in, conversion_op);
#endif
