/*
 * nullKernelAsync.cu, mappedMemory.cu and the driver-API timing of
 * "The CUDA Handbook" (Nicholas Wilt), chapters 5, 7 and 8, in one file:
 * goto-based error handling through CUDART_CHECK/CUDA_CHECK, chTimer.h
 * wall-clock timing of kernel launches, mapped pinned memory, and a driver
 * context over the same device.
 */

#include <stdio.h>
#include <stdlib.h>

#include "chError.h"
#include "chTimer.h"

#include <cuda_runtime.h>

__global__
void
NullKernel()
{
}

__global__ void
AtomicReduction( int *out, const int *in, size_t N )
{
    const int tid = threadIdx.x;
    int partialSum = 0;
    for ( size_t i = blockIdx.x*blockDim.x + tid;
          i < N;
          i += blockDim.x*gridDim.x ) {
        partialSum += in[i];
    }
    atomicAdd( out, partialSum );
}

cudaError_t
MeasureLaunchOverhead( double *pusPerLaunch, int cIterations )
{
    cudaError_t status;
    chTimerTimestamp start, stop;

    chTimerGetTime( &start );
    for ( int i = 0; i < cIterations; i++ ) {
        NullKernel<<<1,1>>>();
    }
    CUDART_CHECK( cudaDeviceSynchronize() );
    chTimerGetTime( &stop );
    *pusPerLaunch = 1e6*chTimerElapsedTime( &start, &stop ) / (float) cIterations;
Error:
    return status;
}

cudaError_t
ReduceMapped( int *answer, int *hostIn, size_t N, int cBlocks, int cThreads )
{
    cudaError_t status;
    int *dptrIn = 0;
    int *hptrOut = 0;
    int *dptrOut = 0;
    cudaEvent_t evStart = 0, evStop = 0;
    float ms;

    CUDART_CHECK( cudaHostAlloc( (void **) &hptrOut, sizeof(int), cudaHostAllocMapped ) );
    CUDART_CHECK( cudaHostGetDevicePointer( (void **) &dptrOut, hptrOut, 0 ) );
    CUDART_CHECK( cudaHostGetDevicePointer( (void **) &dptrIn, hostIn, 0 ) );
    CUDART_CHECK( cudaEventCreate( &evStart ) );
    CUDART_CHECK( cudaEventCreate( &evStop ) );
    *hptrOut = 0;
    CUDART_CHECK( cudaEventRecord( evStart, 0 ) );
    AtomicReduction<<<cBlocks, cThreads>>>( dptrOut, dptrIn, N );
    CUDART_CHECK( cudaGetLastError() );
    CUDART_CHECK( cudaEventRecord( evStop, 0 ) );
    CUDART_CHECK( cudaEventSynchronize( evStop ) );
    CUDART_CHECK( cudaEventElapsedTime( &ms, evStart, evStop ) );
    printf( "mapped reduction: %.2f ms (%.2f GB/s)\n", ms, N*sizeof(int)/ms/1e6 );
    *answer = *hptrOut;
Error:
    cudaEventDestroy( evStop );
    cudaEventDestroy( evStart );
    cudaFreeHost( hptrOut );
    return status;
}

static CUresult
DriverEventTiming( int cIterations )
{
    CUresult status;
    CUdevice device;
    CUcontext ctx = 0;
    CUevent evStart = 0, evStop = 0;
    CUdeviceptr dptr = 0;
    void *hptr = 0;
    CUdeviceptr dMapped;
    float ms;
    int canMap;

    CUDA_CHECK( cuInit( 0 ) );
    CUDA_CHECK( cuDeviceGet( &device, 0 ) );
    CUDA_CHECK( cuDeviceGetAttribute( &canMap, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, device ) );
    CUDA_CHECK( cuDevicePrimaryCtxRetain( &ctx, device ) );
    CUDA_CHECK( cuCtxPushCurrent( ctx ) );
    CUDA_CHECK( cuMemAlloc( &dptr, 64*1048576 ) );
    CUDA_CHECK( cuMemHostAlloc( &hptr, 64*1048576, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP ) );
    if ( canMap ) {
        CUDA_CHECK( cuMemHostGetDevicePointer( &dMapped, hptr, 0 ) );
    }
    CUDA_CHECK( cuEventCreate( &evStart, CU_EVENT_DEFAULT ) );
    CUDA_CHECK( cuEventCreate( &evStop, CU_EVENT_BLOCKING_SYNC ) );
    CUDA_CHECK( cuEventRecord( evStart, NULL ) );
    for ( int i = 0; i < cIterations; i++ ) {
        CUDA_CHECK( cuMemcpyHtoDAsync( dptr, hptr, 64*1048576, NULL ) );
    }
    CUDA_CHECK( cuEventRecord( evStop, NULL ) );
    CUDA_CHECK( cuCtxSynchronize() );
    CUDA_CHECK( cuEventElapsedTime( &ms, evStart, evStop ) );
    printf( "driver HtoD: %.2f GB/s\n", (double) cIterations*64*1048576/ms/1e6 );
Error:
    if ( evStop ) cuEventDestroy( evStop );
    if ( evStart ) cuEventDestroy( evStart );
    cuMemFreeHost( hptr );
    cuMemFree( dptr );
    if ( ctx ) {
        cuCtxPopCurrent( NULL );
        cuDevicePrimaryCtxRelease( device );
    }
    return status;
}

int
main( int argc, char *argv[] )
{
    cudaError_t status;
    CUresult drvStatus;
    double usPerLaunch;
    int *hostIn = 0;
    int answer = 0;
    const size_t N = 16*1048576;
    cudaDeviceProp props;

    CUDART_CHECK( cudaSetDeviceFlags( cudaDeviceMapHost ) );
    CUDART_CHECK( cudaGetDeviceProperties( &props, 0 ) );
    printf( "%s: %d SMs, canMapHostMemory %d\n", props.name, props.multiProcessorCount,
            props.canMapHostMemory );
    CUDART_CHECK( cudaFree( 0 ) );

    CUDART_CHECK( MeasureLaunchOverhead( &usPerLaunch, 10000 ) );
    printf( "%.2f us per launch\n", usPerLaunch );

    CUDART_CHECK( cudaHostAlloc( (void **) &hostIn, N*sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable ) );
    for ( size_t i = 0; i < N; i++ ) {
        hostIn[i] = 1;
    }
    CUDART_CHECK( ReduceMapped( &answer, hostIn, N, props.multiProcessorCount*4, 256 ) );
    printf( "answer %d (expected %d)\n", answer, (int) N );

    drvStatus = DriverEventTiming( 10 );
    if ( CUDA_SUCCESS != drvStatus ) {
        fprintf( stderr, "driver timing failed: %s\n", chGetErrorString( drvStatus ) );
    }
    cudaFreeHost( hostIn );
    return 0;
Error:
    fprintf( stderr, "Error %d (%s)\n", status, cudaGetErrorString( status ) );
    cudaFreeHost( hostIn );
    return 1;
}
