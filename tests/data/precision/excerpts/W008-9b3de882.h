#ifndef __NTT_KERNELS_CU__
#define __NTT_KERNELS_CU__

#define WARP_SZ 32
#define MAX_LG_DOMAIN_SIZE 28

#if MAX_LG_DOMAIN_SIZE <= 32
