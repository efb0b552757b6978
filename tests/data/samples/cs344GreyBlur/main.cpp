// cs344's main: host buffers, the student's functions, a GpuTimer around them.
#include <cstdio>
#include <vector>
#include "timer.h"
#include "utils.h"

void your_rgba_to_greyscale(const uchar4 *const h_rgbaImage, uchar4 *const d_rgbaImage,
                            unsigned char *const d_greyImage, size_t numRows, size_t numCols);
void allocateMemoryAndCopyToGPU(const size_t numRowsImage, const size_t numColsImage,
                                const float *const h_filter, const size_t filterWidth);
void your_gaussian_blur(const uchar4 *const h_inputImageRGBA, uchar4 *const d_inputImageRGBA,
                        uchar4 *const d_outputImageRGBA, const size_t numRows, const size_t numCols,
                        unsigned char *d_redBlurred, unsigned char *d_greenBlurred,
                        unsigned char *d_blueBlurred, const int filterWidth);
void cleanup();

int main(int argc, char **argv) {
  const size_t numRows = 480, numCols = 640, pixels = numRows * numCols;
  std::vector<uchar4> h_image(pixels, make_uchar4(10, 20, 30, 255));
  uchar4 *d_rgba, *d_out;
  unsigned char *d_grey, *d_r, *d_g, *d_b;
  checkCudaErrors(cudaMalloc(&d_rgba, sizeof(uchar4) * pixels));
  checkCudaErrors(cudaMalloc(&d_out, sizeof(uchar4) * pixels));
  checkCudaErrors(cudaMalloc(&d_grey, pixels));
  checkCudaErrors(cudaMalloc(&d_r, pixels));
  checkCudaErrors(cudaMalloc(&d_g, pixels));
  checkCudaErrors(cudaMalloc(&d_b, pixels));
  checkCudaErrors(cudaMemcpy(d_rgba, h_image.data(), sizeof(uchar4) * pixels, cudaMemcpyHostToDevice));
  const int filterWidth = 9;
  std::vector<float> h_filter(filterWidth * filterWidth, 1.f / (filterWidth * filterWidth));
  allocateMemoryAndCopyToGPU(numRows, numCols, h_filter.data(), filterWidth);

  GpuTimer timer;
  timer.Start();
  your_rgba_to_greyscale(h_image.data(), d_rgba, d_grey, numRows, numCols);
  your_gaussian_blur(h_image.data(), d_rgba, d_out, numRows, numCols, d_r, d_g, d_b, filterWidth);
  timer.Stop();
  cudaDeviceSynchronize(); checkCudaErrors(cudaGetLastError());
  int err = printf("Your code ran in: %f msecs.\n", timer.Elapsed());
  if (err < 0) std::cerr << "Couldn't print timing information! STDOUT Closed!" << std::endl;

  std::vector<unsigned char> h_grey(pixels);
  checkCudaErrors(cudaMemcpy(h_grey.data(), d_grey, pixels, cudaMemcpyDeviceToHost));
  printf("grey[0] = %u\n", h_grey[0]);
  cleanup();
  checkCudaErrors(cudaFree(d_rgba));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_grey));
  checkCudaErrors(cudaFree(d_r));
  checkCudaErrors(cudaFree(d_g));
  checkCudaErrors(cudaFree(d_b));
  return 0;
}
