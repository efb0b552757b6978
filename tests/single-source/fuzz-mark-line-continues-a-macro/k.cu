// Fuzz (issue 22): a line that continues a macro and reads like the mode's
// mark (`// hipify-rs`) is the branch's own text: a second run must read it
// back as such, not as the mark that takes a splice.
#include <cub/cub.cuh>
#define SCAN_T cub::BlockScan<int, 128> \
// hipify-rs
#define SYNC() cudaDeviceSynchronize() \
// hipify-rs
// hipify-rs
int main() { SYNC(); return 0; }
