// HeCBench sort-cuda/main.cu, lines 1-14
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <iostream>
#include <fstream>
#include <vector>
#include <chrono>
#include <cuda.h>
#include <thrust/sort.h>
#include <thrust/functional.h>
#include <thrust/device_vector.h>

typedef unsigned int T;
typedef uint4 VECTYPE;