#if (CUDART_VERSION < 9000)
  unsigned int b = __ballot(p);
  return __popc(b & mask);
#else
  unsigned int b = __ballot(p);
  return __popc(b);
#endif
