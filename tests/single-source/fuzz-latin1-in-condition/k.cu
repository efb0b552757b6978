// Fuzz (issue 22, run 6): a rewritten condition was written as text, so
// a byte of no UTF-8 in it (here a Latin-1 comment: a file of the 1990s)
// became U+FFFD on both sides, the CUDA one too; a second run read that
// back as other bytes. Its bytes stay as they are.
#if defined(__CUDACC__) /* für nvcc */ && CUDART_VERSION >= 11000
int modern;
#endif
// The fuzzer's input, junk: with the launch syntax, U+FFFD read back
// as part of a name took the `#if` for a launch's kernel.
#if (ü)<<<1,2>>>(curand)
#endif
