// Fuzz (issue 22): a change on the line of a block comment never closed
// (a truncated file): the comment runs to the end of the file and would
// take the block's `#else` and `#endif` with it, so the lines stay as
// they are, with a note.
__global__ void k() { asm("trap;"); } /* unfinished
