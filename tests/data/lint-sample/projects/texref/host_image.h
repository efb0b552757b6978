// CPU-side image container used by the reference implementation.
#pragma once
#include <vector>

namespace img {
template <typename T, int Dims>
struct texture {
  std::vector<T> texels;
  int extent[Dims];
};
}  // namespace img

struct Scene {
  img::texture<float, 2> heightmap;
  img::texture<unsigned char, 3> occupancy;
};

using namespace img;
static texture<float, 2> reference_input;
