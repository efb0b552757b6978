// Fuzz (issue 22): lines ended by a lone CR (an old Mac file's) among LF ones:
// the compilers end a line at both, the mode writes and reads back one kind,
// so it leaves the file as it is with a note.
#include <cuda_runtime.h>int main() { cudaDeviceSynchronize(); return 0; }
