/*
 * chTimer.h
 *
 * Portable timer routines (in the style of "The CUDA Handbook", chLib/chTimer.h).
 */

#ifndef __CHTIMER_H__
#define __CHTIMER_H__

#ifdef __cplusplus
extern "C" {
#endif

#ifdef _WIN32
#include <windows.h>
typedef LARGE_INTEGER chTimerTimestamp;

inline void chTimerGetTime( chTimerTimestamp *p ) { QueryPerformanceCounter( p ); }

inline double chTimerElapsedTime( chTimerTimestamp *pStart, chTimerTimestamp *pStop )
{
    LARGE_INTEGER freq;
    QueryPerformanceFrequency( &freq );
    return (double) (pStop->QuadPart - pStart->QuadPart) / (double) freq.QuadPart;
}
#else
#include <time.h>
typedef struct timespec chTimerTimestamp;

inline void chTimerGetTime( chTimerTimestamp *p ) { clock_gettime( CLOCK_MONOTONIC, p ); }

inline double chTimerElapsedTime( chTimerTimestamp *pStart, chTimerTimestamp *pStop )
{
    return (double) (pStop->tv_sec - pStart->tv_sec) +
           (double) (pStop->tv_nsec - pStart->tv_nsec) / 1e9;
}
#endif

inline double chTimerBandwidth( chTimerTimestamp *pStart, chTimerTimestamp *pStop, double cBytes )
{
    double et = chTimerElapsedTime( pStart, pStop );
    return cBytes / et;
}

#ifdef __cplusplus
};
#endif

#endif
