#ifndef _SYRAH_CYCLE_TIMER_H_
#define _SYRAH_CYCLE_TIMER_H_

#include <sys/time.h>

// CMU 15-418 starter code's wall-clock timer (seconds as a double).
class CycleTimer {
public:
  typedef unsigned long long SysClock;

  static double currentSeconds() {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + 1e-6 * tv.tv_usec;
  }
  static double msPerTick() { return 1e-3; }
};

#endif
