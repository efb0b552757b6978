#define CHUNK_SIZE 16
#endif
#ifndef WARP_SIZE
#define WARP_SIZE 32
#endif

#define STR_HELPER(x) #x
