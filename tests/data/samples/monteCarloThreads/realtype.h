/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

#ifndef REALTYPE_H
#define REALTYPE_H

//#define DOUBLE_PRECISION

#ifndef DOUBLE_PRECISION
typedef float real;
#else
typedef double real;
#endif

#endif
