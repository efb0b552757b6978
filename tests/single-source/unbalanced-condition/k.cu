// A condition whose parentheses do not balance (a half-edited line) is no
// expression to choose between: it stays as it is, and a second run agrees.
#if __CUDACC__ && defined(USE_FAST_PATH)
int a;
#elif defined __CUDACC__ || (LEGACY
int b;
#endif
