// Fuzz (issue 22): a rewritten condition is read back by its tokens, so a
// parenthesis in a comment inside it ends no side; a condition holding a
// literal (a string never belongs in `#if`) stays as it is.
#if defined(__CUDACC__) /* nvcc :) */ && CUDART_VERSION >= 11000
int modern;
#endif
#if defined(__CUDACC__) && ")"
int odd;
#endif
