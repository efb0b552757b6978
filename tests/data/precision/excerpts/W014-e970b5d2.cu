#if (CUDART_VERSION >= 9000)
#define __shfl_up(v, d) __shfl_up(v, d)
#define __shfl_down(v, d) __shfl_down(v, d)
#endif
