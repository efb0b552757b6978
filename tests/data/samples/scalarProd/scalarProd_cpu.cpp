/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (BSD 3-Clause; see ../LICENSE) */
// The host reference, in double.
extern "C" void scalarProdCPU(float *h_C, float *h_A, float *h_B, int vectorN, int elementN) {
  for (int vec = 0; vec < vectorN; vec++) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    double sum = 0;
    for (int pos = vectorBase; pos < vectorEnd; pos++) sum += h_A[pos] * h_B[pos];
    h_C[vec] = (float)sum;
  }
}
