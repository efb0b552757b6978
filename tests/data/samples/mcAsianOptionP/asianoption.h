/* In the style of NVIDIA cuda-samples MC_SingleAsianOptionP (asianoption.h). */
#ifndef ASIANOPTION_H
#define ASIANOPTION_H

template <typename Real>
struct AsianOption {
  enum CallPut { Call, Put };

  // Parameters
  Real spot;
  Real strike;
  Real r;
  Real sigma;
  Real tenor;
  Real dt;

  // Value
  Real golden;
  Real value;

  // Option type
  CallPut type;
};

#endif
