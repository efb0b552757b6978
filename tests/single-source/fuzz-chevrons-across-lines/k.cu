// Fuzz (issue 22): launch chevrons spaced across a line break (nvcc reads
// `<<` and `<` on the next line as one `<<<`): joining them deletes the
// line break, so the block holds the next line too.
__global__ void k(int *p) {}
void g(int *p) {
  k<<
  <1, 2>>>(p);
}
