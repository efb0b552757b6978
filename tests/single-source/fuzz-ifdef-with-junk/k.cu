// Fuzz (issue 22): `#ifdef` reads one name; with more after it (here a
// control byte, which compilers reject) a rewritten condition read back
// as `#if defined(…)` would be another condition: it stays as it is.
#ifdef __CUDACC__
int on_gpu;
#endif
#ifdef __CUDACC__
int odd;
#endif
