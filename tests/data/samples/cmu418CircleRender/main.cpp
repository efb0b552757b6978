#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "CycleTimer.h"
#include "cudaRenderer.h"

int main(int argc, char **argv) {
  int imageSize = 512, numCircles = 1000;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) imageSize = atoi(argv[++i]);
    else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) numCircles = atoi(argv[++i]);
  }
  CudaRenderer *renderer = new CudaRenderer();
  renderer->allocOutputImage(imageSize, imageSize);
  renderer->loadScene(numCircles);
  renderer->setup();
  double start = CycleTimer::currentSeconds();
  for (int frame = 0; frame < 3; frame++) {
    renderer->clearImage();
    renderer->advanceAnimation();
    renderer->render();
  }
  const Image *img = renderer->getImage();
  double sum = 0;
  for (int i = 0; i < 4 * img->width * img->height; i++) sum += img->data[i];
  printf("checksum %.3f, %.3f ms total\n", sum, 1000.0 * (CycleTimer::currentSeconds() - start));
  delete renderer;
  return 0;
}
