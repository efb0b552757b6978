#ifndef __CUDA_RENDERER_H__
#define __CUDA_RENDERER_H__

struct Image {
  int width, height;
  float *data;
  Image(int w, int h) : width(w), height(h) { data = new float[4 * w * h]; }
  ~Image() { delete[] data; }
};

class CudaRenderer {
public:
  CudaRenderer();
  virtual ~CudaRenderer();
  const Image *getImage();
  void setup();
  void loadScene(int numCircles);
  void allocOutputImage(int width, int height);
  void clearImage();
  void advanceAnimation();
  void render();

private:
  Image *image;
  int numCircles;
  float *position, *velocity, *color, *radius;
  float *cudaDevicePosition, *cudaDeviceVelocity, *cudaDeviceColor, *cudaDeviceRadius;
  float *cudaDeviceImageData;
};

#endif
