/* In the style of NVIDIA cuda-samples MC_SingleAsianOptionP: a C++ main that
 * parses options with helper_string, times the pricing with helper_timer and
 * prints through std::cout. */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <iostream>
#include <iomanip>
#include <stdexcept>
#include <typeinfo>
#include <cuda_runtime.h>

#include <helper_timer.h>
#include <helper_cuda.h>

#include "asianoption.h"
#include "pricingengine.h"

template <typename Real>
void runTest(int argc, const char **argv);
void printHelp(int argc, const char **argv);

int main(int argc, char **argv) {
  std::cout << "Monte Carlo Single Asian Option (with PRNG)" << std::endl;
  std::cout << "===========================================" << std::endl << std::endl;

  if (checkCmdLineFlag(argc, (const char **)argv, "help")) {
    printHelp(argc, (const char **)argv);
    return 0;
  }

  if (checkCmdLineFlag(argc, (const char **)argv, "double")) {
    runTest<double>(argc, (const char **)argv);
  } else {
    runTest<float>(argc, (const char **)argv);
  }

  return 0;
}

template <typename Real>
void runTest(int argc, const char **argv) {
  try {
    AsianOption<Real> option;
    option.spot = static_cast<Real>(40);
    option.strike = static_cast<Real>(35);
    option.r = static_cast<Real>(0.03);
    option.sigma = static_cast<Real>(0.20);
    option.tenor = static_cast<Real>(1.0 / 3.0);
    option.dt = static_cast<Real>(1.0 / 261);
    option.type = AsianOption<Real>::Call;
    option.value = static_cast<Real>(0.0);
    option.golden = static_cast<Real>(5.162534);

    unsigned int numSims = 100000;
    unsigned int threadBlockSize = 128;
    unsigned int seed = 1234;
    int device = 0;

    if (checkCmdLineFlag(argc, argv, "device")) {
      device = getCmdLineArgumentInt(argc, argv, "device");
    }
    if (checkCmdLineFlag(argc, argv, "sims")) {
      numSims = getCmdLineArgumentInt(argc, argv, "sims");
    }
    if (checkCmdLineFlag(argc, argv, "block-size")) {
      threadBlockSize = getCmdLineArgumentInt(argc, argv, "block-size");
    }

    int deviceCount = 0;
    checkCudaErrors(cudaGetDeviceCount(&deviceCount));
    if (device >= deviceCount) {
      throw std::invalid_argument("specified device is invalid");
    }

    // Execute
    StopWatchInterface *timer = NULL;
    sdkCreateTimer(&timer);
    sdkStartTimer(&timer);
    PricingEngine<Real> pricer(numSims, device, threadBlockSize, seed);
    pricer(option);
    sdkStopTimer(&timer);
    float elapsedTime = sdkGetAverageTimerValue(&timer) / 1000.0f;
    sdkDeleteTimer(&timer);

    std::cout << "Pricing option on GPU (" << device << ")" << std::endl << std::endl;
    std::cout << "Precision:      " << ((typeid(Real) == typeid(double)) ? "double" : "single") << std::endl;
    std::cout << "Number of sims: " << numSims << std::endl;
    std::cout << std::endl;
    std::cout << "   Spot    |   Strike   |     r      |   sigma    |   tenor    |  Call/Put  |   Value    |  Expected  |" << std::endl;
    std::cout << std::setw(10) << option.spot << " | " << std::setw(10) << option.strike
              << " | " << std::setw(10) << option.r << " | " << std::setw(10) << option.sigma
              << " | " << std::setw(10) << option.tenor << " | "
              << std::setw(10) << (option.type == AsianOption<Real>::Call ? "Call" : "Put")
              << " | " << std::setw(10) << option.value << " | " << std::setw(10) << option.golden
              << " |" << std::endl;
    std::cout << "MonteCarloSingleAsianOptionP, Performance = "
              << numSims / elapsedTime << " sims/s, Time = " << elapsedTime * 1.0e3
              << "(ms), NumDevsUsed = " << 1 << ", Blocksize = " << threadBlockSize << std::endl;

    // Verify
    if (fabs(option.value - option.golden) > 0.1) {
      std::cout << "computed result is more than 0.1 away from the expected value" << std::endl;
      exit(EXIT_FAILURE);
    }
  } catch (std::invalid_argument &e) {
    std::cerr << "Test Failed: " << e.what() << std::endl;
    exit(EXIT_FAILURE);
  } catch (std::runtime_error &e) {
    std::cerr << "Runtime error: " << e.what() << std::endl;
    exit(EXIT_FAILURE);
  }
}

void printHelp(int argc, const char **argv) {
  if (argc > 0) {
    std::cout << std::endl << argv[0] << std::endl << std::endl;
  }
  std::cout << "Arguments:" << std::endl;
  std::cout << "  --device=<device>     Specify device to use for execution" << std::endl;
  std::cout << "  --sims=<N>            Number of simulations" << std::endl;
  std::cout << "  --block-size=<N>      Block size (default 128)" << std::endl;
  std::cout << "  --double              Double precision" << std::endl;
}
