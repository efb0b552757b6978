#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
#include <thrust/iterator/transform_iterator.h>
#endif
