/*
 * chError.h
 *
 * Error handling for CUDA:
 *     CUDA_CHECK() and CUDART_CHECK() macros implement goto-based
 *         error handling, and
 *     chGetErrorString() maps a driver API error to a string.
 *
 * (in the style of "The CUDA Handbook", chLib/chError.h)
 */

#ifndef __CHERROR_H__
#define __CHERROR_H__

#include <stdio.h>

#ifndef NO_CUDA

#include <cuda.h>

static inline const char *
chGetErrorString( CUresult status )
{
    switch ( status ) {
#define ERROR_STRING( x ) case x: return #x;
        ERROR_STRING( CUDA_SUCCESS );
        ERROR_STRING( CUDA_ERROR_INVALID_VALUE );
        ERROR_STRING( CUDA_ERROR_OUT_OF_MEMORY );
        ERROR_STRING( CUDA_ERROR_NOT_INITIALIZED );
        ERROR_STRING( CUDA_ERROR_DEINITIALIZED );
        ERROR_STRING( CUDA_ERROR_NO_DEVICE );
        ERROR_STRING( CUDA_ERROR_INVALID_DEVICE );
        ERROR_STRING( CUDA_ERROR_INVALID_IMAGE );
        ERROR_STRING( CUDA_ERROR_INVALID_CONTEXT );
        ERROR_STRING( CUDA_ERROR_CONTEXT_ALREADY_CURRENT );
        ERROR_STRING( CUDA_ERROR_MAP_FAILED );
        ERROR_STRING( CUDA_ERROR_UNMAP_FAILED );
        ERROR_STRING( CUDA_ERROR_ARRAY_IS_MAPPED );
        ERROR_STRING( CUDA_ERROR_ALREADY_MAPPED );
        ERROR_STRING( CUDA_ERROR_NO_BINARY_FOR_GPU );
        ERROR_STRING( CUDA_ERROR_ALREADY_ACQUIRED );
        ERROR_STRING( CUDA_ERROR_NOT_MAPPED );
        ERROR_STRING( CUDA_ERROR_NOT_MAPPED_AS_ARRAY );
        ERROR_STRING( CUDA_ERROR_NOT_MAPPED_AS_POINTER );
        ERROR_STRING( CUDA_ERROR_ECC_UNCORRECTABLE );
        ERROR_STRING( CUDA_ERROR_UNSUPPORTED_LIMIT );
        ERROR_STRING( CUDA_ERROR_INVALID_SOURCE );
        ERROR_STRING( CUDA_ERROR_FILE_NOT_FOUND );
        ERROR_STRING( CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND );
        ERROR_STRING( CUDA_ERROR_SHARED_OBJECT_INIT_FAILED );
        ERROR_STRING( CUDA_ERROR_OPERATING_SYSTEM );
        ERROR_STRING( CUDA_ERROR_INVALID_HANDLE );
        ERROR_STRING( CUDA_ERROR_NOT_FOUND );
        ERROR_STRING( CUDA_ERROR_NOT_READY );
        ERROR_STRING( CUDA_ERROR_LAUNCH_FAILED );
        ERROR_STRING( CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES );
        ERROR_STRING( CUDA_ERROR_LAUNCH_TIMEOUT );
        ERROR_STRING( CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED );
        ERROR_STRING( CUDA_ERROR_PEER_ACCESS_NOT_ENABLED );
        ERROR_STRING( CUDA_ERROR_UNKNOWN );
        default: break;
    }
    return "CUDA_ERROR - unknown error";
}

#endif // NO_CUDA

#ifdef DEBUG
#define CUDART_CHECK( fn ) do { \
        (status) =  (fn); \
        if ( cudaSuccess != (status) ) { \
            fprintf( stderr, "CUDA Runtime Failure (line %d of file %s):\n\t" \
                "%s returned 0x%x (%s)\n", \
                __LINE__, __FILE__, #fn, status, cudaGetErrorString(status) ); \
            goto Error; \
        } \
    } while (0);

#define CUDA_CHECK( fn ) do { \
        (status) =  (fn); \
        if ( CUDA_SUCCESS != (status) ) { \
            fprintf( stderr, "CUDA Driver Failure (line %d of file %s):\n\t%s returned 0x%x (%s)\n", \
                __LINE__, __FILE__, #fn, status, chGetErrorString(status) ); \
            goto Error; \
        } \
    } while (0);
#else
#define CUDART_CHECK( fn ) do { \
    status = (fn); \
    if ( cudaSuccess != (status) ) { \
            goto Error; \
        } \
    } while (0);

#define CUDA_CHECK( fn ) do { \
        (status) =  (fn); \
        if ( CUDA_SUCCESS != (status) ) { \
            goto Error; \
        } \
    } while (0);
#endif

#endif
