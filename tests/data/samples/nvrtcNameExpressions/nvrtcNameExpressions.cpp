// NVRTC with name expressions: compile a templated kernel and a __device__
// variable at run time, take the lowered (mangled) names, load the CUBIN
// with the driver API and launch with cuLaunchKernel, as the NVRTC guide's
// "Accessing Lowered Names" example does.

#include <cuda.h>
#include <nvrtc.h>
#include <iostream>
#include <string>
#include <vector>

#define NVRTC_SAFE_CALL(x)                                        \
  do {                                                            \
    nvrtcResult result = x;                                       \
    if (result != NVRTC_SUCCESS) {                                \
      std::cerr << "\nerror: " #x " failed with error "           \
                << nvrtcGetErrorString(result) << '\n';           \
      exit(1);                                                    \
    }                                                             \
  } while (0)
#define CUDA_SAFE_CALL(x)                                         \
  do {                                                            \
    CUresult result = x;                                          \
    if (result != CUDA_SUCCESS) {                                 \
      const char *msg;                                            \
      cuGetErrorName(result, &msg);                               \
      std::cerr << "\nerror: " #x " failed with error "           \
                << msg << '\n';                                   \
      exit(1);                                                    \
    }                                                             \
  } while (0)

const char *gpu_program = "                                     \n\
__device__ int V1; // set from host code                         \n\
static __global__ void f1(int *result) { *result = V1 + 10; }    \n\
namespace N1 {                                                   \n\
  namespace N2 {                                                 \n\
     __constant__ int V2; // set from host code                  \n\
     __global__ void f2(int *result) { *result = V2 + 20; }      \n\
    }                                                            \n\
}                                                                \n\
template<typename T>                                             \n\
__global__ void f3(int *result) { *result = sizeof(T); }         \n\
                                                                 \n";

int main() {
  // Create an instance of nvrtcProgram
  nvrtcProgram prog;
  NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog,          // prog
                                     gpu_program,    // buffer
                                     "prog.cu",      // name
                                     0,              // numHeaders
                                     NULL,           // headers
                                     NULL));         // includeNames

  // add all name expressions for kernels
  std::vector<std::string> kernel_name_vec;
  std::vector<std::string> variable_name_vec;
  std::vector<int> variable_initial_value;

  std::vector<int> expected_result;

  // note the name expressions are parsed as constant expressions
  kernel_name_vec.push_back("&f1");
  expected_result.push_back(10 + 100);

  kernel_name_vec.push_back("N1::N2::f2");
  expected_result.push_back(20 + 200);

  kernel_name_vec.push_back("f3<int>");
  expected_result.push_back(sizeof(int));

  kernel_name_vec.push_back("f3<double>");
  expected_result.push_back(sizeof(double));

  // add kernel name expressions to NVRTC. Note this must be done before
  // the program is compiled.
  for (size_t i = 0; i < kernel_name_vec.size(); ++i)
    NVRTC_SAFE_CALL(nvrtcAddNameExpression(prog, kernel_name_vec[i].c_str()));

  // add expressions for  __device__ / __constant__ variables to NVRTC
  variable_name_vec.push_back("&V1");
  variable_initial_value.push_back(100);

  variable_name_vec.push_back("&N1::N2::V2");
  variable_initial_value.push_back(200);

  for (size_t i = 0; i < variable_name_vec.size(); ++i)
    NVRTC_SAFE_CALL(nvrtcAddNameExpression(prog, variable_name_vec[i].c_str()));

  int major = 0, minor = 0;
  NVRTC_SAFE_CALL(nvrtcVersion(&major, &minor));
  const char *opts[] = {"--gpu-architecture=sm_80", "-default-device"};
  nvrtcResult compileResult = nvrtcCompileProgram(prog,  // prog
                                                  2,     // numOptions
                                                  opts); // options
  // Obtain compilation log from the program.
  size_t logSize;
  NVRTC_SAFE_CALL(nvrtcGetProgramLogSize(prog, &logSize));
  char *log = new char[logSize];
  NVRTC_SAFE_CALL(nvrtcGetProgramLog(prog, log));
  std::cout << log << '\n';
  delete[] log;
  if (compileResult != NVRTC_SUCCESS) exit(1);

  // Obtain CUBIN from the program.
  size_t cubinSize;
  NVRTC_SAFE_CALL(nvrtcGetCUBINSize(prog, &cubinSize));
  char *cubin = new char[cubinSize];
  NVRTC_SAFE_CALL(nvrtcGetCUBIN(prog, cubin));

  // Load the generated CUBIN and get a handle to the kernel.
  CUdevice cuDevice;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CUDA_SAFE_CALL(cuInit(0));
  CUDA_SAFE_CALL(cuDeviceGet(&cuDevice, 0));
  CUDA_SAFE_CALL(cuDevicePrimaryCtxRetain(&context, cuDevice));
  CUDA_SAFE_CALL(cuCtxSetCurrent(context));
  CUDA_SAFE_CALL(cuModuleLoadDataEx(&module, cubin, 0, 0, 0));

  // for each of the __device__/__constant__ variable address
  // expressions provided to NVRTC, extract the lowered name for the
  // corresponding variable, and set its value
  for (size_t i = 0; i < variable_name_vec.size(); ++i) {
    const char *name;

    // note: this call must be made after NVRTC program has been
    // compiled and before it has been destroyed.
    NVRTC_SAFE_CALL(nvrtcGetLoweredName(
        prog,
        variable_name_vec[i].c_str(),  // name expression
        &name                          // lowered name
        ));
    int initial_value = variable_initial_value[i];

    // get pointer to variable using lowered name, and set its
    // initial value
    CUdeviceptr variable_addr;
    CUDA_SAFE_CALL(cuModuleGetGlobal(&variable_addr, NULL, module, name));
    CUDA_SAFE_CALL(cuMemcpyHtoD(variable_addr, &initial_value, sizeof(initial_value)));
  }

  CUdeviceptr dResult;
  int hResult = 0;
  CUDA_SAFE_CALL(cuMemAlloc(&dResult, sizeof(hResult)));
  CUDA_SAFE_CALL(cuMemcpyHtoD(dResult, &hResult, sizeof(hResult)));

  // for each of the kernel name expressions previously provided to NVRTC,
  // extract the lowered name for corresponding __global__ function,
  // and launch it.

  for (size_t i = 0; i < kernel_name_vec.size(); ++i) {
    const char *name;

    // note: this call must be made after NVRTC program has been
    // compiled and before it has been destroyed.
    NVRTC_SAFE_CALL(nvrtcGetLoweredName(
        prog,
        kernel_name_vec[i].c_str(),  // name expression
        &name                        // lowered name
        ));

    // get pointer to kernel from loaded PTX
    CUDA_SAFE_CALL(cuModuleGetFunction(&kernel, module, name));

    // launch the kernel
    std::cout << "\nlaunching " << name << " (" << kernel_name_vec[i] << ")"
              << std::endl;

    void *args[] = {&dResult};
    CUDA_SAFE_CALL(cuLaunchKernel(kernel, 1, 1, 1,  // grid dim
                                  1, 1, 1,          // block dim
                                  0, NULL,          // shared mem and stream
                                  args, 0));        // arguments
    CUDA_SAFE_CALL(cuCtxSynchronize());

    // Retrieve the result
    CUDA_SAFE_CALL(cuMemcpyDtoH(&hResult, dResult, sizeof(hResult)));

    // check against expected value
    if (expected_result[i] != hResult) {
      std::cout << "\n Error: expected result = " << expected_result[i]
                << " , actual result = " << hResult << std::endl;
      exit(1);
    }
  }  // for

  // Release resources.
  CUDA_SAFE_CALL(cuMemFree(dResult));
  CUDA_SAFE_CALL(cuModuleUnload(module));
  CUDA_SAFE_CALL(cuDevicePrimaryCtxRelease(cuDevice));

  // Destroy the program. The lowered names pointed to by the name variables
  // are no longer valid after this call.
  NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));
  delete[] cubin;

  std::cout << "\nSuccess!\n";
  return 0;
}
